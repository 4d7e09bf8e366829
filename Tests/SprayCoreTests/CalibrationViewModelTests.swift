// The calibration window's behaviour without GTK: which quantity is computed, the messages
// naming their field, the chart's pressures and advice, the catch test, what would be saved.

import CatalogTestSupport
import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import FoundationEssentials
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class CalibrationViewModelTests: XCTestCase {
    func testThreeFieldsFilledComputeTheFourth() {
        MainActor.assumeIsolated { Self.threeFieldsComputeTheFourth() }
    }

    @MainActor
    private static func threeFieldsComputeTheFourth() {
        let model = CalibrationViewModel()
        var changes = 0
        model.onChange = { _ in changes += 1 }
        XCTAssertEqual(model.settingStatus, "Fill in three of the four: the fourth is computed.")
        model.setText("1,3", for: .quantity(.flow))
        model.setText("7,8", for: .quantity(.speed))
        XCTAssertNil(model.computedQuantity)
        model.setText("0,5", for: .quantity(.spacing))
        XCTAssertEqual(changes, 3, "every keystroke recomputes")
        XCTAssertEqual(model.computedQuantity, .rate)
        XCTAssertEqual(model.setting, SprayerSetting(rate: 200, flow: d("1.3"), speed: d("7.8"), spacing: d("0.5")))
        XCTAssertEqual(withLanguage(.polish) { model.text(of: .quantity(.rate)) }, "200")
        XCTAssertEqual(withLanguage(.polish) { model.settingStatus }, "Spray volume: 200\u{00A0}l/ha")

        // Emptying another field moves the computation there.
        model.setText("", for: .quantity(.speed))
        model.setText("200", for: .quantity(.rate))
        XCTAssertEqual(model.computedQuantity, .speed)
        XCTAssertEqual(model.text(of: .quantity(.speed)), "7.8")
        model.setText("8", for: .quantity(.speed))
        XCTAssertNil(model.computedQuantity)
        XCTAssertEqual(model.settingStatus, "Leave one of the four empty: it is computed from the other three.")
    }

    func testProblemsNameTheirField() {
        MainActor.assumeIsolated {
            let model = CalibrationViewModel()
            model.setText("300", for: .quantity(.rate))
            model.setText("0", for: .quantity(.speed))
            model.setText("pół", for: .quantity(.spacing))
            XCTAssertEqual(model.problem(for: .quantity(.speed)), "must be greater than 0")
            XCTAssertNil(model.problem(for: .quantity(.flow)), "not typed in: no problem yet")
            XCTAssertEqual(model.problems, ["Speed: must be greater than 0", "Nozzle spacing: not a number (write e.g. 1,5 or 1.5)"])
            XCTAssertEqual(model.computedQuantity, .flow)
            XCTAssertNil(model.setting)
            XCTAssertEqual(model.settingStatus, "Correct the values above to compute the flow per nozzle.")
            model.setText("", for: .quantity(.speed))
            XCTAssertNil(model.problem(for: .quantity(.speed)), "an emptied field is not an error")
        }
    }

    func testChartShowsThePressureOfTheChosenSize() {
        MainActor.assumeIsolated {
            let model = CalibrationViewModel(texts: [.quantity(.rate): "300", .quantity(.speed): "5", .quantity(.spacing): "0,5"])
            XCTAssertEqual(model.wantedFlow, d("1.25"))
            let rows = model.chartRows
            XCTAssertEqual(rows.map(\.code), NozzleSize.allCases.map(\.rawValue))
            XCTAssertEqual(rows[2].pressure, "7.32\u{00A0}bar")
            XCTAssertEqual(rows.map(\.isInWorkingRange), [false, false, false, true, true, true, true, false, false, false])
            XCTAssertNil(model.nozzleAdvice)
            model.selectNozzle(.size02)
            XCTAssertEqual(model.nozzleAdvice, "Size 02 (yellow) gives 1.25\u{00A0}l/min at 7.32\u{00A0}bar.")
            XCTAssertTrue(model.nozzleWarning?.hasSuffix("Size 03 (blue) gives 1.2\u{00A0}l/min at 3 bar.") == true)
            model.selectNozzle(.size03)
            XCTAssertEqual(model.nozzleAdvice, "Size 03 (blue) gives 1.25\u{00A0}l/min at 3.26\u{00A0}bar.")
            XCTAssertNil(model.nozzleWarning)

            // Example 5 in Polish: 02 needs 4,69 bar for 1 l/min.
            let polish = CalibrationViewModel(texts: [.quantity(.flow): "1,0"], nozzle: .size02)
            XCTAssertEqual(inPolish { polish.nozzleAdvice }, "Rozmiar 02 (żółty) daje 1\u{00A0}l/min przy 4,69\u{00A0}bar.")
        }
    }

    func testCatchTestRowsAndTheMeasuredFlow() {
        MainActor.assumeIsolated {
            let model = CalibrationViewModel(texts: [.quantity(.rate): "200", .quantity(.speed): "6", .quantity(.spacing): "0,5"],
                                             nozzle: .size025)
            XCTAssertEqual(model.catchRows, [])
            model.setText("30", for: .seconds)
            model.setText("480, 510, 580", for: .volumes)
            let rows = model.catchRows
            XCTAssertEqual(rows.map(\.number), ["1", "2", "3"])
            XCTAssertEqual(rows.map(\.flow), ["0.96\u{00A0}l/min", "1.02\u{00A0}l/min", "1.16\u{00A0}l/min"])
            XCTAssertEqual(rows.map(\.fromChart), ["−4\u{00A0}%", "+2\u{00A0}%", "+16\u{00A0}%"])
            XCTAssertEqual(rows.map(\.verdict), ["OK", "OK", "replace"])
            XCTAssertEqual(model.catchSummary, "Mean flow of 3 nozzles: 1.047\u{00A0}l/min. Chart flow of size 025 (lilac): 1\u{00A0}l/min. "
                           + "Replace nozzle 3: it is more than ±10\u{00A0}% off.")
            XCTAssertEqual(inPolish { model.catchSummary }, "Średni wydatek 3 rozpylaczy: 1,047\u{00A0}l/min. Wydatek z tabeli dla rozmiaru 025 (liliowy): 1\u{00A0}l/min. "
                           + "Wymień rozpylacz 3: odbiega o więcej niż ±10\u{00A0}%.")

            // The mean becomes the flow; the spray volume is then what the sprayer really gives.
            XCTAssertTrue(model.canUseMeasuredFlow)
            var refills = 0
            model.onChange = { if $0 == .fields { refills += 1 } }
            model.useMeasuredFlow()
            XCTAssertEqual(refills, 1)
            XCTAssertEqual(model.text(of: .quantity(.flow)), "1.047")
            XCTAssertEqual(model.computedQuantity, .rate)
            XCTAssertEqual(model.text(of: .quantity(.rate)), "209.4")

            model.setText("480; x", for: .volumes)
            XCTAssertEqual(model.problem(for: .volumes), "nozzle 2 (“x”): not a number (write e.g. 1,5 or 1.5)")
            XCTAssertNil(model.catchTest)
            XCTAssertFalse(model.canUseMeasuredFlow)
        }
    }

    func testCalibrationToSave() {
        MainActor.assumeIsolated {
            let day = CalendarDate(year: 2026, month: 4, day: 14)!
            let model = CalibrationViewModel(texts: [.quantity(.rate): "200", .quantity(.speed): "6", .quantity(.spacing): "0,5"])
            XCTAssertEqual(model.calibration(on: day), SprayerCalibration(flowPerNozzle: 1, speed: 6, pressure: nil, date: day))
            model.selectNozzle(.size02)
            XCTAssertEqual(model.calibration(on: day)?.pressure, d("4.6875"))
            model.setText("60", for: .seconds)
            model.setText("1100, 1000, 900", for: .volumes)
            XCTAssertEqual(model.calibration(on: day), SprayerCalibration(flowPerNozzle: 1, speed: 6, pressure: d("4.6875"), date: day),
                           "the catch test's mean is what is saved")

            XCTAssertFalse(model.offersSaving)
            XCTAssertFalse(model.canSave(on: day), "nowhere to save without a sprayer")
            var saved: [SprayerCalibration] = []
            model.onSave = { saved.append($0) }
            XCTAssertTrue(model.canSave(on: day))
            XCTAssertTrue(model.save(on: day))
            XCTAssertEqual(saved.map(\.flowPerNozzle), [1])
            XCTAssertNil(CalibrationViewModel().calibration(on: day), "no flow, no speed: nothing to save")
        }
    }

    func testPerTank() {
        MainActor.assumeIsolated {
            let model = CalibrationViewModel(texts: [.quantity(.flow): "1,3", .quantity(.speed): "7,8", .quantity(.spacing): "0,5"])
            XCTAssertNil(model.tankReach)
            model.setText("2500", for: .tank)
            XCTAssertEqual(model.reachText, "One tank covers 12.5\u{00A0}ha.")
            model.setText("24", for: .width)
            XCTAssertEqual(inPolish { model.reachText }, "Jeden zbiornik starcza na 12,5\u{00A0}ha. To 5208\u{00A0}m jazdy z całą belką.")
        }
    }
}
