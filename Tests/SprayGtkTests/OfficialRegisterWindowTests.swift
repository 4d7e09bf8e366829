// The ministry's register in the window: read on another core after the start (not before the
// first frame), then the calculator's results warn about a product past its period of use, in
// Polish and English.

import CGtk
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import Foundation
@testable import SprayBase
@testable import SprayGtk
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class OfficialRegisterWindowTests: XCTestCase {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SprayCoreTests/Fixtures/register/rejestr.csv")

    func testTheCalculatorWarnsOnceTheRegisterIsReadInEnglish() {
        Self.run(.english, warning: "✖ Mospilan Plus 20 SP may be used until 2026-02-28; the treatment is on ")
    }

    func testTheCalculatorWarnsOnceTheRegisterIsReadInPolish() {
        Self.run(.polish, warning: "✖ Mospilan Plus 20 SP można stosować do 28.02.2026; zabieg jest ")
    }

    private static func run(_ language: Language, warning: String) {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let harness = CalculatorHarness(language: language) { directory in
                let register = try! OfficialRegister.read(Array(try! Data(contentsOf: fixture)), source: "rejestr.csv", importedAt: Clock.system.now)
                try! OfficialRegisterStore.save(register, to: directory.appendingPathComponent("official-register.bin"))
            }
            defer { harness.close() }
            XCTAssertNil(harness.app.services.farm.registerIfRead, "not read before the window is up")
            harness.typeSeed(productName: "Mospilan Plus 20 SP")
            XCTAssertFalse(harness.resultTexts.contains { $0.hasPrefix(warning) })
            harness.app.services.readOfficialRegister()
            GtkTestSupport.iterate(until: { harness.app.services.farm.registerIfRead != nil })
            XCTAssertEqual(harness.app.services.farm.registerIfRead?.register.products.count, 6)
            XCTAssertTrue(harness.resultTexts.contains { $0.hasPrefix(warning) }, "\(harness.resultTexts)")

            // The record form made from the plan: its product names complete from the register, and it warns.
            harness.activate(.recordTreatment)
            guard let toplevel = harness.toplevel(titled: language == .polish ? "Zapis zabiegu" : "Record Treatment"),
                  let form = owner(of: toplevel, as: RecordFormWindow.self) else { return XCTFail("no record form") }
            XCTAssertNotNil(gtk_entry_get_completion(cast(form.productRows[0].nameEntry)), "names complete")
            XCTAssertTrue(form.model.productNames.contains("Azyl 250 SC"))
            XCTAssertTrue(form.model.warningText?.contains("Mospilan Plus 20 SP") ?? false, form.model.warningText ?? "no warning")
            // A product the library does not have takes the register's number, shown in its field.
            XCTAssertEqual(form.model.products[0].authorisation, "R-33/2015")
            XCTAssertEqual(Widgets.text(of: form.productRows[0].authorisationEntry), "R-33/2015")
            gtk_window_destroy(cast(form.window))
        }
    }

    func testTheLibraryImportsTheRegisterInEnglishAndPolish() throws {
        guard GtkTestSupport.requireDisplay() else { return }
        for (language, none, imported) in [
            (Language.english, "No official register imported", "Official register: Register of 2026-04-14: 6 products, 8 uses; imported today"),
            (Language.polish, "Nie zaimportowano rejestru", "Rejestr urzędowy: Rejestr z 14.04.2026: 6 środków, 8 zastosowań; zaimportowany dziś"),
        ] {
            try MainActor.assumeIsolated {
                let harness = CalculatorHarness(language: language)
                defer { harness.close() }
                harness.activate(.library)
                guard let library = harness.window.libraryWindow else { return XCTFail("no library window") }
                XCTAssertTrue(harness.label(library.registerStatusLabel).hasPrefix(none), harness.label(library.registerStatusLabel))
                // A one-sheet workbook names no release: it is dated by the day of its import.
                harness.app.services.farm.clock = .fixed(on: CalendarDate(year: 2026, month: 4, day: 14)!)
                XCTAssertThrowsError(try library.model.importRegister(at: ["/dev/zero"]), "not a regular file")
                XCTAssertNoThrow(try library.model.importRegister(at: [Self.fixture.path]))
                XCTAssertEqual(harness.label(library.registerStatusLabel), imported)
                XCTAssertEqual(harness.app.services.farm.registerIfRead?.register.useCount, 8)
                XCTAssertTrue(harness.window.model.productNames.contains("Chwastox Trio 540 SL"), "the calculator completes its names")

                // Found in the register, added to the library.
                gtk_editable_set_text(opaque(library.registerSearch), "azyl")
                library.showRegisterMatches()
                XCTAssertTrue(Widgets.labelTexts(in: library.registerMatches).contains("Azyl 250 SC"))
                harness.click(language == .polish ? "Dodaj do biblioteki" : "Add to Library", in: library.registerMatches)
                let product = LibraryStore(file: harness.directory.appendingPathComponent("library.json")).library.product(named: "Azyl 250 SC")
                XCTAssertEqual(product?.authorisation, "R-146/2017")
                XCTAssertEqual(product?.formulation, .sc)
                XCTAssertEqual(product?.maximumRate, Decimal(string: "1.5"))
            }
        }
    }

    /// A release of dataset 550 imported in the library window as several files and as a
    /// folder, in English and Polish; the label's page offered as a link; a much smaller
    /// register asked about before it replaces the one kept.
    func testTheLibraryImportsAReleaseAsFilesOrAFolder() throws {
        guard GtkTestSupport.requireDisplay() else { return }
        let release = Self.fixture.deletingLastPathComponent().appendingPathComponent("release")
        let files = try FileManager.default.contentsOfDirectory(atPath: release.path).sorted().map { release.appendingPathComponent($0).path }
        let small = FileManager.default.temporaryDirectory.appendingPathComponent("maly-\(UUID().uuidString).csv")
        try Data("nazwa;NrZezw\nJedyny 100 SC;R-9/2026\n".utf8).write(to: small)
        defer { try? FileManager.default.removeItem(at: small) }
        for (language, status, question) in [
            (Language.english, "Official register: Register of 2026-06-26: 6 products, 8 uses; imported today\n"
                + "5 dictionaries read: the workbooks already give every name they hold.", "Replace the register kept with a much smaller one?"),
            (Language.polish, "Rejestr urzędowy: Rejestr z 26.06.2026: 6 środków, 8 zastosowań; zaimportowany dziś\n"
                + "Wczytano 5 słowników: skoroszyty podają już każdą ich nazwę.", "Zastąpić przechowywany rejestr dużo mniejszym?"),
        ] {
            try MainActor.assumeIsolated {
                let harness = CalculatorHarness(language: language)
                defer { harness.close() }
                harness.activate(.library)
                guard let library = harness.window.libraryWindow else { return XCTFail("no library window") }
                // A day a week after the release: the status is not yet old, in any year the test runs.
                harness.app.services.farm.clock = .fixed(on: CalendarDate(year: 2026, month: 7, day: 3)!)
                XCTAssertEqual(try library.model.importRegister(at: files), .imported)
                XCTAssertEqual(harness.label(library.registerStatusLabel), status)
                XCTAssertEqual(try library.model.importRegister(at: [release.path]), .imported, "the folder")
                XCTAssertEqual(harness.label(library.registerStatusLabel), status)
                XCTAssertEqual(harness.app.services.farm.registerIfRead?.register.useCount, 8)

                gtk_editable_set_text(opaque(library.registerSearch), "azyl")
                library.showRegisterMatches()
                let link = harness.find(in: library.registerMatches) { g_type_check_instance_is_a(cast($0), gtk_link_button_get_type()) != 0 }
                XCTAssertEqual(link.flatMap { gtk_link_button_get_uri(cast($0)) }.map { String(cString: $0) }, "https://example.invalid/azyl.pdf")
                XCTAssertTrue(Widgets.labelTexts(in: library.registerMatches).contains { $0.contains("Agro Przykład Sp. z o.o.") })

                // Much smaller: asked, and kept until confirmed.
                try library.importRegister([small.path])
                guard let dialog = harness.toplevel(titled: question) else { return XCTFail("no question") }
                XCTAssertEqual(harness.app.services.farm.registerIfRead?.register.products.count, 6)
                harness.click(language == .polish ? "_Zastąp" : "_Replace", in: dialog)
                XCTAssertEqual(harness.app.services.farm.registerIfRead?.register.products.count, 1)
            }
        }
    }
}
