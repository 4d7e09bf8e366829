// The export menus' choices: each one's target reads back as itself, and says what it writes.

@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class ExportChoiceTests: XCTestCase {
    func testEveryChoiceReadsBackAndSaysWhatItWrites() {
        for format in ExportFileFormat.allCases {
            for shownOnly in [false, true] {
                let choice = ExportChoice(format: format, shownOnly: shownOnly)
                XCTAssertEqual(ExportChoice(target: choice.target), choice, choice.target)
            }
        }
        XCTAssertEqual(ExportChoice(target: "csv-semicolon-shown"), ExportChoice(format: .csvSemicolon, shownOnly: true))
        for bad in ["csv", "pdf-some", "xml-all", ""] { XCTAssertNil(ExportChoice(target: bad), bad) }
        XCTAssertEqual(ExportFileFormat.history, [.xlsx, .csvSemicolon, .csvComma, .json], "the history has no printable register")
        XCTAssertEqual(ExportFileFormat.xlsx.data, .xlsx)
        XCTAssertEqual(ExportFileFormat.xlsx.fileType.pattern, "*.xlsx")
        XCTAssertNil(ExportFileFormat.pdf.data)
        XCTAssertEqual(ExportFileFormat.csvComma.data, .csv(.comma))
        XCTAssertEqual(ExportFileFormat.pdf.fileExtension, "pdf")
        XCTAssertEqual(ExportFileFormat.csvSemicolon.fileExtension, "csv")
        XCTAssertEqual(ExportFileFormat.json.fileType.pattern, "*.json")
    }
}
