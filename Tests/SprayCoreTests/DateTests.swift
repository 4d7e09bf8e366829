// Dates without ICU, as tables: calendar days, ISO 8601 timestamps both ways, local time
// through the C library (with TZ pinned), and the history's date and time texts.

import CatalogTestSupport
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

/// Runs `body` with the time zone `zone` (a POSIX TZ value), then restores the previous one.
func withTimeZone<T>(_ zone: String, _ body: () throws -> T) rethrows -> T {
    let previous = ProcessInfo.processInfo.environment["TZ"]
    setenv("TZ", zone, 1)
    defer { if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") } }
    return try body()
}

/// Central European time with its summer time, spelled out so no zoneinfo file is needed.
let warsaw = "CET-1CEST,M3.5.0,M10.5.0/3"

final class DateTests: XCTestCase {
    // Calendar days

    func testCalendarDaysParseOnlyRealDays() {
        let rows: [(String, CalendarDate?)] = [
            ("2026-11-21", CalendarDate(year: 2026, month: 11, day: 21)),
            ("2024-02-29", CalendarDate(year: 2024, month: 2, day: 29)),
            ("2000-02-29", CalendarDate(year: 2000, month: 2, day: 29)),
            ("2100-02-29", nil), ("2026-02-29", nil), ("2026-04-31", nil), ("2026-13-01", nil), ("2026-00-10", nil),
            ("2026-1-5", nil), ("26-11-21", nil), ("2026/11/21", nil), ("2026-11-21T00:00", nil), ("", nil), ("dziś", nil),
        ]
        for (text, expected) in rows {
            XCTAssertEqual(CalendarDate(parsing: text), expected, text)
            if let expected { XCTAssertEqual(expected.description, text) }
        }
    }

    func testDaysSinceEpochBothWays() {
        let rows: [(String, Int)] = [
            ("1970-01-01", 0), ("1969-12-31", -1), ("2000-03-01", 11_017), ("2026-11-21", 20_778), ("1600-01-01", -135_140),
        ]
        for (text, days) in rows {
            let date = CalendarDate(parsing: text)!
            XCTAssertEqual(date.daysSinceEpoch, days, text)
            XCTAssertEqual(CalendarDate(daysSinceEpoch: days), date, text)
        }
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            XCTAssertEqual(CalendarDate(daysSinceEpoch: days).daysSinceEpoch, days)
        }
    }

    // ISO 8601

    func testTimestampsReadBack() {
        let rows: [(String, Double?)] = [
            ("1970-01-01T00:00:00Z", 0),
            ("2026-11-21T14:04:00Z", 1_795_269_840),
            ("2026-11-21T15:04:00+01:00", 1_795_269_840),
            ("2026-11-21T09:34:00-04:30", 1_795_269_840),
            ("2026-11-21T14:04:00.250Z", 1_795_269_840.25),
            ("1969-12-31T23:59:59Z", -1),
            ("2026-11-21 14:04:00Z", nil), ("2026-11-21T14:04Z", nil), ("2026-11-21T24:00:00Z", nil),
            ("2026-02-30T10:00:00Z", nil), ("2026-11-21T14:04:00", nil), ("2026-11-21T14:04:00+0100", nil),
            ("2026-11-21T14:04:00.Z", nil), ("2026-11-21T14:04:00Zjunk", nil), ("1795269840", nil),
            ("", nil), ("2026-11-21T14:04:00Ż", nil), ("２026-11-21T14:04:00Z", nil),
        ]
        for (text, seconds) in rows {
            XCTAssertEqual(Timestamp.parse(text)?.timeIntervalSince1970, seconds, text)
        }
    }

    func testTimestampsAreWrittenInUTCAndLocally() {
        let moment = Date(timeIntervalSince1970: 1_795_269_840)
        XCTAssertEqual(Timestamp.utc(moment), "2026-11-21T14:04:00Z")
        XCTAssertEqual(Timestamp.utc(Date(timeIntervalSince1970: 1_795_269_840.5)), "2026-11-21T14:04:00.500Z")
        XCTAssertEqual(Timestamp.utc(Date(timeIntervalSince1970: -1)), "1969-12-31T23:59:59Z")
        withTimeZone(warsaw) {
            XCTAssertEqual(Timestamp.local(moment), "2026-11-21T15:04:00+01:00")
            XCTAssertEqual(Timestamp.local(Timestamp.parse("2026-07-01T10:00:00Z")!), "2026-07-01T12:00:00+02:00")
        }
        withTimeZone("UTC0") { XCTAssertEqual(Timestamp.local(moment), "2026-11-21T14:04:00Z") }
        withTimeZone("<-0330>3:30") { XCTAssertEqual(Timestamp.local(moment), "2026-11-21T10:34:00-03:30") }
    }

    // Local time

    func testLocalDaysStartAtLocalMidnight() {
        withTimeZone(warsaw) {
            let rows: [(String, Int, String)] = [
                ("2026-11-21", 0, "2026-11-20T23:00:00Z"),
                ("2026-11-21", 1, "2026-11-21T23:00:00Z"),
                ("2026-07-01", 0, "2026-06-30T22:00:00Z"),
                ("2026-03-29", 1, "2026-03-29T22:00:00Z"),  // the day summer time starts has 23 hours
                ("2026-12-31", 1, "2026-12-31T23:00:00Z"),
            ]
            for (day, offset, expected) in rows {
                XCTAssertEqual(Timestamp.utc(LocalTime.start(of: CalendarDate(parsing: day)!, dayOffset: offset)), expected, day)
            }
        }
    }

    func testDateAndTimeTexts() {
        let moment = Timestamp.parse("2026-11-21T14:04:00Z")!
        withTimeZone(warsaw) {
            XCTAssertEqual(DateText.dateAndTime(moment), "21 Nov 2026, 15:04")
            XCTAssertEqual(DateText.dateAndTime(Timestamp.parse("2026-01-04T23:30:00Z")!), "5 Jan 2026, 00:30")
            XCTAssertEqual(inPolish { DateText.dateAndTime(moment) }, "21.11.2026 15:04")
            XCTAssertEqual(inPolish { DateText.dateAndTime(Timestamp.parse("2026-01-04T23:30:00Z")!) }, "05.01.2026 00:30")
        }
        XCTAssertEqual((1...12).map(DateText.monthAbbreviation),
                       ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])
        XCTAssertEqual(inPolish { (1...12).map(DateText.monthAbbreviation) },
                       ["sty", "lut", "mar", "kwi", "maj", "cze", "lip", "sie", "wrz", "paź", "lis", "gru"])
    }
}

