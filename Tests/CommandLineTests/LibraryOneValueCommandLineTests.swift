// One value or a refusal, on the built program (issue 62, item 6): what `library add` cannot
// take as one value exits 2 naming the option and leaves the library as it was; a crop's limit
// added keeps the others, and `library list` shows every limit.

import Foundation
import XCTest

final class LibraryOneValueCommandLineTests: DataFolderTestCase {
    func testTwoValuesOrABlankListExit2AndChangeNothing() throws {
        let first = try run(["library", "add", "product", "--name", "Fungorex 250 EC", "--rate", "1", "--max-treatments", "3", "--buffer-zone", "20"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let library = dataDirectory.appendingPathComponent("library.json")
        let before = try Data(contentsOf: library)
        let rows: [([String], String)] = [
            (["--max-treatments", "3;5"], "--max-treatments: the number for every crop is given twice (3, 5): give one\n"),
            (["--max-treatments", "3", "--max-treatments", "5"], "--max-treatments: the number for every crop is given twice (3, 5): give one\n"),
            (["--max-treatments", "TRZAW: 1; TRZAW: 2"], "--max-treatments: TRZAW is given twice (1, 2): give one\n"),
            (["--max-treatments", " ; "], "--max-treatments: “ ; ” holds no value\n"),
            (["--reduced-zone", "75:5", "--reduced-zone", "75:3"], "--reduced-zone: 75 % is given twice (5 m, 3 m): give one\n"),
            (["--reduced-zone", "75:30"], "--reduced-zone: a zone of 30 m with drift reduction is not smaller than the buffer zone of 20 m\n"),
        ]
        for (arguments, message) in rows {
            let refused = try run(["library", "add", "product", "--name", "Fungorex 250 EC"] + arguments)
            XCTAssertEqual(refused.status, 2, "\(arguments)")
            XCTAssertEqual(refused.stderr, message, "\(arguments)")
            XCTAssertEqual(try Data(contentsOf: library), before, "nothing saved: \(arguments)")
        }
        let added = try run(["library", "add", "product", "--name", "Fungorex 250 EC", "--max-treatments", "1:TRZAW", "--reduced-zone", "90: 0,5"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(try run(["library", "list"]).stdout, """
            Products
              Fungorex 250 EC — 1 l/ha · 3 treatments a season · TRZAW: 1 treatment a season · 20 m from water · 0.5 m with 90 % drift reduction

            """)
        // A zone given for one drift class changes that class's alone.
        XCTAssertEqual(try run(["library", "add", "product", "--name", "Fungorex 250 EC", "--reduced-zone", "75:5"]).status, 0)
        XCTAssertEqual(try run(["library", "add", "product", "--name", "Fungorex 250 EC", "--reduced-zone", "90:1"]).status, 0)
        XCTAssertEqual(try run(["library", "list"]).stdout, """
            Products
              Fungorex 250 EC — 1 l/ha · 3 treatments a season · TRZAW: 1 treatment a season · 20 m from water · 5 m with 75 % drift reduction · 1 m with 90 % drift reduction

            """)
    }
}
