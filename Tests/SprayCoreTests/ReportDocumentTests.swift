// The report's content, built from a plan: what a farmer reads on the printed page.

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

/// The report time the tests use: Saturday 21 November 2026, 15:04 UTC.
let reportTime = ReportTime(epochSeconds: 1_795_273_440)

func seedPlan(_ strategy: LoadStrategy = .full, products: [ProductInput] = [ProductInput(rate: 15)]) throws -> TankMixPlan {
    try TankMixEngine.plan(JobInput(area: 15, sprayRate: 150, tankCapacity: 800, products: products, strategy: strategy)).get()
}

/// Text as the tests write it: non-breaking spaces as plain ones.
func plain(_ text: String) -> String { text.replacing("\u{00A0}", with: " ") }
func plain(_ rows: [[String]]) -> [[String]] { rows.map { $0.map(plain) } }

final class ReportDocumentTests: XCTestCase {
    func testSeedExampleInEnglish() throws {
        let document = ReportDocument(plan: try seedPlan(), time: reportTime, language: .english)
        XCTAssertEqual(document.title, "Spray plan")
        XCTAssertEqual(document.dateTime, "21 Nov 2026, 15:04")
        XCTAssertEqual(document.keyFigures.map(\.label), ["Working liquid", "Water", "Tank loads"])
        XCTAssertEqual(document.keyFigures.map { plain($0.value) }, ["2,250 l", "2,025 l", "2 full tanks\n+ 1 partial tank"])
        XCTAssertEqual(document.parameters.map { [$0.label, plain($0.value)] }, [
            ["Field area", "15 ha"], ["Spray volume", "150 l/ha"], ["Tank capacity", "800 l"],
            ["Filling", "Full tanks, then one partial"],
            ["Mixing order", "1. Half a tank of water, agitator on  →  2. Product (type unknown)  →  "
                + "3. The rest of the water\nJar test, in 1 l of water: Product 100 ml"],
        ])
        XCTAssertEqual(document.footerNote, "Where a product label gives another order, follow the label.")
        let loads = document.loads
        XCTAssertEqual(loads.heading, "What goes into each tank")
        XCTAssertEqual(loads.columns.map(plain), ["Ingredient", "Rate", "Full tank\n2 × 800 l", "Partial tank\n1 × 650 l", "Whole job"])
        XCTAssertEqual(plain(loads.rows), [["Water", "", "720 l", "585 l", "2,025 l"], ["Product", "15 l/ha", "80 l", "65 l", "225 l"],
                                           ["Working liquid", "150 l/ha", "800 l", "650 l", "2,250 l"]])
        XCTAssertEqual(loads.emphasizedRows, [2])
        XCTAssertEqual(loads.emphasizedColumns, [4], "the whole job's amounts are what to buy")
        XCTAssertEqual(loads.checkboxes, [CheckboxLine(label: "Done — full tanks:", count: 2), CheckboxLine(label: "Done — partial tank:", count: 1)])

        XCTAssertEqual(document.warnings, [])
        XCTAssertEqual(document.recordFields, ["Field / plot", "Crop", "Date of treatment", "Operator"])
        XCTAssertEqual(document.footer, "Spray Calculator " + AppInfo.version)
        XCTAssertEqual(document.pageLabelTemplate.filled("1", "2"), "Page 1 of 2")
    }

    func testPolishNumbersAndDate() throws {
        let document = try withLanguage(.polish) { ReportDocument(plan: try seedPlan(), time: reportTime) }
        XCTAssertEqual(document.language, .polish)
        XCTAssertEqual(document.dateTime, "21.11.2026, 15:04")
        XCTAssertEqual(document.keyFigures.map { plain($0.value) }.prefix(2), ["2250 l", "2025 l"])
        XCTAssertEqual(document.loads.rows[0].map(plain), ["Water", "", "720 l", "585 l", "2025 l"])
    }