final class TypedDateTests: XCTestCase {
    func testDatesAsPeopleTypeThem() {
        let rows: [(String, String?)] = [
            ("2026-11-21", "2026-11-21"), (" 21.11.2026 ", "2026-11-21"), ("1.4.2026", "2026-04-01"),
            ("21.11.26", "2026-11-21"), ("31.02.2026", nil), ("21/11/2026", nil), ("21.11", nil),
            ("", nil), ("2026-13-01", nil), ("21.11.202", nil),
        ]
        for (text, expected) in rows {
            XCTAssertEqual(CalendarDate(typed: text)?.description, expected, text)
        }
        let date = CalendarDate(year: 2026, month: 4, day: 1)!
        XCTAssertEqual(date.typedText(in: .polish), "01.04.2026")
        XCTAssertEqual(date.typedText(in: .english), "2026-04-01")
    }
}

final class TypedDateRangeTests: XCTestCase {
    func testWhatTheDateFieldsFilterAndSay() {
        let rows: [(from: String, to: String, range: (CalendarDate?, CalendarDate?), invalid: (Bool, Bool))] = [
            ("", "", (nil, nil), (false, false)),
            ("01.04.2026", " 2026-04-30 ", (CalendarDate(year: 2026, month: 4, day: 1), CalendarDate(year: 2026, month: 4, day: 30)), (false, false)),
            ("01.04.2", "", (nil, nil), (true, false)),
            ("", "31.13.2026", (nil, nil), (false, true)),
        ]
        for row in rows {
            let range = TypedDateRange(from: row.from, to: row.to)
            XCTAssertEqual(range.from, row.range.0, row.from)
            XCTAssertEqual(range.to, row.range.1, row.to)
            XCTAssertEqual(range.fromIsInvalid, row.invalid.0, row.from)
            XCTAssertEqual(range.toIsInvalid, row.invalid.1, row.to)
            XCTAssertEqual(range.problem, row.invalid.0 || row.invalid.1 ? "Write dates as 2026-04-01" : nil)
        }
    }
}
