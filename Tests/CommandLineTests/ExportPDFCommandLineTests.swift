// The `export-pdf` contract, checked on the built binary: the file a user gets (pages,
// text in both languages, fonts, size), exit status, streams and messages.

import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import PDFTestSupport
import SprayBase
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

final class ExportPDFCommandLineTests: XCTestCase {
    private let seed = ["export-pdf", "--area", "15", "--spray-rate", "150", "--tank", "800", "--product", "Środek=15 l/ha"]
    /// Saturday 21 November 2026, 15:04 UTC.
    private let fixedTime = ["SOURCE_DATE_EPOCH": "1795273440"]
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try PDFTools.temporaryDirectory(prefix: "ko-cli-pdf")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func export(_ arguments: [String], to name: String) throws -> String {
        let file = directory.appendingPathComponent(name).path
        let result = try Binary.run(arguments + ["--output", file], environment: fixedTime)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "", "nothing is printed on success")
        XCTAssertEqual(result.stderr, "")
        return file
    }

    func testSeedReportInPolish() throws {
        let file = try export(seed + ["--lang", "pl"], to: "oprysk.pdf")
        let info = try PDFTools.info(file)
        XCTAssertEqual(info["Page size"], "595.276 x 841.89 pts (A4)")
        XCTAssertEqual(info["Pages"], "1")
        XCTAssertEqual(info["Title"], "Plan oprysku — 21.11.2026, 15:04")

        let text = try PDFTools.text(file)
        for expected in ["Plan oprysku", "21.11.2026, 15:04", "Ciecz robocza", "2250 l", "Woda", "2025 l",
                         "2 pełne zbiorniki", "+ 1 częściowy zbiornik", "Parametry zabiegu", "Powierzchnia pola", "15 ha",
                         "Dawka cieczy", "150 l/ha", "Pojemność zbiornika", "800 l", "Środek", "15 l/ha", "225 l",
                         "Co wlać do każdego zbiornika", "Pełny zbiornik", "2 × 800 l", "Częściowy zbiornik", "1 × 650 l",
                         "Cały zabieg", "720 l", "80 l", "585 l", "65 l", "Wykonane — pełne zbiorniki:", "Kolejność mieszania",
                         "Ewidencja zabiegu", "Pole / działka", "Uprawa", "Strona 1 z 1", "Kalkulator Oprysku 0.1"] {
            XCTAssertTrue(text.contains(expected), "missing “\(expected)” in\n\(text)")
        }
        for font in try PDFTools.fonts(file) {
            XCTAssertTrue(font.embedded, "\(font.name) is embedded")
        }
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        XCTAssertLessThanOrEqual(size, 40 * 1024)
    }

    func testSeedReportInEnglish() throws {
        let file = try export(seed + ["--lang", "en"], to: "spray.pdf")
        let text = try PDFTools.text(file)
        for expected in ["Spray plan", "21 Nov 2026, 15:04", "Working liquid", "2,250 l", "What goes into each tank", "Full tank",
                         "2 × 800 l", "Partial tank", "1 × 650 l", "Whole job", "2,025 l", "Treatment record", "Page 1 of 1"] {
            XCTAssertTrue(text.contains(expected), "missing “\(expected)” in\n\(text)")
        }
    }

    func testLongJobTakesNumberedPages() throws {
        var arguments = ["export-pdf", "--area", "15", "--spray-rate", "150", "--tank", "800", "--lang", "pl"]
        for number in 1...25 { arguments += ["--product", "Środek ochrony roślin nr \(number)=\(number * 10) ml/ha"] }
        let file = try export(arguments, to: "long.pdf")
        let pages = try PDFTools.pageCount(file)
        XCTAssertGreaterThanOrEqual(pages, 2)
        for page in 1...pages {
            let text = try PDFTools.text(file, page: page)
            XCTAssertTrue(text.contains("Strona \(page) z \(pages)"), "page \(page):\n\(text)")
            XCTAssertTrue(text.contains("Kalkulator Oprysku"), "footer on page \(page)")
        }
        let text = try PDFTools.text(file)
        XCTAssertTrue(text.contains("(cd.)"), "a table continued on the next page says so")
        XCTAssertTrue(text.contains("Środek ochrony roślin nr 25"))
    }

    func testSameInputSameFile() throws {
        let first = try export(seed, to: "a.pdf"), second = try export(seed, to: "b.pdf")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), try Data(contentsOf: URL(fileURLWithPath: second)))
    }

    func testUnwritableOutputExitsWith1() throws {
        let missing = directory.appendingPathComponent("no/such/folder/oprysk.pdf").path
        let rows: [(String, [String], [String: String], String)] = [
            ("/sys/oprysk.pdf", [], [:],
             "Cannot save “/sys/oprysk.pdf”: the folder “/sys” does not allow writing. Choose another folder.\n"),
            ("/sys/oprysk.pdf", ["--lang", "pl"], [:],
             "Nie można zapisać „/sys/oprysk.pdf”: folder „/sys” nie pozwala na zapis. Wybierz inny folder.\n"),
            (missing, [], [:], "Cannot save “\(missing)”: the folder “\(directory.appendingPathComponent("no/such/folder").path)” does not exist.\n"),
            (directory.path, [], ["LANGUAGE": "pl"], "Nie można zapisać „\(directory.path)”: to jest folder. Podaj nazwę pliku.\n"),
        ]
        for (output, extra, environment, message) in rows {
            let result = try Binary.run(seed + extra + ["--output", output], environment: environment)
            XCTAssertEqual(result.status, 1, output)
            XCTAssertEqual(result.stdout, "", output)
            XCTAssertEqual(result.stderr, message)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [], "nothing half-written is left")
    }

    func testInvalidInputExitsWith2AndWritesNothing() throws {
        let output = directory.appendingPathComponent("x.pdf").path
        let rows: [([String], String)] = [
            (["export-pdf", "--area", "15", "--spray-rate", "150", "--tank", "0", "--product", "15", "--output", output],
             "--tank: must be greater than 0\n"),
            (["export-pdf", "--area", "abc", "--spray-rate", "150", "--tank", "800", "--product", "15", "--output", output, "--lang", "pl"],
             "--area: to nie jest liczba (wpisz np. 1,5 lub 1.5)\n"),
            (seed, "--output: this option is required\n"),
            (seed + ["--output", output, "--format", "json"], "unknown option “--format” (see --help)\n"),
            (seed + ["--output", output, "--loads", "some"], "--loads: “some” is not one of: full, equal\n"),
        ]
        for (arguments, message) in rows {
            let result = try Binary.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertEqual(result.stderr, message, "\(arguments)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        let calc = try Binary.run(["calc", "--area", "15", "--spray-rate", "150", "--tank", "800", "--product", "15", "--output", output])
        XCTAssertEqual(calc.status, 2)
        XCTAssertEqual(calc.stderr, "unknown option “--output” (see --help)\n")
    }

    func testHelp() throws {
        let help = try Binary.run(["export-pdf", "--help"])
        XCTAssertEqual(help.status, 0)
        for expected in ["--output FILE", "--area", "--product", "--loads", "--lang", "SOURCE_DATE_EPOCH", "nothing is printed",
                         "1 if the file cannot be written"] {
            XCTAssertTrue(help.stdout.contains(expected), expected)
        }
        XCTAssertFalse(help.stdout.contains("--format"))
        let polish = try Binary.run(["export-pdf", "--help", "--lang", "pl"])
        XCTAssertTrue(polish.stdout.contains("plik PDF do zapisania"), polish.stdout)
        let main = try Binary.run(["--help"])
        XCTAssertTrue(main.stdout.contains("export-pdf OPTIONS --output FILE"), main.stdout)
    }
}
