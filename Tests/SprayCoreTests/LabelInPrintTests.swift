// What the farm's library puts on paper: the sprayer's setting in the job report, and the
// pre-harvest interval in the job report printed from a record and in the printed register.

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

final class LabelInPrintTests: XCTestCase {
    private let details = TreatmentDetails(
        date: CalendarDate(year: 2026, month: 5, day: 20)!, parcel: "Działka 7", treatedSize: 4,
        crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"),
        products: [ProductUse(name: "Herbicyd", authorisation: "R-12/2024", dose: d("1.5"), doseUnit: .kilograms, preHarvestDays: 60)],
        reason: "chwasty", operatorName: "Jan Kowalski")

    func testTheReportSaysTheCalibratedSprayersSetting() throws {
        let plan = try TankMixEngine.plan(JobInput(area: 4, sprayRate: 200, tankCapacity: 2500, products: [ProductInput(rate: 1)])).get()
        let sprayer = LibrarySprayer(name: "Pilmet", tankCapacity: 2500, nozzleSpacing: d("0.5"), nozzle: .size03,
                                     calibration: SprayerCalibration(flowPerNozzle: d("1.2"), speed: d("7.2"), pressure: 3,
                                                                     date: CalendarDate(year: 2026, month: 4, day: 2)!))
        let rows = inPolish { ReportDocument(plan: plan, time: reportTime, language: .polish, sprayer: sprayer).parameters }
        XCTAssertEqual(rows[3].label, "Opryskiwacz")
        XCTAssertEqual(plain(rows[3].value), "Pilmet · rozpylacz 03 (niebieski) · 7,2 km/h · 3 bar · 1,2 l/min na rozpylacz · kalibracja 02.04.2026")
        XCTAssertFalse(ReportDocument(plan: plan, time: reportTime, language: .english).parameters.contains { $0.label == "Sprayer" },
                       "no sprayer, no row")
    }

    func testTheRecordsReportAndThePrintedRegisterSayWhenHarvestMayStart() throws {
        let record = treatmentRecord(details)
        let values = inPolish { ReportDocument.recordValues(of: record, language: .polish) }
        XCTAssertTrue(values.contains(FactRow(label: "Karencja", value: "Zbiór nie wcześniej niż 19.07.2026")), "\(values)")
        let entry = RegisterDocument.entry(record, number: 1, text: RecordText(language: .english))
        XCTAssertEqual(entry.rows[0][RegisterColumn.crop.rawValue], "pszenica ozima\nTRZAW\nHarvest not before 2026-07-19")
    }
}
