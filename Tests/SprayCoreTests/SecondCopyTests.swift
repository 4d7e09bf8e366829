// The second copy off the laptop: today's whole backup written into the chosen folder,
// once a day unless asked again; a folder that is not there (a USB stick taken out), a copy
// that cannot be written, a folder removed midway — nothing fails, nothing is lost, the
// user is told once; the rotation over simulated years (the last 7 days, and the last copy
// of each month for 3 years); the register's line and its warning after 30 days.

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

final class SecondCopyTests: TemporaryDirectoryTestCase {
    private var locations: DataLocations {
        DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": path("data").path, "KALKULATOR_OPRYSKU_CONFIG_DIR": path("config").path])
    }
    private let day = CalendarDate(year: 2026, month: 11, day: 25)!
    private let now = Date(timeIntervalSince1970: 1_795_599_000)

    private func seededCopy() throws -> SecondCopy {
        _ = try RecordStore(file: locations.recordsFile).add(completeDetails(), at: now)
        try FileManager.default.createDirectory(at: path("usb"), withIntermediateDirectories: true)
        return SecondCopy(folder: path("usb").path, locations: locations)
    }

    func testTodaysCopyIsTheWholeBackupWrittenOnceADayUnlessAskedAgain() throws {
        let copy = try seededCopy()
        let written = try copy.write(on: day, now: now)
        XCTAssertEqual(written, path("usb/kalkulator-oprysku-copy-2026-11-25.json").path)
        let files = try Backup.read(Array(try Data(contentsOf: path("usb/kalkulator-oprysku-copy-2026-11-25.json")))).files
        XCTAssertEqual(files.map(\.name), ["records.json"])
        XCTAssertEqual(try Backup.contents(of: files).records?.count, 1)
        _ = try RecordStore(file: locations.recordsFile).add(completeDetails(), at: now)
        XCTAssertNil(try copy.write(on: day, now: now), "today's copy is there: not made again at every change")
        XCTAssertEqual(try copy.write(on: day, now: now, again: true), written, "when the app quits: made again")
        let again = try Backup.read(Array(try Data(contentsOf: URL(fileURLWithPath: written!)))).files
        XCTAssertEqual(try Backup.contents(of: again).records?.count, 2)
        XCTAssertEqual(copy.lastCopy, day)
    }

    func testAFolderThatIsNotThereOrCannotTakeTheCopyFailsNothing() throws {
        let copy = try seededCopy()
        let absent = SecondCopy(folder: path("stick-taken-out").path, locations: locations)
        XCTAssertThrowsError(try absent.write(on: day, now: now)) {
            XCTAssertEqual($0 as? SecondCopy.Problem, .folderAbsent(path("stick-taken-out").path))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("stick-taken-out").path), "never made: the stick is not there")
        try Data("a file".utf8).write(to: path("a-file"))
        XCTAssertThrowsError(try SecondCopy(folder: path("a-file").path, locations: locations).write(on: day, now: now))

