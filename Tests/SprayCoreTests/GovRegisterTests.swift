// Issue 61: the register from the ministry's real files. The gov.pl workbook (a third layout:
// long Polish headers matched by their meaning, legend rows, marks, packs, "_x000D_" line
// breaks, no uses) and a dataset-550 basic workbook of 2020 whose dates are text, both made in
// their real layouts by Fixtures/register/make-real-layouts.py with invented products.

@testable import FileFormats
import Foundation
import XCTest
import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
@testable import SprayBase
@testable import SprayMix

final class GovRegisterTests: TemporaryDirectoryTestCase {
    private static let fixtures = Bundle.module.url(forResource: "register", withExtension: nil, subdirectory: "Fixtures")!
    private static let gov = fixtures.appendingPathComponent("rejestr_sor_20260720.xlsx")
    private static let basic2020 = fixtures.appendingPathComponent("rejestr-podstawowy-03082020-r.xlsx")
    /// Noon of 25.07.2026 where the test runs (its local day, in any time zone).
    private static let importedAt = Clock.fixed(on: CalendarDate(year: 2026, month: 7, day: 25)!).now

    private func imported(_ url: URL, as name: String? = nil) throws -> RegisterImport {
        try RegisterRelease.read([RegisterFile(name: name ?? url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))],
                                 importedAt: Self.importedAt)
    }

    private func product(_ register: OfficialRegister, _ number: String) throws -> OfficialRegisterProduct {
        try XCTUnwrap(OfficialRegisterIndex(register).product(authorisation: number), number)
    }

    func testTheGovWorkbookIsReadWithEveryProductDateAndPack() throws {
        let read = try imported(Self.gov)
        let register = read.register
        XCTAssertEqual(register.products.count, 10, "the legend rows are not products")
        XCTAssertEqual(read.namelessRows, 0, "nor are they rows left out")
        XCTAssertEqual(register.date, CalendarDate(year: 2026, month: 7, day: 20), "from the file's name")
        XCTAssertEqual(register.useCount, 0)
        XCTAssertTrue(read.givesNoUses)
        XCTAssertEqual(read.lines, [
            "Register of 2026-07-20: 10 products, 0 uses",
            "This register lists products without their uses: crops, doses and BBCH stages are not checked; authorisation numbers and dates are.",
        ])

        let parallel = try product(register, "R-45/2015 h.r.")
        XCTAssertEqual(parallel.name, "Alfazol 250 SC")
        XCTAssertEqual(parallel.kind, "środek grzybobójczy")
        XCTAssertEqual(parallel.holder, "Handel Import Test Sp. z o.o.\nul. Graniczna 5\n60-001 Poznań", "_x000D_ and the line break: one line each")
        XCTAssertEqual(parallel.producer, "Handel Import Test Sp. z o.o.")
        XCTAssertEqual(parallel.substances, "azoksystrobina (związek z grupy strobiluryn) – 250 g/l")
        XCTAssertEqual(parallel.authorisedUntil, CalendarDate(year: 2025, month: 9, day: 5))
        XCTAssertEqual(parallel.saleUntil, CalendarDate(year: 2026, month: 3, day: 5))
        XCTAssertEqual(parallel.useUntil, CalendarDate(year: 2026, month: 9, day: 5))
        XCTAssertEqual(parallel.lastDayOfUse, CalendarDate(year: 2026, month: 9, day: 5))
        XCTAssertEqual(parallel.packsText, "opakowania 1; 5; 10 l HDPE\nopakowania 100 ml HDPE")
        XCTAssertEqual(parallel.packages, [1, 5, 10].map { RegisterPackage(size: $0, unit: .litres) } + [RegisterPackage(size: d("0.1"), unit: .litres)])
        XCTAssertEqual(parallel.referenceProduct, "Alfazol 250 SC")
        XCTAssertEqual(parallel.marks, RegisterMarks(parallelTrade: true))
        XCTAssertEqual(parallel.remarks, "2")

        let marks: [(String, RegisterMarks)] = [
            ("R-101/2019", RegisterMarks()), ("R-9/2016wu", RegisterMarks(organic: true)),
            ("R-5/2016 wu", RegisterMarks(organic: true, microbial: true)), ("R-1/2013 PE", RegisterMarks(minorUse: true, nonProfessional: true)),
            ("R-20/2026", RegisterMarks(emergency120Days: true)), ("R-30/2024", RegisterMarks()),
            ("R-46/2015 h.r", RegisterMarks(organic: true, parallelTrade: true)), ("R-40/2022", RegisterMarks(organic: true)),
        ]
        for (number, expected) in marks { XCTAssertEqual(try product(register, number).marks, expected, number) }
        let packs: [(String, String)] = [("R-101/2019", "0,25; 1; 5; 10 l"), ("R-5/2016 wu", "0,1; 1 kg"), ("R-1/2013 PE", "0,03; 0,05; 0,1; 1 l"),
                                         ("R-31/2024", "0,5; 1; 5 kg"), ("R-46/2015 h.r", "0,25; 1 l"), ("R-40/2022", "1; 5; 200; 1000 l")]
        for (number, summary) in packs {
            XCTAssertEqual(RegisterPackage.summary(try product(register, number).packages ?? [], format: NumberFormat(language: .polish)), summary, number)
        }
        XCTAssertEqual(try product(register, "R-5/2016 wu").holder?.hasPrefix("Bio Przykład S.A.\nul. Łąkowa 7"), true)
        XCTAssertEqual(try product(register, "R-1/2013 PE").holder?.hasPrefix("Firma_x0031_ Ogród Sp. j."), true, "_x005F_ escapes an underscore")

        // Kept, it reads back whole; without the date in its name, the workbook's saved date.
        let kept = path("official-register.bin")
        try OfficialRegisterStore.save(register, to: kept)
        XCTAssertEqual(try OfficialRegisterStore.load(kept)?.products, register.products)
        XCTAssertEqual(try imported(Self.gov, as: "rejestr.xlsx").register.date, CalendarDate(year: 2026, month: 7, day: 20))
    }

    /// A name the register holds twice is told apart by its number in any spelling; the
    /// number shown is the register's.
    func testTheNumberDecidesWhateverItsSpelling() throws {
        let index = OfficialRegisterIndex(try imported(Self.gov).register)
        let july = CalendarDate(year: 2026, month: 9, day: 6)!
        for typed in ["R-45/2015 h.r", "r-45/2015 H.R.", "R-45/2015h.r.", " R-45/2015  h.r. "] {
            guard case let .found(found) = index.match(named: "Alfazol 250 SC", authorisation: typed, on: july) else { return XCTFail(typed) }
            XCTAssertEqual(found.authorisation, "R-45/2015 h.r.", typed)
        }
        let warnings = OfficialRegisterCheck.warnings(products: [ProductUse(name: "Alfazol 250 SC", authorisation: "r-45/2015 h.r", dose: 1, doseUnit: .litres)],
                                                      date: july, crop: nil, bbch: nil, index: index).map(\.text)
        XCTAssertEqual(warnings, ["Alfazol 250 SC may be used until 2026-09-05; the treatment is on 2026-09-06."],
                       "another spelling of its number is no other number")
        XCTAssertEqual(index.search("r-5/2016wu").map(\.name), ["Gamma Bio WP"])
        XCTAssertEqual(index.search("9/2016 WU").map(\.authorisation), ["R-9/2016wu"])
        XCTAssertEqual(index.search("alfazol").map(\.authorisation), ["R-101/2019", "R-45/2015 h.r."])
        XCTAssertEqual(index.search("R-1/2013/PE").map(\.name), ["Delta Ogród 10 EW"])
        XCTAssertEqual(index.search("Ogród").map(\.name), ["Delta Ogród 10 EW"], "a name without a digit is no number")
    }

    func testNumberSpellings() {
        let same: [(String, String)] = [
            ("R-9/2016wu", "R-9/2016 wu"), ("R-45/2015 h.r.", "R-45/2015 h.r"), ("R-45/2015 h.r.", "r-45/2015 H.R."),
            ("R-1/2013 PE", "R-1/2013/PE"), ("R-1/2013 PE", "R-1/2013PE"), ("R-146/2017", " r-146/2017 "), ("R–146/2017", "R-146/2017"),
            ("R-45/2015 h.r.", "R-45/2015h.r."),
        ]
        for (a, b) in same { XCTAssertTrue(AuthorisationNumber.same(a, b), "\(a) = \(b)") }
        let different: [(String, String)] = [
            ("R-5/2016", "R-5/2016 wu"), ("R-45/2015", "R-45/2015 h.r."), ("R-1/2013", "R-1/2013 PE"), ("R-14/2017", "R-146/2017"),
            ("R-146/2017", "R-146/2018"), ("", ""), ("R-1/2013/PE", "R-1/2013/PA"),
        ]
        for (a, b) in different { XCTAssertFalse(AuthorisationNumber.same(a, b), "\(a) ≠ \(b)") }
    }

    /// The 2020 basic workbook: every product keeps its three dates, written as DD-MM-YYYY text;
    /// a product past its use-until date is warned in 2026.
    func testTheBasicWorkbookOf2020KeepsItsTextDates() throws {
        let read = try imported(Self.basic2020)
        let register = read.register
        XCTAssertEqual(register.products.count, 8)
        XCTAssertEqual(register.date, CalendarDate(year: 2020, month: 8, day: 3))
        XCTAssertTrue(read.lacksUses)
        XCTAssertEqual(read.productsWithUnreadableDates.count, 0)
        XCTAssertTrue(register.products.allSatisfy { $0.authorisedUntil != nil })
        let old = try product(register, "R-146/2017")
        XCTAssertEqual([old.authorisedUntil, old.saleUntil, old.useUntil].map { $0?.description },
                       ["2022-06-30", "2022-12-31", "2024-06-30"])
        XCTAssertEqual(old.packages, [RegisterPackage(size: 1, unit: .litres), RegisterPackage(size: 5, unit: .litres)])
        XCTAssertEqual(try product(register, "R-5/2016 wu").packages, [RegisterPackage(size: d("0.1"), unit: .kilograms), RegisterPackage(size: 1, unit: .kilograms)])
        XCTAssertNil(old.marks, "a basic workbook has no marks: unknown, not false")
        let warnings = OfficialRegisterCheck.warnings(products: [ProductUse(name: "Alfazol 250 SC", authorisation: "R-146/2017", dose: 1, doseUnit: .litres)],
                                                      date: CalendarDate(year: 2026, month: 4, day: 14)!, crop: nil, bbch: nil,
                                                      index: OfficialRegisterIndex(register))
        XCTAssertEqual(warnings.map(\.kind), [.pastUseUntil])
    }

    /// Each long header of the gov.pl workbook, and other wordings of it, is its column; the
    /// names of dataset 550 and of the one-sheet register stay theirs.
    func testColumnsByTheirMeaning() {
        typealias Column = RegisterSheet.Column
        let pairs: [(String, Column?)] = [
            ("Nr zezwolenia na dopuszczenie do obrotu środka ochrony roślin", .authorisation),
            ("Numer zezwolenia", .authorisation), ("NrZezw", .authorisation), ("Nr zezwolenia", .authorisation),
            ("Nazwa środka ochrony roślin", .name), ("Nazwa środka\nochrony roślin", .name), ("nazwa", .name),
            ("Rodzaj środka", .kind), ("Rodzaj", .kind),
            ("Nazwa, siedziba i adres podmiotu, który uzyskał zezwolenie", .holder), ("Podmiot, który uzyskał zezwolenie", .holder),
            ("Producent środka", .producer), ("producent_prosty", .producer), ("Producent", .producer),
            ("Zawartość, nazwa zwyczajowa substancji czynnej środka ochrony roślin", .substances), ("Zawartosc_SBCZ_prosty", .substances),
            ("Termin ważności zezwolenia", .authorisedUntil), ("TerminZezw", .authorisedUntil),
            ("Okres na zużycie istniejących zapasów środka ochrony roślin dla sprzedaży i dystrybucji", .saleUntil),
            ("TerminDopSprzedazy", .saleUntil), ("TerminDoSprzedazy", .saleUntil),
            ("Okres na zużycie istniejących zapasów środka ochrony roślin dla unieszkodliwiania, przechowywania i stosowania", .useUntil),
            ("TerminDopuszczenia", .useUntil), ("TerminDoStosowania", .useUntil),
            ("Rodzaje opakowań (rodzaj opakowania, pojemność, materiał)", .packs), ("Op", .packs),
            ("Nazwa środka referencyjnego", .referenceProduct), ("Uwagi", .remarks),
            ("Klasyfikacja w zakresie zagrożeń dla zdrowia człowieka", nil), ("Klasyfikacja w zakresie zagrożeń dla środowiska", nil),
            ("LP", nil), ("lp", nil), ("id_sor", .id), ("uprawa", .crop), ("dawka", .dose), ("termin", .timing),
        ]
        for (header, column) in pairs { XCTAssertEqual(Column.named(header), column, header) }
    }

    /// The marks by the legend the file gives, else by the numbering of 20.07.2026.
    func testMarksByTheFilesLegend() {
        let legend: [(String, (Int, RegisterMarks.Mark?)?)] = [
            ("1 ) PE = zastosowanie małoobszarowe", (1, .minorUse)), ("2 ) h.r. = (handel równoległy) parallel trade", (2, .parallelTrade)),
            ("3 ) środek mikrobiologiczny", (3, .microbial)), ("4 ) zezwolenie wydane na podstawie art. 34", (4, nil)),
            ("5 ) zezwolenie jednorazowe (120 dni)", (5, .emergency120Days)), ("6 ) środek ochrony roślin do produkcji ekologicznej", (6, .organic)),
            ("7) środek dla użytkowników nieprofesjonalnych", (7, .nonProfessional)), ("Uwagi:", nil), ("R-1/2020", nil), ("12 x 5 l", nil),
        ]
        for (text, expected) in legend {
            let entry = RegisterMarks.legendEntry(text)
            XCTAssertEqual(entry?.number, expected?.0, text)
            XCTAssertEqual(entry?.mark, expected?.1, text)
        }
        let other: [Int: RegisterMarks.Mark] = [1: .organic, 9: .parallelTrade]
        XCTAssertEqual(RegisterMarks.read("1, 9", legend: other), RegisterMarks(organic: true, parallelTrade: true))
        XCTAssertEqual(RegisterMarks.read("2,6", legend: RegisterMarks.usualLegend), RegisterMarks(organic: true, parallelTrade: true))
        XCTAssertEqual(RegisterMarks.read("", legend: RegisterMarks.usualLegend), RegisterMarks())
        XCTAssertEqual(RegisterMarks.read("2 zabiegi w sezonie, 6 dni", legend: RegisterMarks.usualLegend), RegisterMarks(),
                       "a remark in words is no list of marks")
    }

    /// Packs as the register writes them: sizes, units (ml → l, g → kg), materials dropped.
    func testPacks() {
        let rows: [(String, String)] = [
            ("opakowania 0,25; 1; 5; 10 l HDPE", "0.25 l, 1 l, 5 l, 10 l"),
            ("opakowania 1; 5; 10 l HDPE\r\nopakowania 100 ml HDPE", "1 l, 5 l, 10 l, 0.1 l"),
            ("0,25 l; 1 l; 5 l", "0.25 l, 1 l, 5 l"), ("1 l, 5 l, 20 l", "1 l, 5 l, 20 l"), ("100 g, 1 kg", "0.1 kg, 1 kg"),
            ("worek papierowy 25 kg", "25 kg"), ("opakowanie 100 g", "0.1 kg"), ("kanister 5L", "5 l"), ("butelka 500 ml PET/PA", "0.5 l"),
            ("10 x 1 l", "1 l"), ("5 dm³", "5 l"), ("1000 l IBC", "1000 l"), ("opakowania 1,5; 3 l COEX", "1.5 l, 3 l"),
            ("5 szt. 1 l", "1 l"), ("HDPE", ""), ("", ""), ("opakowania 1; 1 l", "1 l"),
        ]
        for (text, expected) in rows {
            XCTAssertEqual(RegisterPackage.read(text).map { "\($0.size) \($0.unit.rawValue)" }.joined(separator: ", "), expected, text)
        }
    }

    /// `_xHHHH_` (ECMA-376 ST_Xstring) in shared and inline strings alike.
    func testEscapedCharactersOfAWorkbook() throws {
        let rows: [(String, String)] = [
            ("a_x000D_\nb", "a\r\nb"), ("_x005F_x000D_", "_x000D_"), ("x_x0041_y", "xAy"), ("_xD83D__xDE00_", "😀"), ("_xD83D_", "_xD83D_"),
            ("_x00zz_", "_x00zz_"), ("_x000", "_x000"), ("plain", "plain"), ("a_x005f_b", "a_b"),
        ]
        for (written, text) in rows { XCTAssertEqual(XLSXReader.unescaped(written), text, written) }
        let sheet = "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c><c r=\"B1\" t=\"inlineStr\"><is><t>R_x002D_1_x000D_\n</t></is></c></row>"
        let zip = ZipWriter.archive([
            ("xl/workbook.xml", Array("<workbook><sheets><sheet name=\"A\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>".utf8)),
            ("xl/_rels/workbook.xml.rels", Array("<Relationships><Relationship Id=\"rId1\" Target=\"worksheets/sheet1.xml\"/></Relationships>".utf8)),
            ("xl/sharedStrings.xml", Array("<sst><si><t>Pole_x0020_A</t></si></sst>".utf8)),
            ("xl/worksheets/sheet1.xml", Array(("<worksheet><sheetData>" + sheet + "</sheetData></worksheet>").utf8)),
        ])
        let table = try SpreadsheetFile.read(zip, name: "x.xlsx")
        XCTAssertEqual(table.rows, [[.text("Pole A"), .text("R-1\r\n")]])
    }

    /// Dates in every form the ministry used; one that cannot be read is kept as written.
    func testDateForms() {
        let day = RegisterDate.day(CalendarDate(year: 2022, month: 12, day: 31)!)
        let rows: [(SheetCell, RegisterDate)] = [
            (.date(SheetDate(year: 2022, month: 12, day: 31)!), day), (.number(44926), day), (.number(d("44926.5")), day),
            (.text("44926"), day), (.text("31-12-2022"), day), (.text("31.12.2022"), day), (.text("2022-12-31"), day),
            (.text("31.12.2022 r."), day), (.text("31.12.2022r."), day), (.text("31-12-2022 r"), day), (.text(" 2022-12-31 00:00:00 "), day),
            (.text("2022-12-31T00:00:00"), day), (.text("31.12.2022 r. "), day), (.text("1.2.2023"), .day(CalendarDate(year: 2023, month: 2, day: 1)!)),
            (.empty, .none), (.text(""), .none), (.text(" - "), .none), (.text("—"), .none),
            (.text("31-13-2022"), .unreadable("31-13-2022")), (.text("31.12.22"), .unreadable("31.12.22")),
            (.text("bezterminowo"), .unreadable("bezterminowo")), (.text("2022-12-31 r. zmiana"), .unreadable("2022-12-31 r. zmiana")),
            (.text("29.02.2023"), .unreadable("29.02.2023")), (.text("31.12.10000"), .unreadable("31.12.10000")),
            (.text("00.01.1900"), .unreadable("00.01.1900")), (.number(2024), .unreadable("2024")), (.number(2_958_466), .unreadable("2958466")),
            (.number(-693_594), .unreadable("-693594")), (.text("NaN"), .unreadable("NaN")), (.percent(5), .unreadable("5 %")),
        ]
        for (cell, date) in rows { XCTAssertEqual(RegisterDate(cell), date, "\(cell)") }
    }

    /// A date of the basic workbook that cannot be read is never dropped in silence: the
    /// import counts and names the first few, the product's last day of use is unknown (not
    /// current), and a check that needs it says so.
    func testAnUnreadableDateIsSaidNotDropped() throws {
        var rows: [[HostileNumbers.Cell]] = [["id_sor", "nazwa", "NrZezw", "TerminZezw", "TerminDopSprzedazy", "TerminDopuszczenia"].map { .text($0) }]
        for number in 1...7 {
            rows.append([.text("{\(number)}"), .text("Produkt \(number)"), .text("R-\(number)/2020"), .text("31-12-2030"), .empty,
                         .text(number == 1 ? "31.12.2026" : "3\(number)-12-2026")])
        }
        let read = try RegisterRelease.read([RegisterFile(name: "rejestr-podstawowy-03082020-r.xlsx", bytes: HostileNumbers.workbook(rows: rows))],
                                            importedAt: Self.importedAt)
        XCTAssertEqual(read.productsWithUnreadableDates.map(\.name), (2...7).map { "Produkt \($0)" })
        XCTAssertTrue(read.lines.contains("6 products have a date that cannot be read: Produkt 2 R-2/2020 “32-12-2026”; Produkt 3 R-3/2020 “33-12-2026”; "
            + "Produkt 4 R-4/2020 “34-12-2026”; Produkt 5 R-5/2020 “35-12-2026”; Produkt 6 R-6/2020 “36-12-2026” and 1 more. "
            + "Their dates are unknown, not current: check their labels."), "\(read.lines)")
        let unknown = try product(read.register, "R-2/2020")
        XCTAssertNil(unknown.lastDayOfUse, "not the authorisation's end in its place")
        XCTAssertEqual(unknown.unreadableLastDayOfUse, "32-12-2026")
        XCTAssertEqual(try product(read.register, "R-1/2020").lastDayOfUse, CalendarDate(year: 2026, month: 12, day: 31))
        let warnings = OfficialRegisterCheck.warnings(products: [ProductUse(name: "Produkt 2", authorisation: "", dose: 1, doseUnit: .litres)],
                                                      date: CalendarDate(year: 2026, month: 4, day: 14)!, crop: nil, bbch: nil,
                                                      index: OfficialRegisterIndex(read.register))
        XCTAssertEqual(warnings.map(\.text), ["Produkt 2: the register's date of use for this product cannot be read (“32-12-2026”); check its label."])
    }
}