    func testEqualLoadsAndSeveralProductsInTheirUnits() throws {
        let products = [ProductInput(name: "Herbicyd", rate: d("1.5")), ProductInput(name: "Adiuwant", rate: 300, unit: .millilitresPerHectare),
                        ProductInput(name: "Nawóz", rate: 2, unit: .kilogramsPerHectare)]
        let document = ReportDocument(plan: try seedPlan(.equal, products: products), time: reportTime, language: .english)
        // One unit per product: ml (g) only under 1 l (kg) a load; l (kg) to 0.01 under 10, to 0.1 from 10.
        XCTAssertEqual(plain(document.loads.rows), [
            ["Water", "", "741 l", "2,223 l"], ["Herbicyd", "1.5 l/ha", "7.5 l", "22.5 l"], ["Adiuwant", "300 ml/ha", "1.5 l", "4.5 l"],
            ["Nawóz", "2 kg/ha", "10 kg", "30 kg"], ["Working liquid", "150 l/ha", "750 l", "2,250 l"],
        ])
        XCTAssertEqual(document.loads.columns.map(plain), ["Ingredient", "Rate", "Each load\n3 × 750 l", "Whole job"])
        XCTAssertEqual(document.loads.checkboxes, [CheckboxLine(label: "Done — loads:", count: 3)])
    }

    func testWarningsAndNoBoxesForManyLoads() throws {
        let plan = try TankMixEngine.plan(JobInput(area: 600, sprayRate: 100, tankCapacity: 100, products: [ProductInput(rate: 1)])).get()
        let document = ReportDocument(plan: plan, time: reportTime, language: .english)
        XCTAssertEqual(document.warnings, plan.warnings.map(\.message))
        XCTAssertEqual(document.warnings.count, 1)
        XCTAssertEqual(document.loads.checkboxes, [], "600 boxes would not fit: none are drawn")
        let thirty = try TankMixEngine.plan(JobInput(area: 30, sprayRate: 100, tankCapacity: 100, products: [ProductInput(rate: 1)])).get()
        XCTAssertEqual(ReportDocument(plan: thirty, time: reportTime).loads.checkboxes.map(\.count), [30])
    }

    func testAreaInOtherUnitsShowsHectaresToo() throws {
        let plan = try TankMixEngine.plan(JobInput(area: 250, areaUnit: .ares, sprayRate: 200, tankCapacity: 300,
                                                   products: [ProductInput(rate: 1)])).get()
        let document = ReportDocument(plan: plan, time: reportTime, language: .english)
        XCTAssertEqual(plain(document.parameters[0].value), "250 a (2.5 ha)")
    }
}

final class ReportTimeTests: XCTestCase {
    func testCalendar() {
        // epoch seconds, offset → year, month, day, hour, minute, second
        let rows: [(Int64, Int, [Int])] = [
            (0, 0, [1970, 1, 1, 0, 0, 0]),
            (1_795_273_440, 0, [2026, 11, 21, 15, 4, 0]),
            (1_795_273_440, 3600, [2026, 11, 21, 16, 4, 0]),
            (1_795_273_440, -5 * 3600, [2026, 11, 21, 10, 4, 0]),
            (951_782_400, 0, [2000, 2, 29, 0, 0, 0]),       // a leap day in a year divisible by 400
            (951_868_800, 0, [2000, 3, 1, 0, 0, 0]),
            (1_709_164_800, 0, [2024, 2, 29, 0, 0, 0]),
            (4_107_542_399, 0, [2100, 2, 28, 23, 59, 59]),  // 2100 is not a leap year
            (4_107_542_400, 0, [2100, 3, 1, 0, 0, 0]),
            (1_767_225_599, 3600, [2026, 1, 1, 0, 59, 59]), // New Year in Warsaw, still 2025 in UTC
            (-1, 0, [1969, 12, 31, 23, 59, 59]),
        ]
        for (seconds, offset, expected) in rows {
            let time = ReportTime(epochSeconds: seconds, utcOffsetSeconds: offset)
            XCTAssertEqual([time.year, time.month, time.day, time.hour, time.minute, time.second], expected, "\(seconds) \(offset)")
        }
    }

    func testFormats() {
        let rows: [(ReportTime, String, String, String)] = [
            (reportTime, "21.11.2026, 15:04", "21 Nov 2026, 15:04", "2026-11-21T15:04:00Z"),
            (ReportTime(year: 2027, month: 3, day: 5, hour: 7, minute: 9, second: 3, utcOffsetSeconds: 3600),
             "05.03.2027, 7:09", "5 Mar 2027, 7:09", "2027-03-05T07:09:03+01:00"),
            (ReportTime(year: 2026, month: 5, day: 1, hour: 23, minute: 59, utcOffsetSeconds: -(3 * 3600 + 1800)),
             "01.05.2026, 23:59", "1 May 2026, 23:59", "2026-05-01T23:59:00-03:30"),
        ]
        for (time, polish, english, iso) in rows {
            XCTAssertEqual(time.formatted(.polish), polish)
            XCTAssertEqual(time.formatted(.english), english)
            XCTAssertEqual(time.iso8601, iso)
        }
    }
}
