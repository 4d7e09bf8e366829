// `export-pdf` option parsing, in-process; the shared job options behave as in `calc`.

import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import FoundationEssentials
import SprayBase
@testable import SprayCommandLine
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

final class ExportPDFCommandTests: XCTestCase {
    private let seed = ["--area", "15", "--spray-rate", "150", "--tank", "800", "--product", "15"]

    func testSeedExample() throws {
        let command = try ExportPDFCommand.parse(seed + ["--output", "oprysk.pdf", "--lang", "pl"]).get()
        XCTAssertEqual(command.output, "oprysk.pdf")
        XCTAssertEqual(command.language, .polish)
        XCTAssertEqual(command.plan, try CalcCommand.parse(seed).get().plan, "the same plan as calc")
    }

    func testOptionsOfEachCommand() {
        let rows: [([String], [String])] = [
            (seed, ["--output: this option is required"]),
            (seed + ["--output"], ["--output: needs a value"]),
            (seed + ["--output="], ["--output: needs a value"]),
            (seed + ["--output", "a.pdf", "--output", "b.pdf"], ["--output: given more than once"]),
            (seed + ["--output", "a.pdf", "--format", "json"], ["unknown option “--format” (see --help)"]),
            (["--tank", "0", "--output", "a.pdf"], ["--area: this option is required", "--spray-rate: this option is required",
                                                    "--tank: must be greater than 0", "--product: this option is required"]),
        ]
        for (arguments, messages) in rows {
            XCTAssertEqual(ExportPDFCommand.parse(arguments).failure?.messages, messages, "\(arguments)")
        }
        XCTAssertEqual(CalcCommand.parse(seed + ["--output", "a.pdf"]).failure?.messages, ["unknown option “--output” (see --help)"])
    }

    func testHelpListsTheRightOptions() {
        XCTAssertTrue(Help.exportPDF.contains("--output FILE"))
        XCTAssertFalse(Help.exportPDF.contains("--format"))
        XCTAssertFalse(Help.calc.contains("--output"))
        for option in ["--area N", "--product [NAME=]RATE[ ]UNIT", "--loads full|equal", "--lang pl|en"] {
            XCTAssertTrue(Help.exportPDF.contains(option), option)
            XCTAssertTrue(Help.calc.contains(option), option)
        }
        XCTAssertTrue(Help.main.contains("export-pdf OPTIONS --output FILE"))
    }
}
