// The one path every record takes (RecordDraft → RecordStore.add): doses and sizes by type
// of use (never relabelled), dose × size = quantity used, the fertiliser and adjuvant
// rules, records relabelled by older versions shown as needing a correction, duplicates
// and one treatment on several fields saved in one write.

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

final class RecordDraftTests: XCTestCase {
    func testSizesAndDosesConvertOnlyBetweenBasesThatMeasureTheSameThing() {
        let rows: [(from: DoseBasis, to: DoseBasis, size: String?, dose: String?)] = [
            (.hectare, .hectare, "3", "5"),
            (.hectare, .squareMetre, "30000", "0.0005"),
            (.squareMetre, .hectare, "0.0003", "50000"),
            (.tonne, .kilogram, "3000", "0.005"),
            (.kilogram, .tonne, "0.003", "5000"),
            (.hectare, .cubicMetre, nil, nil),
            (.squareMetre, .cubicMetre, nil, nil),
            (.hectare, .tonne, nil, nil),
            (.cubicMetre, .kilogram, nil, nil),
        ]
        for row in rows {
            XCTAssertEqual(row.from.convert(size: 3, to: row.to), row.size.map(d), "\(row.from) → \(row.to) size")
            XCTAssertEqual(row.from.convert(dose: 5, to: row.to), row.dose.map(d), "\(row.from) → \(row.to) dose")
        }
        for use in TypeOfUse.allCases {
            for basis in DoseBasis.choices(for: use) {
                let size = basis.convert(size: 3, to: basis)!, dose = basis.convert(dose: 5, to: basis)!
                XCTAssertEqual(size * dose, 15, "dose × size = quantity per \(basis)")
            }
        }
    }

    func testQuantityUsedIsDoseTimesSize() {
        let rows: [(use: TypeOfUse, basis: DoseBasis, size: String, dose: String?, quantity: String?, stored: (String, String)?)] = [
            (.surface, .hectare, "4.2", "1.25", nil, ("1.25", "5.25")),
            (.closedSpace, .cubicMetre, "300", "5", nil, ("5", "1500")),
            (.closedSpace, .squareMetre, "120", "0.5", nil, ("0.5", "60")),
            (.seeds, .tonne, "2.5", "200", nil, ("200", "500")),
            (.seeds, .kilogram, "800", "0.2", nil, ("0.2", "160")),
            (.surface, .hectare, "4", nil, "3", ("0.75", "3")),
            (.surface, .hectare, "3.47", "0.8", "2.8", ("0.8", "2.8")),
        ]
        for row in rows {
            let details = TreatmentDetails(use: row.use, date: CalendarDate(year: 2026, month: 4, day: 14)!, treatedSize: d(row.size),
                                           basis: row.basis, products: [ProductUse(name: "X", dose: row.dose.map(d), doseUnit: .grams,
                                                                                   quantityUsed: row.quantity.map(d))])
            let stored = RecordDraft(details: details).stored.products[0]
            XCTAssertEqual(stored.dose, row.stored.map { d($0.0) }, "\(row)")
            XCTAssertEqual(stored.quantityUsed, row.stored.map { d($0.1) }, "\(row)")
            XCTAssertEqual(RecordDraft(details: details).problems, [], "typed from paper, rounded: \(row)")
        }
        var wrong = completeDetails()
        wrong.products[0].quantityUsed = 6
        XCTAssertEqual(RecordDraft(details: wrong).problems, [RecordProblem(.quantityUsed, product: 0,
            "dose × size treated is 5.25: correct the dose, the size or this quantity, or leave it empty")])
    }

    func testOnlyAPlantProtectionProductNeedsItsAuthorisation() {
        var details = completeDetails()
        details.products.append(ProductUse(name: "Nawóz dolistny", kind: .notPlantProtection, dose: 2, doseUnit: .litres))
        XCTAssertEqual(RecordCompleteness.missing(in: details), [], "a fertiliser in the tank never makes a record incomplete")
        details.products[1].kind = .adjuvant
        details.products[1].authorisation = ""
        XCTAssertEqual(RecordCompleteness.missing(in: details), [], "an adjuvant's number is recorded when known")
        XCTAssertEqual(RecordCompleteness.warnings(in: details).map { $0.title(in: details) }, ["Authorisation number of Adiuwant"])
        details.products[1].kind = .plantProtection
        XCTAssertEqual(RecordCompleteness.missing(in: details).map(\.code), ["authorisation[2]"])
        XCTAssertEqual(ProductKind(.fertiliser), .notPlantProtection)
        XCTAssertEqual(ProductKind(.adjuvant), .adjuvant)
        XCTAssertEqual(ProductKind(.wg), .plantProtection)
        XCTAssertEqual(ProductKind(nil), .plantProtection)
    }

