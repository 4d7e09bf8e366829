// What standard output shows when it is a terminal (issue 54, finding 18): a CSV or JSON from
// outside with its control characters and text-direction marks replaced, its line breaks
// (CR LF too) and tabs kept; a lone CR, which would send the cursor back over the line, replaced.

@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class OutputFileTerminalTests: XCTestCase {
    func testControlCharactersAreReplacedAndLineBreaksKept() {
        let rows: [(String, String)] = [
            ("a,b\r\nPole\u{1B}[2J,1\r\n", "a,b\r\nPole\u{FFFD}[2J,1\r\n"),
            ("{\"name\": \"Zly\u{202E}X\u{9B}31m\"}\n", "{\"name\": \"Zly\u{FFFD}X\u{FFFD}31m\"}\n"),
            ("kol\tkol\n", "kol\tkol\n"),
            ("nadpisz\rto", "nadpisz\u{FFFD}to"),
            ("zwykły tekst", "zwykły tekst"),
        ]
        for (given, shown) in rows {
            XCTAssertEqual(String(decoding: OutputFile.shownOnATerminal(Array(given.utf8)), as: UTF8.self), shown, given.debugDescription)
        }
    }
}
