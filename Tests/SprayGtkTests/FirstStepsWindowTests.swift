// A first start (no library, no records, no ministry's register): the register's and the
// library's empty pages show the first steps, each a button that leads on — a new field or
// sprayer in the library, the ministry's page in the browser — in Polish and English; the
// steps go as the farm does them.

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

final class FirstStepsWindowTests: XCTestCase {
    func testAFirstStartShowsTheWayInPolish() {
        CalculatorHarness.run(.polish) { harness in Self.firstStart(harness, addField: "Dodaj pole…", heading: "Pierwsze kroki") }
    }

    func testAFirstStartShowsTheWayInEnglish() {
        CalculatorHarness.run(.english) { harness in Self.firstStart(harness, addField: "Add a Field…", heading: "First steps") }
    }

    /// A register kept but not read yet (it is read 2 s after the start) is no step left.
    func testARegisterKeptButNotReadYetIsNoStep() {
        CalculatorHarness.run(.english) { harness in
            let file = harness.app.services.farm.locations.officialRegisterFile
            _ = try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: Data("kept".utf8)))
            XCTAssertNil(harness.app.services.farm.registerIfRead, "not read yet")
            harness.activate(.register)
            guard let register = harness.window.registerWindow else { return XCTFail("no register window") }
            XCTAssertEqual(register.firstSteps.steps, [.addField, .addSprayer, .importSpreadsheet])
        }
    }

    @MainActor
    private static func firstStart(_ harness: CalculatorHarness, addField: String, heading: String) {
        harness.activate(.register)
        guard let register = harness.window.registerWindow else { return XCTFail("no register window") }
        XCTAssertTrue(harness.isVisible(register.firstSteps.container))
        XCTAssertEqual(register.firstSteps.steps, [.addField, .addSprayer, .openOfficialRegisterPage, .importOfficialRegister, .importSpreadsheet])
        XCTAssertTrue(Widgets.labelTexts(in: register.firstSteps.container).contains(heading))
        XCTAssertTrue(Widgets.labelTexts(in: register.firstSteps.container).contains(addField))

        // The ministry's page opens in the browser.
        ko_signal_emit_by_name(register.firstSteps.buttons[.openOfficialRegisterPage]!, "clicked")
        XCTAssertEqual(harness.help.uris.last, FirstSteps.officialRegisterPage)

        // Add a Field… opens the library on its fields with a new field's editor.
        ko_signal_emit_by_name(register.firstSteps.buttons[.addField]!, "clicked")
        guard let library = harness.window.libraryWindow else { return XCTFail("no library window") }
        XCTAssertEqual(library.editor?.model.kind, .field)
        XCTAssertTrue(harness.isVisible(library.firstSteps.container), "the empty library shows them too")
        XCTAssertEqual(library.firstSteps.steps, [.addField, .addSprayer, .openOfficialRegisterPage, .importOfficialRegister])

        // As the farm does them, they go.
        XCTAssertNoThrow(try harness.app.services.farm.libraryBook.save(.field(LibraryField(name: "Za stodołą", area: 4))))
        XCTAssertNoThrow(try harness.app.services.farm.libraryBook.save(.sprayer(LibrarySprayer(name: "Pilmet", tankCapacity: 2500))))
        library.model.readRegisterStatus(OfficialRegisterIndex(OfficialRegister(date: nil, importedAt: Clock.system.now, source: "t", products: [])))
        harness.app.services.farm.register = library.model.officialRegister
        library.refresh()
        register.refresh()
        XCTAssertEqual(library.firstSteps.steps, [], "an empty list: none left")
        XCTAssertFalse(harness.isVisible(library.firstSteps.container))
        XCTAssertFalse(harness.isVisible(register.firstSteps.container), "fields, a sprayer and the register: nothing left to show")
    }
}
