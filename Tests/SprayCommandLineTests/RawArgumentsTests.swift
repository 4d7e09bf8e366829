// The command line's arguments as bytes: one that is not UTF-8 is refused, named by its
// option or by the command's words, never read as another name.

import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import SprayBase
@testable import SprayCommandLine
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

final class RawArgumentsTests: XCTestCase {
    private func read(_ arguments: [[UInt8]]) -> Result<[String], CommandLineErrors> {
        RawArguments.read(arguments)
    }

    private func words(_ words: String...) -> [[UInt8]] { words.map { Array($0.utf8) } }

    func testTextIsTakenExactly() {
        XCTAssertEqual(try read(words("record", "export", "--output", "dane\u{FFFD}.csv")).get(), ["record", "export", "--output", "dane\u{FFFD}.csv"])
    }

    func testAnArgumentNotUTF8IsRefusedNamingItsOption() {
        let bad: [UInt8] = Array("a".utf8) + [0xFF] + Array(".csv".utf8)
        XCTAssertEqual(read(words("history", "export", "--output") + [bad]),
                       .failure(CommandLineErrors(errors: [.notText(option: "--output", naming: true)])))
        XCTAssertEqual(read(words("history", "export") + [Array("--output=".utf8) + bad]),
                       .failure(CommandLineErrors(errors: [.notText(option: "--output", naming: true)])))
        XCTAssertEqual(read(words("backup", "--to-folder") + [bad]),
                       .failure(CommandLineErrors(errors: [.notText(option: "--to-folder", naming: true)])))
        XCTAssertEqual(read(words("calc", "--notes") + [bad]),
                       .failure(CommandLineErrors(errors: [.notText(option: "--notes", naming: false)])))
        // Not an option's value: a file of the command, after a flag or none.
        XCTAssertEqual(read(words("record", "import", "--dry-run") + [bad]),
                       .failure(CommandLineErrors(errors: [.notText(option: "record import", naming: true)])))
        XCTAssertEqual(read(words("sync", "folder") + [bad] + words("--name", "Biuro")),
                       .failure(CommandLineErrors(errors: [.notText(option: "sync folder", naming: true)])))
        XCTAssertEqual(CommandLineError.notText(option: "--output", naming: true).message,
                       "--output: the file’s or folder’s name is not UTF-8 text; rename it or choose another")
    }

    func testTheLanguageOfTheRefusal() {
        XCTAssertEqual(RawArguments.requestedLanguage(["record", "import", "--lang", "pl", "x"]), .polish)
        XCTAssertEqual(RawArguments.requestedLanguage(["calc", "--lang=en"]), .english)
        XCTAssertNil(RawArguments.requestedLanguage(["calc"]))
    }
}
