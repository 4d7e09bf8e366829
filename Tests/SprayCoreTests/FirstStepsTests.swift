// A farm starting out is told what to do first, and a ministry's register kept for long is
// said to be old: imported today, yesterday, N days ago (Polish plurals); from 90 days on,
// a suggestion to look for a newer file — on the library's page and among the calculator's
// warnings (a clock the test sets).

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

final class FirstStepsTests: TemporaryDirectoryTestCase {
    func testTheStepsLeftForAFarmStartingOut() {
        var library = Library()
        let rows: [(Library, Bool, Int, [FirstStep])] = [
            (library, false, 0, [.addField, .addSprayer, .openOfficialRegisterPage, .importOfficialRegister, .importSpreadsheet]),
            (library, false, 3, [.addField, .addSprayer, .openOfficialRegisterPage, .importOfficialRegister]),
            (library, true, 0, [.addField, .addSprayer, .importSpreadsheet]),
        ]
        for (lists, hasRegister, records, expected) in rows {
            XCTAssertEqual(FirstSteps.remaining(library: lists, hasOfficialRegister: hasRegister, recordCount: records), expected)
        }
        library.fields = [LibraryField(name: "Pole", area: 1)]
        library.sprayers = [LibrarySprayer(name: "Pilmet", tankCapacity: 2500)]
        XCTAssertEqual(FirstSteps.remaining(library: library, hasOfficialRegister: false, recordCount: 0),
                       [.openOfficialRegisterPage, .importOfficialRegister, .importSpreadsheet])
        XCTAssertEqual(FirstSteps.remaining(library: library, hasOfficialRegister: true, recordCount: 0), [], "nothing left: no steps")
        for step in FirstStep.allCases { XCTAssertNotEqual(inPolish { step.title }, step.title, "\(step) in Polish") }
    }

    /// A one-sheet register, which names no release: dated by the day it was imported.
    private static func register(importedDaysBefore days: Int, today: CalendarDate) -> OfficialRegister {
        // Noon of that day, local time: the same date in any time zone the tests run in.
        let noon = TimeInterval(today.daysSinceEpoch - days) * 86_400 + 12 * 3600 - TimeInterval(TimeZone.current.secondsFromGMT())
        return OfficialRegister(date: today.adding(days: -days), importedAt: Date(timeIntervalSince1970: noon),
                                source: "Rejestr_zastosowanie.xlsx", products: [])
    }

    func testHowOldTheRegisterIsAndWhenToLookForANewerOne() {
        let today = CalendarDate(year: 2026, month: 11, day: 26)!
        let rows: [(Int, String, String, Bool)] = [
            (0, "imported today", "zaimportowany dziś", false),
            (1, "imported yesterday", "zaimportowany wczoraj", false),
            (2, "imported 2 days ago", "zaimportowany 2 dni temu", false),
            (12, "imported 12 days ago", "zaimportowany 12 dni temu", false),
            (22, "imported 22 days ago", "zaimportowany 22 dni temu", false),
            (89, "imported 89 days ago", "zaimportowany 89 dni temu", false),
            (90, "imported 90 days ago", "zaimportowany 90 dni temu", true),
            (100, "imported 100 days ago", "zaimportowany 100 dni temu", true),
        ]
        for (days, english, polish, stale) in rows {
            let register = Self.register(importedDaysBefore: days, today: today)
            XCTAssertEqual(register.daysSinceImport(today: today), days)
            XCTAssertEqual(withLanguage(.english) { register.importedText(today: today) }, english)
            XCTAssertEqual(inPolish { register.importedText(today: today) }, polish)
            XCTAssertEqual(register.staleAdvice(today: today) != nil, stale, "\(days) days")
        }
        XCTAssertEqual(inPolish { Self.register(importedDaysBefore: 100, today: today).staleAdvice(today: today)?.text },
                       "Rejestr ministerstwa jest z 18.08.2026, sprzed 100 dni: sprawdź na stronie ministerstwa, czy jest nowsze wydanie, i zaimportuj je.")
    }

    @MainActor func testTheCalculatorAndTheLibrarySayAnOldRegister() async throws {
        let today = CalendarDate(year: 2026, month: 11, day: 26)!
        for (days, said) in [(89, false), (100, true)] {
            let index = OfficialRegisterIndex(Self.register(importedDaysBefore: days, today: today))
            let farm = farm(clock: .fixed(on: today))
            let calculator = CalculatorViewModel(farm: farm, form: JobForm(areaText: "4", sprayRateText: "200", tankText: "2500",
                                                               products: [ProductForm(name: "Fungicyd", rateText: "1")]))
            farm.register = index
            let warnings = try calculator.outcome.get().warnings.map(\.message)
            XCTAssertEqual(warnings.contains { $0.contains("\(days) days ago") }, said, "\(days): \(warnings)")

            let library = LibraryViewModel(farm: farm)
            withLanguage(.english) { library.readRegisterStatus(index) }
            XCTAssertTrue(library.registerStatus.contains("imported \(days) days ago"), library.registerStatus)
            XCTAssertEqual(library.registerStatus.contains("check the ministry's page"), said, library.registerStatus)
        }
    }
}