        // A copy that cannot be written (a folder in its place, as a full or broken disk would
        // fail it): the earlier copies stay as they were.
        _ = try copy.write(on: day.adding(days: -1), now: now)
        try FileManager.default.createDirectory(at: path("usb/kalkulator-oprysku-copy-2026-11-25.json"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try copy.write(on: day, now: now, again: true)) {
            guard case .cannotWrite? = $0 as? SecondCopy.Problem else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(copy.copies().map(\.day), [day.adding(days: -1), day])
        XCTAssertNoThrow(try Backup.read(Array(try Data(contentsOf: path("usb/kalkulator-oprysku-copy-2026-11-24.json")))))

        // The folder removed midway (the stick pulled out between two changes).
        try FileManager.default.removeItem(at: path("usb"))
        XCTAssertThrowsError(try copy.write(on: day.adding(days: 1), now: now))
        XCTAssertEqual(RecordStore(file: locations.recordsFile).records.count, 1, "the data is as it was")
    }

    func testTheRotationKeepsAWeekAndTheLastCopyOfEachMonthForThreeYears() throws {
        let copy = try seededCopy()
        let first = CalendarDate(year: 2023, month: 1, day: 1)!
        var today = first
        while today <= CalendarDate(year: 2026, month: 11, day: 25)! {
            _ = try copy.write(on: today, now: now)
            today = today.adding(days: 1)
        }
        let kept = copy.copies().map(\.day.description)
        XCTAssertEqual(Array(kept.suffix(7)), (19...25).map { "2026-11-\($0)" }, "the last 7 days")
        let monthly = kept.dropLast(7)
        XCTAssertEqual(monthly.first, "2023-12-31", "the last copy of each month, 36 months back")
        XCTAssertEqual(monthly.count, 35, "December 2023 to October 2026")
        XCTAssertTrue(monthly.allSatisfy { day in
            let date = CalendarDate(parsing: day)!
            return date.adding(days: 1).month != date.month
        }, "each the month's last")
        try Data("mine".utf8).write(to: path("usb/notes.txt"))
        _ = try copy.write(on: today, now: now)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("usb/notes.txt").path), "only the app's copies are ever removed")
    }

    func testCopiesDatedInTheFutureAreKeptButNotCounted() throws {
        let copy = try seededCopy()
        let today = CalendarDate(year: 2026, month: 11, day: 25)!
        for offset in -7...0 { _ = try copy.write(on: today.adding(days: offset), now: now) }
        // Eight copies from a computer whose clock ran a year ahead.
        for offset in 1...8 {
            try FileManager.default.copyItem(atPath: copy.path(for: today), toPath: copy.path(for: today.adding(days: 365 + offset)))
        }
        _ = try copy.write(on: today, now: now, again: true)
        let kept = copy.copies().map(\.day)
        XCTAssertEqual(kept.filter { $0 <= today }, (-6...0).map { today.adding(days: $0) }, "this week's real copies stay")
        XCTAssertEqual(kept.filter { $0 > today }.count, 8, "a future copy is not the app's to remove")
    }

    @MainActor func testTheKeeperSaysAProblemOnceAndTheRegisterWarnsAfterThirtyDays() throws {
        let time = TestClock(on: day)
        let settings = SettingsStore(file: locations.settingsFile)
        let keeper = SecondCopyKeeper(settings: settings, locations: locations, clock: time.clock)
        XCTAssertEqual(keeper.status(lastChange: day).text,
                       "No copy is kept off this computer: choose a folder (a USB stick) in Preferences → Also keep a copy in…")
        _ = try seededCopy()
        XCTAssertEqual(keeper.setFolder(path("usb").path), "A copy was made: " + path("usb/kalkulator-oprysku-copy-2026-11-25.json").path)
        XCTAssertEqual(SettingsStore(file: locations.settingsFile).settings.copyFolder, path("usb").path, "kept in the settings")
        XCTAssertEqual(keeper.status(lastChange: day).text, "Last copy in \(path("usb").path): 2026-11-25.")
        XCTAssertFalse(keeper.status(lastChange: day).warning)

        try FileManager.default.moveItem(at: path("usb"), to: path("usb-away"))
        time.advance(by: 31 * 86_400)
        keeper.recordsChanged()
        XCTAssertEqual(keeper.takeNotice(), SecondCopy.Problem.folderAbsent(path("usb").path).message)
        keeper.recordsChanged()
        XCTAssertNil(keeper.takeNotice(), "said once")
        let status = keeper.status(lastChange: time.today)
        XCTAssertEqual(status.text, "No copy in \(path("usb").path) for 31 days while the records changed: plug in the USB stick or check the folder.")
        XCTAssertTrue(status.warning)
        XCTAssertFalse(keeper.status(lastChange: day).warning, "no change since the copy: nothing to warn of")
        XCTAssertEqual(keeper.setFolder(nil), "No second copy is kept now.")
        XCTAssertNil(settings.settings.copyFolder)
    }
}
