// The ministry's register of products offline: the same register from its workbook (dates as
// dates and as text), an .ods and a CSV in UTF-8 and Windows-1250 (Fixtures/register, made by
// make-fixtures.sh); the dose and timing texts read as a table; a search that ignores case and
// Polish letters; the kept file smaller than the workbook; each warning of a treatment.

import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class OfficialRegisterTests: TemporaryDirectoryTestCase {
    private func fixture(_ name: String) throws -> [UInt8] {
        let url = try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/register"))
        return Array(try Data(contentsOf: url))
    }

    private static let importedAt = Date(timeIntervalSince1970: 1_790_000_000)
    /// A one-sheet workbook names no release: it is dated by the day of its import (here, in any time zone).
    private static let importDay = LocalTime.dateTime(at: importedAt).date

    private func read(_ name: String) throws -> OfficialRegister {
        try OfficialRegister.read(try fixture(name), source: name, importedAt: Self.importedAt)
    }

    func testEveryFileOfTheRegisterReadsToTheSameProducts() throws {
        let expected = try read("rejestr.csv")
        XCTAssertEqual(expected.products.map(\.name), ["Adiuwant Olejowy", "Azyl 250 SC", "Chwastox Trio 540 SL", "Łąkowiec 100 EC",
                                                       "Mospilan Plus 20 SP", "Zaprawa Żółta"], "by name, Ł beside L")
        XCTAssertEqual(expected.useCount, 8)
        XCTAssertEqual(expected.date, Self.importDay, "never the newest date of its rows (2031-12-31)")
        let mospilan = try XCTUnwrap(expected.products.first { $0.authorisation == "R-33/2015" })
        XCTAssertEqual([mospilan.authorisedUntil, mospilan.saleUntil, mospilan.useUntil].map { $0?.description },
                       ["2025-12-31", "2025-06-30", "2026-02-28"])
        XCTAssertEqual(mospilan.uses.first?.eppo, "BRSNW", "the catalogue's code for rzepak ozimy")
        for name in ["rejestr.xlsx", "rejestr-dates-as-text.xlsx", "rejestr.ods", "rejestr-windows-1250.csv"] {
            XCTAssertEqual(try read(name).products, expected.products, name)
        }
    }

    func testAFileWithoutTheProductColumnsIsRefused() {
        let sheet = Array("nazwa;uprawa\nAzyl;pszenica\n".utf8)
        XCTAssertThrowsError(try OfficialRegister.read(sheet, source: "x.csv", importedAt: Clock.system.now)) {
            XCTAssertEqual($0 as? OfficialRegisterImportError, .missingColumns(["NrZezw"]))
        }
        XCTAssertThrowsError(try OfficialRegister.read(Array("a;b\n1;2\n".utf8), source: "x.csv", importedAt: Clock.system.now)) {
            XCTAssertEqual($0 as? OfficialRegisterImportError, .missingColumns(["nazwa", "NrZezw"]))
        }
    }

    func testDoseTexts() {
        let rows: [(String, String?)] = [
            ("Maksymalna /zalecana dawka dla jednorazowego zastosowania: 1,0 l/ha.", "1 l/ha"),
            ("Zalecana dawka: 1,0-1,5 l/ha. Maksymalna dawka dla jednorazowego zastosowania: 1,5 l/ha", "1.5 l/ha"),
            ("Maksymalna dawka: 20 g/ha", "20 g/ha"),
            ("Zalecana dawka: 1,0 - 1,5 l/ha", "1.5 l/ha"),
            ("Dawka: 200–300 ml/ha", "300 ml/ha"),
            ("Zalecana dawka: 0,75 kg/ha. Maksymalna dawka: 1 kg/ha", "1 kg/ha"),
            ("dawka 2.5 l/ha", "2.5 l/ha"),
            ("Maksymalna dawka: 0,3 l/100 l wody", nil),
            ("zgodnie z etykietą", nil),
            ("", nil),
            ("Stosować 3 razy w sezonie, maksymalna dawka 1,2 l/ha", "1.2 l/ha"),
        ]
        for (text, expected) in rows {
            let read = OfficialRegisterText.maxDose(text).map { "\($0.value) \($0.unit.rawValue)" }
            XCTAssertEqual(read, expected, text)
        }
    }

    func testTimingTexts() {
        let rows: [(String, Int?, Int?)] = [
            ("Środek stosować od początku fazy strzelania w źdźbło do końca fazy kwitnienia (BBCH 31-69).", 31, 69),
            ("Od fazy 3 liści do fazy 2 kolanka (BBCH 13 – BBCH 32).", 13, 32),
            ("(BBCH 51–59)", 51, 59),
            ("do BBCH 29", nil, 29),
            ("wiosną, od BBCH 13", 13, nil),
            ("w fazie BBCH 30", 30, 30),
            ("przed siewem", nil, nil),
            ("BBCH 69-31", 69, 69),
            ("BBCH 123", nil, nil),
        ]
        for (text, from, to) in rows {
            let range = OfficialRegisterText.bbchRange(text)
            XCTAssertEqual(range.from, from, text)
            XCTAssertEqual(range.to, to, text)
        }
    }

    func testSearchIgnoresCaseAndPolishLetters() throws {
        let index = OfficialRegisterIndex(try read("rejestr.csv"))
        XCTAssertEqual(index.search("azyl").map(\.name), ["Azyl 250 SC"])
        XCTAssertEqual(index.search("CHWASTOX").map(\.name), ["Chwastox Trio 540 SL"])
        XCTAssertEqual(index.search("lakowiec").map(\.name), ["Łąkowiec 100 EC"])
        XCTAssertEqual(index.search("zolta").map(\.name), ["Zaprawa Żółta"])
        XCTAssertEqual(index.search("", crop: "BRSNW").map(\.name), ["Azyl 250 SC", "Mospilan Plus 20 SP"])
        XCTAssertEqual(index.search("", crop: "rzepak").map(\.name), ["Azyl 250 SC", "Mospilan Plus 20 SP"])
        XCTAssertEqual(index.product(named: "azyl 250 sc")?.authorisation, "R-146/2017")
        XCTAssertNil(index.product(named: "Azyl"))
        XCTAssertEqual(index.names(completing: "a").prefix(2), ["Adiuwant Olejowy", "Azyl 250 SC"], "names that start so, first")
        XCTAssertEqual(index.names(completing: "trio"), ["Chwastox Trio 540 SL"])
    }

    func testTheKeptRegisterIsSmallerThanTheWorkbookAndReadsBack() throws {
        let register = try read("rejestr.xlsx")
        let file = path("official-register.bin")
        XCTAssertNil(try OfficialRegisterStore.load(file), "none imported yet")
        try OfficialRegisterStore.save(register, to: file)
        XCTAssertEqual(try OfficialRegisterStore.load(file), register)
        XCTAssertLessThan(try Data(contentsOf: file).count, try fixture("rejestr.xlsx").count)
        // A newer format or a damaged file is said, not read as something else.
        var bytes = try Data(contentsOf: file)
        bytes.replaceSubrange(0..<(OfficialRegisterStore.format.utf8.count + 2), with: Data((OfficialRegisterStore.format + " 9").utf8))
        try bytes.write(to: file)
        XCTAssertThrowsError(try OfficialRegisterStore.load(file)) { XCTAssertEqual($0 as? OfficialRegisterStore.Problem, .newerVersion(9)) }
        try Data("kalkulator-oprysku/official-register 1 99999\nnot deflate".utf8).write(to: file)
        XCTAssertThrowsError(try OfficialRegisterStore.load(file)) { XCTAssertEqual($0 as? OfficialRegisterStore.Problem, .damaged(file.path)) }
        XCTAssertTrue(try OfficialRegisterStore.remove(file))
        XCTAssertFalse(try OfficialRegisterStore.remove(file))
    }

    func testEachWarningOfATreatment() throws {
        let index = OfficialRegisterIndex(try read("rejestr.csv"))
        let wheat = CropCatalog.crop(code: "TRZAW")!.choice(in: .english)
        func warnings(_ product: ProductUse, date: String = "2026-04-14", crop: CropChoice? = wheat, bbch: String? = "31") -> [String] {
            OfficialRegisterCheck.warnings(products: [product], date: CalendarDate(parsing: date)!, crop: crop, bbch: bbch, index: index).map(\.text)
        }
        XCTAssertEqual(warnings(ProductUse(name: "Azyl 250 SC", authorisation: "R-146/2017", dose: d("1.5"), doseUnit: .litres)), [],
                       "as the register allows")
        XCTAssertEqual(warnings(ProductUse(name: "Nieznany", dose: 1, doseUnit: .litres)), ["Nieznany is not in the register of \(Self.importDay)."])
        XCTAssertEqual(warnings(ProductUse(name: "azyl 250 sc", authorisation: "R-101/2020", dose: 1, doseUnit: .litres)),
                       ["azyl 250 sc: the authorisation number is not R-101/2020; the register gives R-146/2017."])
        XCTAssertEqual(warnings(ProductUse(name: "Azyl 250 SC", dose: d("1600"), doseUnit: .millilitres)),
                       ["Azyl 250 SC: 1,600 ml/ha is above the register's largest dose for winter wheat, 1,500 ml/ha."])
        XCTAssertEqual(warnings(ProductUse(name: "Azyl 250 SC", dose: 1, doseUnit: .litres), bbch: "71"),
                       ["Azyl 250 SC: BBCH 71 is outside the stages the register gives for winter wheat (BBCH 31–69)."])
        XCTAssertEqual(warnings(ProductUse(name: "Mospilan Plus 20 SP", dose: 100, doseUnit: .grams),
                                crop: CropCatalog.crop(code: "BRSNW")!.choice(in: .english), bbch: "55"),
                       ["Mospilan Plus 20 SP may be used until 2026-02-28; the treatment is on 2026-04-14."])
        XCTAssertEqual(warnings(ProductUse(name: "Mospilan Plus 20 SP", dose: 100, doseUnit: .grams), date: "2026-02-28",
                                crop: CropCatalog.crop(code: "BRSNW")!.choice(in: .english), bbch: "55"), [], "on its last day")
        XCTAssertEqual(warnings(ProductUse(name: "Chwastox Trio 540 SL", dose: 2, doseUnit: .litres),
                                crop: CropCatalog.crop(code: "ZEAMX")!.choice(in: .english), bbch: nil),
                       ["Chwastox Trio 540 SL is not authorised for maize (corn) in the register of \(Self.importDay)."])
        XCTAssertEqual(warnings(ProductUse(name: "Nawóz", kind: .notPlantProtection, dose: 1, doseUnit: .litres)), [], "not a PPP")
    }

    func testTheCalculatorAndTheFormWarnBeforeSprayingAndInTheRecord() throws {
        let register = try read("rejestr.csv")
        let farmFolder: URL = directory
        try MainActor.assumeIsolated {
            let index = OfficialRegisterIndex(register)
            let farm = Farm.inFolder(farmFolder, clock: .fixed(on: CalendarDate(year: 2026, month: 4, day: 14)!))
            let calculator = CalculatorViewModel(farm: farm)
            var library = Library()
            let field = LibraryField(name: "Za stodołą", area: 4, crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"))
            library.fields = [field]
            XCTAssertNoThrow(try farm.with(library))
            calculator.pickField(id: field.id)
            calculator.setText("200", for: .sprayRate)
            calculator.setText("1000", for: .tankCapacity)
            calculator.setText("Azyl 250 SC", for: .productName(0))
            calculator.setText("2", for: .productRate(0))
            @MainActor func warnings() -> [String] { (try? calculator.outcome.get())?.warnings.map(\.message) ?? ["no plan"] }
            XCTAssertEqual(warnings(), [], "not read yet: nothing said")
            farm.register = index
            XCTAssertEqual(warnings(), ["Azyl 250 SC: 2 l/ha is above the register's largest dose for pszenica ozima, 1.5 l/ha."])

            let form = RecordFormViewModel(details: completeDetails(), farm: farm)
            XCTAssertEqual(form.warningText, "Note: Fungicyd Ś is not in the register of \(Self.importDay).\nNote: Adiuwant is not in the register of \(Self.importDay).")
            form.setText("", for: .productAuthorisation(1))
            form.setText("Adiuwant Olejowy", for: .productName(1))
            XCTAssertEqual(form.text(of: .productAuthorisation(1)), "R-5/2020", "the register's number filled in")
            XCTAssertEqual(form.products[1].kind, .adjuvant)
            XCTAssertEqual(calculator.productNames.prefix(2), ["Adiuwant Olejowy", "Azyl 250 SC"], "names complete from the register")
        }
    }

    func testTheGridAndTheTreatmentRegisterUseTheRegister() throws {
        let register = OfficialRegisterIndex(try read("rejestr.csv"))
        let directory: URL = path("")
        try MainActor.assumeIsolated {
            let farm = try Farm.inFolder(directory, library: Library(), register: register, clock: .fixed(on: CalendarDate(year: 2026, month: 11, day: 25)!))
            let records = farm.records
            let grid = TranscriptionViewModel(farm: farm)
            XCTAssertTrue(grid.completions(for: .product).contains("Łąkowiec 100 EC"), "names complete from the register")
            grid.setText("14.04.2026", row: 0, column: .date)
            grid.setText("Pole", row: 0, column: .field)
            grid.setText("rzepak ozimy", row: 0, column: .crop)
            grid.setText("Mospilan Plus 20 SP", row: 0, column: .product)
            XCTAssertEqual(grid.text(row: 0, column: .authorisation), "R-33/2015", "the register's number filled in")
            grid.setText("100", row: 0, column: .dose)
            grid.setText("g/ha", row: 0, column: .unit)
            grid.setText("4", row: 0, column: .size)
            grid.setText("słodyszek", row: 0, column: .reason)
            XCTAssertEqual(grid.registerWarnings, ["In row 1: Forbidden: Mospilan Plus 20 SP may be used until 2026-02-28; the treatment is on 2026-04-14."])
            XCTAssertTrue(grid.save(), "a warning holds nothing back")

            let treatments = RegisterViewModel(farm: farm)
            let row = treatments.row(for: records.records[0])
            XCTAssertTrue(row.statusText.contains("✖ Mospilan Plus 20 SP may be used until 2026-02-28"), row.statusText)
        }
    }

    func testAddToLibraryMakesAProductOfTheRegisters() throws {
        let index = OfficialRegisterIndex(try read("rejestr.csv"))
        XCTAssertEqual(index.product(named: "Azyl 250 SC")?.libraryProduct().formulation, .sc)
        let mospilan = try XCTUnwrap(index.product(named: "Mospilan Plus 20 SP")?.libraryProduct())
        XCTAssertEqual([mospilan.authorisation, mospilan.unit.rawValue], ["R-33/2015", "g/ha"])
        XCTAssertEqual(mospilan.maximumRate, 120)
        XCTAssertEqual(mospilan.formulation, .sp)
        XCTAssertEqual(index.product(named: "Adiuwant Olejowy")?.libraryProduct().formulation, .adjuvant)
        XCTAssertNil(index.product(named: "Zaprawa Żółta")?.libraryProduct().maximumRate, "no dose the text gives")
        let farmFolder: URL = directory
        try MainActor.assumeIsolated {
            let model = LibraryViewModel(farm: Farm.inFolder(farmFolder))
            XCTAssertEqual(model.registerMatches("azyl"), [], "no register read: nothing found")
            model.readRegisterStatus(index)
            XCTAssertEqual(model.registerMatches("LĄKOWIEC").map(\.title), ["Łąkowiec 100 EC"])
            XCTAssertTrue(try model.addFromRegister(named: "łąkowiec 100 ec"))
            XCTAssertFalse(try model.addFromRegister(named: "Łąkowiec 100 EC"), "already in the library")
            XCTAssertEqual(model.rows(of: .product).map(\.title), ["Łąkowiec 100 EC"])
        }
    }

    /// Two products of one name (parallel-trade permits): "Delta" R-3/2020 usable until
    /// 2026-01-01 and at most 1 l/ha, "Delta" R-4/2020 valid and at most 2 l/ha. The number
    /// tells them apart; without one, the date does when only one may be used on it; the
    /// checks are those of the product meant (its dose, its last day).
    func testProductsSharingANameAreToldApartByTheirNumber() throws {
        func delta(_ number: String, until: String?, authorised: String, largest: String) -> OfficialRegisterProduct {
            OfficialRegisterProduct(name: "Delta", authorisation: number, kind: "Fungicyd", substances: "",
                              authorisedUntil: CalendarDate(parsing: authorised), saleUntil: nil,
                              useUntil: until.flatMap(CalendarDate.init(parsing:)),
                              uses: [OfficialRegisterUse(crop: "pszenica ozima", eppo: "TRZAW", pests: "", doseText: "", maxDose: d(largest),
                                                   doseUnit: .litresPerHectare, timing: "", bbchFrom: nil, bbchTo: nil)])
        }
        let index = OfficialRegisterIndex(OfficialRegister(date: nil, importedAt: Clock.system.now, source: "test", products: [
            delta("R-3/2020", until: "2026-01-01", authorised: "2030-12-31", largest: "1"),
            delta("R-4/2020", until: nil, authorised: "2031-12-31", largest: "2"),
        ]))
        let wheat = CropCatalog.crop(code: "TRZAW")!.choice(in: .english)
        let lapsed = "Delta may be used until 2026-01-01; the treatment is on 2026-04-14."
        let aboveR3 = "Delta: 1.5 l/ha is above the register's largest dose for winter wheat, 1 l/ha."
        let table: [(number: String, date: String, matched: String?, warnings: [String])] = [
            ("", "2026-04-14", "R-4/2020", []),
            ("R-4/2020", "2026-04-14", "R-4/2020", []),
            (" r-4/2020 ", "2026-04-14", "R-4/2020", []),
            ("R-3/2020", "2026-04-14", "R-3/2020", [lapsed, aboveR3]),
            ("R-3/2020", "2025-06-10", "R-3/2020", [aboveR3]),
            ("", "2025-06-10", nil, ["Delta: the register has several products of this name (R-3/2020, R-4/2020); give its authorisation number."]),
            ("", "2031-12-31", "R-4/2020", []),
            // Neither may be used any more: whichever it is, the one usable the longest says so.
            ("", "2032-01-01", "R-4/2020", ["Delta may be used until 2031-12-31; the treatment is on 2032-01-01."]),
            ("R-9/2020", "2026-04-14", nil, ["Delta: the authorisation number is not R-9/2020; the register gives R-3/2020, R-4/2020."]),
        ]
        for row in table {
            let date = try XCTUnwrap(CalendarDate(parsing: row.date))
            let label = "\(row.number.debugDescription) on \(row.date)"
            switch index.match(named: "delta", authorisation: row.number, on: date) {
            case let .found(product): XCTAssertEqual(product.authorisation, row.matched, label)
            case let .ambiguous(products):
                XCTAssertNil(row.matched, label)
                XCTAssertEqual(products.map(\.authorisation), ["R-3/2020", "R-4/2020"], label)
            case .notInRegister: XCTFail(label)
            }
            let product = ProductUse(name: "Delta", authorisation: row.number, dose: d("1.5"), doseUnit: .litres)
            XCTAssertEqual(OfficialRegisterCheck.warnings(products: [product], date: date, crop: wheat, bbch: nil, index: index).map(\.text), row.warnings, label)
        }
        XCTAssertEqual(index.match(named: "Gamma", authorisation: "", on: CalendarDate(parsing: "2026-04-14")!), .notInRegister)
        XCTAssertEqual(index.products(named: " DELTA ").count, 2)
    }
}
