// The farm folder in the running app: Preferences shares the record through a folder as
// "Biuro"; another computer's records appear in the register, with the line "Shared with:
// Ciągnik (last change just now)"; a record the other computer adds later arrives by itself
// (the folder is watched); one corrected on both computers is marked in its row.

import CGtk
import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import SprayBase
@testable import SprayGtk
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

final class SharingWindowTests: XCTestCase {
    func testAnotherComputersRecordsArriveInTheRegister() {
        CalculatorHarness.run(.english) { harness in Self.share(harness) }
    }

    /// A big merge runs on another core: the window's main loop goes on while it is in flight,
    /// and takes the records at once when it is done.
    func testTheWindowStaysResponsiveWhileALargeMergeRuns() {
        CalculatorHarness.run(.english) { harness in Self.mergeInBackground(harness) }
    }

    /// The tractor's library arrives through the folder: the calculator completes its product
    /// at once, and its broken field is kept and shown as needing checking in the library window.
    func testAnotherComputersLibraryArrivesInTheCalculatorAndTheLibraryWindow() {
        CalculatorHarness.run(.english) { harness in Self.libraryArrives(harness) }
    }

    @MainActor
    private static func libraryArrives(_ harness: CalculatorHarness) {
        let (farm, tractor) = Self.farmAndTractor(in: harness.directory)
        let tractorLibrary = LibraryStore(file: tractor.libraryFile)
        XCTAssertNoThrow(try FarmSync(farm: Farm(locations: tractor)).share(folder: farm, name: "Ciągnik"))
        // The window watches the sharing once it is up.
        XCTAssertTrue(GtkTestSupport.iterate(until: { harness.app.services.sharing.onChange != nil }))
        let said = harness.app.services.sharing.share(folder: farm, name: "Biuro")
        XCTAssertFalse(said.isError, said.message)

        XCTAssertNoThrow(try tractorLibrary.save(.product(LibraryProduct(name: "Fungicyd", rate: 1))))
        // A field written by an older version, with an area no editor takes.
        XCTAssertNoThrow(try tractorLibrary.merge([.field(LibraryField(name: "Zepsute", area: -5))]))
        XCTAssertNoThrow(try FarmSync(farm: Farm(locations: tractor)).syncNow())
        XCTAssertEqual(harness.window.model.productNames, [])

        harness.app.services.mergeInBackground()
        XCTAssertTrue(GtkTestSupport.iterate(until: { harness.window.model.productNames == ["Fungicyd"] }, timeout: 30),
                      "\(harness.window.model.productNames)")
        harness.activate(.library)
        guard let library = harness.window.libraryWindow else { return XCTFail("no library window") }
        XCTAssertTrue(Widgets.labelTexts(in: library.window).contains("Needs checking: Area (ha): must be greater than 0"),
                      "\(Widgets.labelTexts(in: library.window))")
    }