    func testAPlansRateRecordedUnderAnotherBasisNeedsACorrection() {
        let plan = JobInput(area: 300, areaUnit: .squareMetres, sprayRate: 100, tankCapacity: 10,
                            products: [ProductInput(name: "Fumigant", rate: 5, unit: .gramsPerHectare)])
        var details = TreatmentDetails(use: .closedSpace, date: CalendarDate(year: 2026, month: 4, day: 14)!, parcel: "Magazyn",
                                       basis: .squareMetre, products: [ProductUse(name: "Fumigant", authorisation: "R-1/2020", dose: 5,
                                                                                  doseUnit: .grams, quantityUsed: d("0.15"))],
                                       reason: "wołek zbożowy")
        details.treatedSize = 300
        let relabelled = TreatmentRecord(details: details, createdAt: Clock.system.now, calculation: plan)
        XCTAssertEqual(relabelled.status, .incomplete)
        XCTAssertEqual(RecordCompleteness.missing(in: relabelled).map(\.code), ["doseBasis[1]"])
        var corrected = relabelled
        corrected.details.products[0].dose = d("0.0005")
        XCTAssertEqual(corrected.status, .complete)
        var surface = relabelled
        surface.details.use = .surface
        surface.details.basis = .hectare
        surface.details.crop = CropChoice(eppoCode: "TRZAW", name: "pszenica ozima")
        XCTAssertEqual(surface.status, .complete, "per ha in a surface record is what the plan gave")
    }
}

final class RecordDraftStoreTests: TemporaryDirectoryTestCase {
    private let april = Date(timeIntervalSince1970: 1_776_148_200)  // 2026-04-14T06:30:00Z

    func testOneTreatmentOnSeveralFieldsIsOneWriteOfOneRecordPerField() throws {
        let fields = [
            LibraryField(name: "Za stodołą", area: d("4.2"), parcelIDs: ["141201_1.0001.123/4"],
                         crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima")),
            LibraryField(name: "Pod lasem", area: d("2.5"), crop: CropChoice(eppoCode: "HORVS", name: "jęczmień jary")),
            LibraryField(name: "Łąka", area: 1),
        ]
        var details = completeDetails()
        for index in details.products.indices { details.products[index].quantityUsed = nil }
        let drafts = RecordDraft(details: details, planID: UUID()).onFields(fields)
        let store = RecordStore(file: path("records.json"))
        let saved = try store.add(drafts, at: april)
        XCTAssertEqual(saved.map(\.details.parcel), ["Za stodołą", "Pod lasem", "Łąka"])
        XCTAssertEqual(saved.map(\.details.treatedSize), [d("4.2"), d("2.5"), 1])
        XCTAssertEqual(saved.map(\.details.crop?.eppoCode), ["TRZAW", "HORVS", "TRZAW"], "a field without a crop keeps the form's")
        XCTAssertEqual(saved.map { $0.details.products[0].quantityUsed }, [d("5.25"), d("3.125"), d("1.25")])
        XCTAssertEqual(saved.map { $0.planID != nil }, [true, false, false], "the plan is recorded once")
        XCTAssertEqual(Set(saved.map(\.id)).count, 3)
        XCTAssertEqual(RecordStore(file: path("records.json")).records.count, 3)
        XCTAssertEqual(store.dailyCopies.count, 0, "no copy of an empty register: it was one write")

        var wrong = details
        wrong.products[0].quantityUsed = 99
        XCTAssertThrowsError(try store.add([RecordDraft(details: details), RecordDraft(details: wrong)], at: april)) { error in
            XCTAssertEqual(error as? RecordError,
                           .invalidDraft(RecordDraft(details: wrong).problems[0].text(in: wrong)))
        }
        XCTAssertEqual(RecordStore(file: path("records.json")).records.count, 3, "none of a refused batch is saved")
    }

    func testADuplicateIsEverythingButTheIdTheTrailAndTheDate() throws {
        let store = RecordStore(file: path("records.json"))
        let original = try store.add([RecordDraft(details: completeDetails(), planID: UUID())], at: april)[0]
        try store.correct(id: original.id, to: { var d = completeDetails(); d.notes = "poprawione"; return d }(), note: "uwagi", at: april)
        let source = store.record(id: original.id)!
        let may = CalendarDate(year: 2026, month: 5, day: 2)!
        let copy = try store.add([RecordDraft.duplicate(of: source, on: may)], at: april)[0]
        XCTAssertNotEqual(copy.id, source.id)
        XCTAssertEqual(copy.details.date, may)
        var expected = source.details
        expected.date = may
        XCTAssertEqual(copy.details, expected)
        XCTAssertEqual(copy.corrections, [])
        XCTAssertNil(copy.planID, "a duplicate records no plan of its own")
    }
}
