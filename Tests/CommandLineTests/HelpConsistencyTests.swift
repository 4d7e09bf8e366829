// One rule for help and options across the commands (issue 54, finding 17): `help CMD`,
// `CMD help` and `CMD --help` print the same page for every command and subcommand; a language
// the app does not have is refused by every command; "-h" after an option that takes a value
// is that value; each stock and record subcommand has its own page.

import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import SprayBase
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

final class HelpConsistencyTests: DataFolderTestCase {
    private static let commands: [[String]] = [
        ["calc"], ["export-pdf"], ["history"], ["record"], ["record", "add"], ["record", "list"], ["record", "export"], ["library"],
        ["stock"], ["stock", "add"], ["stock", "list"], ["stock", "movements"], ["stock", "export"], ["stock", "shopping-list"],
        ["calibrate"], ["backup"], ["restore"], ["register"], ["sync"], ["field"],
    ]

    func testEveryCommandsHelpIsReachedThreeWays() throws {
        for command in Self.commands {
            let asked = try run(command + ["--help"])
            XCTAssertEqual(asked.status, 0, "\(command): \(asked.stderr)")
            XCTAssertTrue(asked.stdout.hasPrefix("Usage: kalkulator-oprysku " + command[0]), "\(command): \(asked.stdout)")
            for other in [["help"] + command, [command[0], "help"] + command.dropFirst()] {
                let result = try run(other)
                XCTAssertEqual(result.status, 0, "\(other): \(result.stderr)")
                XCTAssertEqual(result.stdout, asked.stdout, "\(other) prints what \(command) --help prints")
            }
        }
        XCTAssertTrue(try run(["stock", "--help", "--lang", "pl"]).stdout.hasPrefix("Użycie:"), "help in the language asked for")
    }

    func testEachStockAndRecordSubcommandHasItsOwnPage() throws {
        let pages = try ["list", "movements", "export", "shopping-list"].map { try run(["stock", $0, "--help"]).stdout }
        XCTAssertEqual(Set(pages).count, 4, "\(pages)")
        for (page, subcommand) in zip(pages, ["list", "movements", "export", "shopping-list"]) {
            XCTAssertTrue(page.hasPrefix("Usage: kalkulator-oprysku stock \(subcommand) "), page)
        }
        let list = try run(["record", "list", "--help"]).stdout
        XCTAssertFalse(list.contains("xlsx") || list.contains("--separator"), "record list has no export formats: \(list)")
        XCTAssertTrue(try run(["record", "export", "--help"]).stdout.hasPrefix("Usage: kalkulator-oprysku record export --format csv|json|pdf|xlsx"))
    }

    func testALanguageTheAppDoesNotHaveIsRefusedByEveryCommand() throws {
        for command in Self.commands + [["library", "list"], ["stock", "export"], []] {
            let result = try run(command + ["--lang", "xx"])
            XCTAssertEqual(result.status, 2, "\(command)")
            XCTAssertEqual(result.stderr, "--lang: “xx” is not one of: pl, en\n", "\(command)")
        }
    }

    func testDashHAfterAnOptionThatTakesAValueIsThatValue() throws {
        let added = try run(["stock", "add", "--product", "Herbicyd", "--quantity", "5 l", "--date", "2026-11-01", "--lot", "-h"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertFalse(added.stdout.contains("Usage:"), "not a request for help")
        let movements = try run(["stock", "movements", "--product", "Herbicyd", "--format", "json"])
        XCTAssertTrue(movements.stdout.contains(#""detail": "-h""#), "the lot, kept: \(movements.stdout)")
        XCTAssertTrue(try run(["stock", "add", "-h"]).stdout.hasPrefix("Usage: kalkulator-oprysku stock add"), "alone, -h asks for help")
    }
}