    /// The farm folder and the tractor's data folder, beside the harness's own.
    private static func farmAndTractor(in directory: URL) -> (farm: String, tractor: DataLocations) {
        let farm = directory.appendingPathComponent("farm").path
        let tractorData = directory.appendingPathComponent("tractor").path
        XCTAssertNoThrow(try FileManager.default.createDirectory(atPath: farm, withIntermediateDirectories: true))
        XCTAssertNoThrow(try FileManager.default.createDirectory(atPath: tractorData, withIntermediateDirectories: true))
        return (farm, DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": tractorData, "KALKULATOR_OPRYSKU_CONFIG_DIR": tractorData]))
    }

    @MainActor
    private static func mergeInBackground(_ harness: CalculatorHarness) {
        let (farm, tractor) = Self.farmAndTractor(in: harness.directory)
        let tractorRecords = RecordStore(file: tractor.recordsFile)
        XCTAssertNoThrow(try FarmSync(farm: Farm(locations: tractor)).share(folder: farm, name: "Ciągnik"))
        let sharing = harness.app.services.sharing
        XCTAssertFalse(sharing.share(folder: farm, name: "Biuro").isError)

        // The tractor brings 3 000 records at once.
        let drafts = (0..<3_000).map { index in
            RecordDraft(details: TreatmentDetails(date: CalendarDate(year: 2026, month: 4, day: 1 + index % 28)!, parcel: "Pole \(index)",
                                                  treatedSize: 2, products: [ProductUse(name: "Fungicyd", authorisation: "R-1/2020", dose: 1,
                                                                                        doseUnit: .litres)],
                                                  reason: "septorioza", operatorName: "Jan"))
        }
        XCTAssertNoThrow(try tractorRecords.add(drafts, at: Clock.system.now))
        XCTAssertNoThrow(try FarmSync(farm: Farm(locations: tractor)).syncNow())

        harness.app.services.mergeInBackground()
        XCTAssertTrue(sharing.isMerging, "running on another core")
        XCTAssertEqual(harness.app.services.records.records.count, 0, "the records here unchanged meanwhile")
        var iterations = 0
        XCTAssertTrue(GtkTestSupport.iterate(until: {
            iterations += 1
            return !sharing.isMerging
        }, timeout: 120))
        XCTAssertGreaterThan(iterations, 3, "the main loop ran while the merge was in flight")
        XCTAssertEqual(harness.app.services.records.records.count, 3_000, "taken at once")
        XCTAssertNil(sharing.takeNotice())
    }

    @MainActor
    private static func share(_ harness: CalculatorHarness) {
        let (farm, tractor) = Self.farmAndTractor(in: harness.directory)
        let tractorRecords = RecordStore(file: tractor.recordsFile)
        var details = TreatmentDetails(date: CalendarDate(year: 2026, month: 4, day: 14)!, parcel: "Za stodołą", reason: "mszyca")
        guard let first = try? tractorRecords.add(details, at: Date(timeIntervalSince1970: 1_790_000_000)) else { return XCTFail("not added") }
        XCTAssertNoThrow(try FarmSync(farm: Farm(locations: tractor)).share(folder: farm, name: "Ciągnik"))

        harness.activate(.preferences)
        guard let preferences = harness.app.preferencesWindow else { return XCTFail("no preferences window") }
        let section = preferences.sharingSection!
        XCTAssertEqual(harness.label(section.statusLabel), "The record is kept on this computer only.")
        XCTAssertEqual(gtk_widget_get_sensitive(section.stopButton), 0)
        harness.type("Biuro", into: section.nameEntry)
        // The folder chooser is the system's; what it hands back goes here.
        let said = harness.app.services.sharing.share(folder: farm, name: Widgets.text(of: section.nameEntry))
        XCTAssertFalse(said.isError, said.message)
        section.refresh()
        XCTAssertEqual(harness.label(section.statusLabel), "Shared through \(farm) as “Biuro”.")
        XCTAssertEqual(gtk_widget_get_sensitive(section.stopButton), 1)

        harness.activate(.register)
        guard let register = harness.window.registerWindow else { return XCTFail("no register window") }
        XCTAssertTrue(GtkTestSupport.iterate(until: { register.rows.count == 1 }), "the tractor's record is here")
        XCTAssertEqual(harness.label(register.sharingLabel), "Shared with: Ciągnik (last change just now)")

        // The tractor records another treatment: the watched folder brings it in by itself.
        details.parcel = "Pod lasem"
        XCTAssertNoThrow(try tractorRecords.add(details, at: Clock.system.now))
        XCTAssertNoThrow(try FarmSync(farm: Farm(locations: tractor)).syncNow())
        XCTAssertTrue(GtkTestSupport.iterate(until: { register.rows.count == 2 }, timeout: 10), "arrived through the folder")

        // Corrected here and on the tractor: both in the trail, the row says so.
        var here = first.details, there = first.details
        here.reason = "mszyca brzoskwiniowa"
        there.reason = "mszyce"
        XCTAssertNoThrow(try harness.app.services.records.correct(id: first.id, to: here, note: "dokładniej", at: Clock.system.now))
        XCTAssertNoThrow(try tractorRecords.correct(id: first.id, to: there, note: "", at: Clock.system.now.addingTimeInterval(5)))
        XCTAssertNoThrow(try FarmSync(farm: Farm(locations: tractor)).syncNow())
        XCTAssertTrue(GtkTestSupport.iterate(until: {
            Widgets.labelTexts(in: register.listView).contains { $0.contains("changed on two computers") }
        }, timeout: 10), "the row is marked")
        XCTAssertEqual(harness.app.services.records.record(id: first.id)?.versions.map(\.details.reason),
                       ["mszyca", "mszyca brzoskwiniowa", "mszyce"])
        XCTAssertEqual(harness.app.services.sharing.stop(), "The record is no longer shared; the folder stays as it is.")
    }
}
