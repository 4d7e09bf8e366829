// The calibration engine as tables of worked examples: the four-quantity formula and its
// inverses, the pressure law against the ISO chart, the catch test and the per-tank figures.

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

final class CalibrationTests: XCTestCase {
    // Sprayer setting: the notes' worked examples, each solved for every quantity in turn.
    private let settings: [(String, rate: String, flow: String, speed: String, spacing: String)] = [
        ("1: 1.3 l/min, 7.8 km/h, 0.5 m", "200", "1.3", "7.8", "0.5"),
        ("2: a 3 m boom of 12 nozzles (Zupan)", "408", "12.24", "6", "3"),
        ("3: 300 l/ha at 5 km/h", "300", "1.25", "5", "0.5"),
        ("5: size 025 at 3 bar", "200", "1", "6", "0.5"),
    ]

    func testEveryQuantityIsComputedExactlyFromTheOtherThree() {
        for (name, rate, flow, speed, spacing) in settings {
            let full = SprayerSetting(rate: d(rate), flow: d(flow), speed: d(speed), spacing: d(spacing))
            for missing in CalibrationQuantity.allCases {
                var known: [CalibrationQuantity: Decimal] = [:]
                for quantity in CalibrationQuantity.allCases where quantity != missing { known[quantity] = full[quantity] }
                XCTAssertEqual(SprayerSetting.solving(missing, from: known), full, "example \(name), \(missing) computed")
            }
        }
    }

    func testExampleFourIsRoundedOnlyForReading() {
        // 190 l/ha, 10 km/h, 50 cm → 190 × 10 × 50 ÷ 60 000 = 1.58(3) l/min, size 04 at about 3 bar.
        let setting = SprayerSetting.solving(.flow, from: [.rate: 190, .speed: 10, .spacing: d("0.5")])
        XCTAssertEqual(setting.flow.rounded(fractionDigits: 10), d("1.5833333333"))
        XCTAssertEqual(withLanguage(.polish) { CalibrationQuantity.flow.formatted(setting.flow) }, "1,58\u{00A0}l/min")
        XCTAssertEqual(NozzleSize.nearest(toFlow: setting.flow), .size04)
        XCTAssertEqual(NozzleSize.size04.pressure(forFlow: setting.flow).rounded(fractionDigits: 2), d("2.94"))
    }

    // Pressure: p = 3 × (q ÷ q at 3 bar)².
    func testPressureLaw() {
        let rows: [(NozzleSize, flow: String, pressure: String)] = [
            (.size02, "1", "4.6875"),        // example 5: 4.69 bar
            (.size025, "1", "3"),            // …or size 025 at 3 bar
            (.size02, "0.8", "3"),
            (.size02, "1.6", "12"),          // double the flow: four times the pressure
            (.size04, "0.8", "0.75"),        // half the flow: a quarter of the pressure
            (.size03, "1.25", "3.2552083333"),     // not a finite decimal: compared to 10 places
        ]
        for (size, flow, pressure) in rows {
            XCTAssertEqual(size.pressure(forFlow: d(flow)).rounded(fractionDigits: 10), d(pressure), "\(size.rawValue) at \(flow) l/min")
        }
        XCTAssertEqual(NozzleSize.size02.flow(atPressure: d("4.6875")), 1, accuracy: 1e-12)
    }

    func testWorkingRangeAndTheSuggestedSize() {
        let rows: [(NozzleSize, flow: String, inRange: Bool, suggestion: NozzleSize?)] = [
            (.size02, "1", true, nil),                // 4.69 bar
            (.size02, "1.25", false, .size03),        // 7.3 bar: 03 gives 1.2 at 3 bar
            (.size04, "0.8", false, .size02),         // 0.75 bar
            (.size01, "0.4", true, nil),
            (.size015, "0.4", false, .size01),        // 1.33 bar
            (.size025, "0.6", false, .size015),
            (.size08, "3.2", true, nil),
            (.size08, "6", false, nil),               // nothing bigger on the chart
        ]
        for (size, flow, inRange, suggestion) in rows {
            let advice = NozzlePressure(size: size, flow: d(flow))
            XCTAssertEqual(advice.isInWorkingRange, inRange, "\(size.rawValue) at \(flow)")
            XCTAssertEqual(advice.suggestion, suggestion, "\(size.rawValue) at \(flow)")
            XCTAssertEqual(advice.warning() == nil, inRange)
        }
        XCTAssertTrue(WorkingRange.contains(d("1.5")))
        XCTAssertTrue(WorkingRange.contains(5))
        XCTAssertFalse(WorkingRange.contains(d("5.01")))
        XCTAssertEqual(withLanguage(.polish) { WorkingRange.text() }, "1,5–5\u{00A0}bar")
        XCTAssertEqual(NozzlePressure(size: .size02, flow: d("1.25")).warning(),
                       "7.32\u{00A0}bar is outside 1.5–5\u{00A0}bar, the usual working range of a standard flat-fan nozzle "
                       + "(check the maker’s chart). Size 03 (blue) gives 1.2\u{00A0}l/min at 3 bar.")
    }

