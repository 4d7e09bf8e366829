// Which fields a type of use holds is one rule (RecordRules.records): a crop and its stage
// on a surface, a seed batch for seed, neither in a closed space. Each door that is told the
// use keeps only those; a record that arrives whole with another is kept and marked.

@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import FileFormats
import FoundationEssentials
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class FieldsPerUseTests: XCTestCase {
    private let wheat = CropCatalog.crop(code: "TRZAW")!.choice(in: .english)

    func testTheRuleAsATable() {
        let rows: [(TypeOfUse, crop: Bool, bbch: Bool, seedBatch: Bool)] = [
            (.surface, true, true, false),
            (.seeds, false, false, true),
            (.closedSpace, false, false, false),
        ]
        for row in rows {
            XCTAssertEqual(RecordRules.records(.crop, for: row.0), row.crop, "\(row.0)")
            XCTAssertEqual(RecordRules.records(.bbch, for: row.0), row.bbch, "\(row.0)")
            XCTAssertEqual(RecordRules.records(.seedBatch, for: row.0), row.seedBatch, "\(row.0)")
            let details = TreatmentDetails(use: row.0, date: CalendarDate(year: 2026, month: 4, day: 14)!, basis: DoseBasis.choices(for: row.0)[0],
                                           crop: wheat, bbch: "31", seedBatch: "P-1")
            let fitted = RecordRules.fitted(details)
            XCTAssertEqual(fitted.crop != nil, row.crop, "\(row.0)")
            XCTAssertEqual(fitted.bbch != nil, row.bbch, "\(row.0)")
            XCTAssertEqual(fitted.seedBatch != nil, row.seedBatch, "\(row.0)")
            // Kept whole, as from another computer, the fields of another use are marked.
            let marked = Set(RecordRules.problems(in: details, today: CalendarDate(year: 2026, month: 11, day: 1)!)
                .filter { $0.message == "a record of this type of use has no such field" }.map(\.field.field))
            XCTAssertEqual(marked, Set([(RecordField.crop, !row.crop), (.bbch, !row.bbch), (.seedBatch, !row.seedBatch)].filter(\.1).map(\.0)),
                           "\(row.0)")
            XCTAssertTrue(RecordRules.problems(in: fitted, today: CalendarDate(year: 2026, month: 11, day: 1)!).allSatisfy {
                $0.message != "a record of this type of use has no such field"
            }, "\(row.0)")
        }
    }

    func testAFieldOfTheLibraryGivesItsCropOnlyToASurface() {
        let field = LibraryField(name: "Pole", area: 4, crop: wheat)
        for use in TypeOfUse.allCases {
            var details = TreatmentDetails(use: use, date: CalendarDate(year: 2026, month: 4, day: 14)!, basis: DoseBasis.choices(for: use)[0])
            FarmLists.place(&details, on: field, treated: true)
            XCTAssertEqual(details.crop != nil, use == .surface, "\(use)")
        }
    }

    @MainActor func testTheFormKeepsOnlyTheFieldsOfItsUse() async throws {
        let farm = Farm.inFolder(FileManager.default.temporaryDirectory.appendingPathComponent("fields-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: farm.locations.recordsFile.deletingLastPathComponent()) }
        let form = RecordFormViewModel(details: TreatmentDetails(date: CalendarDate(year: 2026, month: 4, day: 14)!, crop: wheat, bbch: "31"), farm: farm)
        XCTAssertEqual(form.details.crop, wheat)
        form.setUse(.seeds)
        form.setText("P-1", for: .seedBatch)
        XCTAssertNil(form.details.crop)
        XCTAssertNil(form.details.bbch)
        XCTAssertEqual(form.details.seedBatch, "P-1")
        form.setUse(.closedSpace)
        XCTAssertNil(form.details.seedBatch)
    }

    func testASpreadsheetRowOfAnotherUseLeavesTheCropColumn() throws {
        let sheet = """
            Data;Rodzaj zastosowania;Działka;Powierzchnia;Roślina;Faza BBCH;Partia nasion;Nazwa środka;Dawka;Przyczyna
            14.04.2026;powierzchnia;Pole;4;pszenica ozima;31;P-1;Topsin;1 l/ha;mączniak
            15.04.2026;zaprawianie nasion;Magazyn;2;pszenica ozima;31;P-1;Zaprawa;200 ml/t;zgorzel

            """
        let table = try SpreadsheetFile.read(Array(sheet.utf8), name: "zabiegi.csv")
        let reading = SpreadsheetImport(table: table, season: 2026).read()
        XCTAssertEqual(reading.skipped.map(\.message), [])
        let drafts = reading.drafts.map(\.draft.details)
        XCTAssertEqual(drafts.map(\.use), [.surface, .seeds])
        XCTAssertEqual(drafts.map { $0.crop?.eppoCode }, ["TRZAW", nil])
        XCTAssertEqual(drafts.map(\.bbch), ["31", nil])
        XCTAssertEqual(drafts.map(\.seedBatch), [nil, "P-1"])
    }
}
