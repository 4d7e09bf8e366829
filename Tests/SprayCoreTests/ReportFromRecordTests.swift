// The job report printed from a treatment record: its record section carries the record's
// values (when, where, crop, reason, operator, each product's authorisation and dose, status)
// instead of blank lines; without a record the blank lines stay.

import CatalogTestSupport
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

final class ReportFromRecordTests: XCTestCase {
    func testTheRecordSectionCarriesTheRecord() throws {
        var details = completeDetails()
        details.reason = "septorioza liści"
        var withdrawn = treatmentRecord(details, withdrawn: "pomyłka")
        withdrawn.details.notes = ""
        let rows: [(TreatmentRecord, Language, [FactRow])] = [
            (treatmentRecord(details), .english, [
                FactRow(label: "Date and start time", value: "2026-04-14, 06:30"),
                FactRow(label: "Parcel or place", value: "Działka 7 „za stodołą”, 141201_1.0001.123/4, 141201_1.0001.124, 50% of the parcel"),
                FactRow(label: "Size treated", value: "4.2 ha"),
                FactRow(label: "Crop", value: "pszenica ozima, TRZAW · BBCH 31"),
                FactRow(label: "Reason", value: "septorioza liści"),
                FactRow(label: "Operator", value: "Łukasz Nowak"),
                FactRow(label: "Fungicyd Ś", value: "authorisation R-12/2024, dose 1.25 l/ha"),
                FactRow(label: "Adiuwant", value: "authorisation R-3/2021, dose 200 ml/ha"),
                FactRow(label: "Notes", value: "wiatr 2 m/s; 12 °C"),
            ]),
            (withdrawn, .polish, [
                FactRow(label: "Data i godzina rozpoczęcia", value: "14.04.2026, 06:30"),
                FactRow(label: "Działka lub miejsce", value: "Działka 7 „za stodołą”, 141201_1.0001.123/4, 141201_1.0001.124, 50% działki"),
                FactRow(label: "Wielkość obszaru", value: "4,2 ha"),
                FactRow(label: "Uprawa", value: "pszenica ozima, TRZAW · BBCH 31"),
                FactRow(label: "Przyczyna", value: "septorioza liści"),
                FactRow(label: "Wykonawca", value: "Łukasz Nowak"),
                FactRow(label: "Fungicyd Ś", value: "nr zezwolenia R-12/2024, dawka 1,25 l/ha"),
                FactRow(label: "Adiuwant", value: "nr zezwolenia R-3/2021, dawka 200 ml/ha"),
                FactRow(label: "Status", value: "WYCOFANY — 14.04.2026: pomyłka"),
            ]),
        ]
        for (record, language, expected) in rows {
            let plan = try seedPlan()
            let document = language == .polish
                ? inPolish { ReportDocument(plan: plan, time: reportTime, language: .polish, record: record) }
                : ReportDocument(plan: plan, time: reportTime, language: .english, record: record)
            XCTAssertEqual(document.recordValues.map { FactRow(label: $0.label, value: plain($0.value)) }, expected)
            let texts = ReportLayoutEngine(measurer: FakeMeasurer()).layout(document).pages.flatMap(\.texts)
            XCTAssertTrue(texts.contains("R-12/2024") || texts.contains { $0.contains("R-12/2024") })
            XCTAssertFalse(texts.contains(document.recordFields[0]), "no blank lines to fill in")
        }
        let blank = ReportDocument(plan: try seedPlan(), time: reportTime, language: .english)
        XCTAssertEqual(blank.recordValues, [])
        XCTAssertTrue(ReportLayoutEngine(measurer: FakeMeasurer()).layout(blank).pages.flatMap(\.texts).contains("Field / plot"))
    }

    func testAnIncompleteRecordSaysWhatIsMissing() throws {
        let details = TreatmentDetails(date: CalendarDate(year: 2026, month: 6, day: 1)!, parcel: "Łąka", treatedSize: 3,
                                       products: [ProductUse(name: "Herbicyd", dose: 3, doseUnit: .litres)])
        let document = ReportDocument(plan: try seedPlan(), time: reportTime, language: .english, record: treatmentRecord(details))
        XCTAssertEqual(document.recordValues.last.map { plain($0.value) },
                       "INCOMPLETE — missing: Crop (EPPO code), Authorisation number of Herbicyd, Reason")
        XCTAssertEqual(document.recordValues.first { $0.label == "Herbicyd" }?.value.replacing("\u{00A0}", with: " "),
                       "authorisation —, dose 3 l/ha")
    }
}