    // The chart: ISO 10625 colours and flows at 3 bar.
    func testChartColoursAndFlows() {
        let chart: [(String, String, String)] = [
            ("01", "orange", "0.4"), ("015", "green", "0.6"), ("02", "yellow", "0.8"), ("025", "lilac", "1"),
            ("03", "blue", "1.2"), ("035", "burgundy", "1.4"), ("04", "red", "1.6"), ("05", "brown", "2"),
            ("06", "grey", "2.4"), ("08", "white", "3.2"),
        ]
        XCTAssertEqual(NozzleSize.allCases.map(\.rawValue), chart.map(\.0))
        for (code, colour, flow) in chart {
            let size = NozzleSize(parsing: " \(code) ")!
            XCTAssertEqual(size.colourName, colour)
            XCTAssertEqual(size.chartFlow, d(flow))
            XCTAssertEqual(size.pressure(forFlow: d(flow)), 3)
            XCTAssertTrue(size.colourHex.hasPrefix("#") && size.colourHex.count == 7)
        }
        XCTAssertEqual(Set(NozzleSize.allCases.map(\.colourHex)).count, 10, "every size its own swatch")
        XCTAssertNil(NozzleSize(parsing: "09"))
        XCTAssertNil(NozzleSize(parsing: "2"))
        XCTAssertEqual(NozzleSize.nearest(toFlow: d("0.7")), .size015, "the smaller of two equally near")
        XCTAssertEqual(NozzleSize.nearest(toFlow: 1), .size025)
    }

    // Catch test: q = ml × 60 ÷ (1000 × s); beyond ±10 % of the chart or the mean: replace.
    func testCatchTestFlowsAndDeviations() {
        let test = CatchTest(seconds: 60, millilitres: [1180, 1210, 1350, 1195, 1065], nozzle: .size03)
        XCTAssertEqual(test.flows, [d("1.18"), d("1.21"), d("1.35"), d("1.195"), d("1.065")])
        XCTAssertEqual(test.meanFlow, d("1.2"))
        let readings = test.readings
        XCTAssertEqual(readings.map { ($0.deviationFromChart! * 100).rounded(fractionDigits: 4) },
                       [d("-1.6667"), d("0.8333"), d("12.5"), d("-0.4167"), d("-11.25")])
        XCTAssertEqual(readings.map { ($0.deviationFromMean * 100).rounded(fractionDigits: 4) },
                       [d("-1.6667"), d("0.8333"), d("12.5"), d("-0.4167"), d("-11.25")], "the mean is the chart flow here")
        XCTAssertEqual(readings.map(\.needsReplacing), [false, false, true, false, true])
        XCTAssertEqual(test.nozzlesToReplace, [3, 5])
        XCTAssertEqual(CatchTest.flow(millilitres: 500, seconds: 30), 1)
    }

    func testTheTenPercentRule() {
        // Against the chart (1 l/min for 025): exactly ±10 % is kept, beyond it is not.
        let rows: [(ml: String, replace: Bool)] = [("550", false), ("450", false), ("551", true), ("449", true), ("500", false)]
        for (ml, replace) in rows {
            let reading = CatchTest(seconds: 30, millilitres: [d(ml)], nozzle: .size025).readings[0]
            XCTAssertEqual(reading.needsReplacing, replace, "\(ml) ml in 30 s")
        }
        // Without a size, only the mean counts: 100 against a mean of 112.5 is 11.1 % off.
        let test = CatchTest(seconds: 30, millilitres: [100, 120, 115, 115])
        XCTAssertNil(test.readings[0].deviationFromChart)
        XCTAssertEqual(test.nozzlesToReplace, [1])
        XCTAssertEqual(withLanguage(.polish) { test.readings[0].deviationFromMean.signedPercent() }, "−11,1\u{00A0}%")
        XCTAssertEqual(d("0.004").signedPercent(), "+0.4\u{00A0}%")
        XCTAssertEqual(Decimal(0).signedPercent(), "0\u{00A0}%")
    }

    func testVolumesAreSplitByCommasOrSemicolons() {
        let rows: [(String, [String])] = [
            ("480, 510, 495", ["480", "510", "495"]),
            ("480,5; 510", ["480,5", "510"]),
            ("480\n510\n", ["480", "510"]),
            (" 480 ,, 510 ", ["480", "510"]),
            ("", []),
        ]
        for (text, parts) in rows { XCTAssertEqual(CatchTest.splitVolumes(text), parts, text) }
    }

    // Per tank: hectares = tank ÷ rate; metres = hectares × 10 000 ÷ working width.
    func testTankReach() {
        XCTAssertEqual(TankReach(tank: 2500, rate: 200, width: 24), TankReach(hectares: d("12.5"), metres: d("5208.3333333333333333333333333333333333")))
        XCTAssertEqual(TankReach(tank: 800, rate: 200, width: 20).metres, 2000)
        XCTAssertNil(TankReach(tank: 800, rate: 200, width: nil).metres)
    }
}

extension TankReach {
    init(hectares: Decimal, metres: Decimal?) {
        self.init(tank: 1, rate: 1, width: nil)
        self.hectares = hectares
        self.metres = metres
    }
}
