// `history export` and `calc --save` option parsing, in-process, as tables. The built
// binary is exercised in CommandLineTests/HistoryCommandLineTests.swift.

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

final class HistoryCommandTests: XCTestCase {
    private func export(_ arguments: [String], language: Language = .english) -> Result<HistoryExportCommand, CommandLineErrors> {
        HistoryExportCommand.parse(arguments, language: language)
    }

    func testExportOptions() throws {
        let rows: [([String], Language, DataExportFormat, String?, String?, String?)] = [
            ([], .english, .csv(.comma), nil, nil, nil),
            ([], .polish, .csv(.semicolon), nil, nil, nil),
            (["--lang", "pl"], .english, .csv(.semicolon), nil, nil, nil),
            (["--format", "csv", "--separator", ";"], .english, .csv(.semicolon), nil, nil, nil),
            (["--format=csv", "--separator=,"], .polish, .csv(.comma), nil, nil, nil),
            (["--format", "json", "--output", "historia.json"], .polish, .json, "historia.json", nil, nil),
            (["--from", "2026-03-01", "--to", "2026-10-31"], .english, .csv(.comma), nil, "2026-03-01", "2026-10-31"),
            (["--from", "2026-05-02", "--to", "2026-05-02"], .english, .csv(.comma), nil, "2026-05-02", "2026-05-02"),
        ]
        for (arguments, language, format, output, from, to) in rows {
            let command = try export(arguments, language: language).get()
            XCTAssertEqual(command.format, format, "\(arguments)")
            XCTAssertEqual(command.output, output, "\(arguments)")
            XCTAssertEqual(command.filter, HistoryFilter(from: from.flatMap(CalendarDate.init(parsing:)),
                                                         to: to.flatMap(CalendarDate.init(parsing:))), "\(arguments)")
        }
    }

    func testExportErrorsNameTheOption() {
        let rows: [([String], [String])] = [
            (["--format", "xml"], ["--format: “xml” is not one of: csv, json, xlsx"]),
            (["--separator", "|"], ["--separator: “|” is not one of: ';', ','"]),
            (["--format", "json", "--separator", ";"], ["--separator: only together with --format csv"]),
            (["--from", "2026-02-30"], ["--from: “2026-02-30” is not a date (write YYYY-MM-DD, e.g. 2026-04-15)"]),
            (["--to", "1.05.2026"], ["--to: “1.05.2026” is not a date (write YYYY-MM-DD, e.g. 2026-04-15)"]),
            (["--from", "2026-05-02", "--to", "2026-05-01"], ["--to: 2026-05-01 is before the --from date 2026-05-02"]),
            (["--output"], ["--output: needs a value"]),
            (["--output", ""], ["--output: needs a value"]),
            (["--output", "a", "--output", "b"], ["--output: given more than once"]),
            (["--lang", "de", "--format", "pdf"], ["--format: “pdf” is not one of: csv, json, xlsx", "--lang: “de” is not one of: pl, en"]),
            (["--save"], ["unknown option “--save” (see --help)"]),
            (["--format", "xlsx"], ["--format xlsx: only together with --output"]),
            (["--format", "json", "--no-bom"], ["--no-bom: only together with --format csv"]),
            (["plik.csv"], ["unexpected argument “plik.csv” (see --help)"]),
        ]
        for (arguments, messages) in rows {
            XCTAssertEqual(export(arguments).failure?.messages, messages, "\(arguments)")
        }
        XCTAssertEqual(HistoryExportCommand.requestedLanguage(["--format", "x", "--lang", "pl"]), .polish)
    }

    private let seed = ["--area", "15", "--spray-rate", "150", "--tank", "800", "--product", "15"]

    func testCalcSaveOptions() throws {
        XCTAssertNil(try CalcCommand.parse(seed).get().save)
        XCTAssertEqual(try CalcCommand.parse(seed + ["--save"]).get().save, CalcCommand.SaveRequest())
        XCTAssertEqual(try CalcCommand.parse(seed + ["--parcel", "Działka 7", "--save", "--crop=Rzepak", "--notes", "-2 °C"]).get().save,
                       CalcCommand.SaveRequest(parcel: "Działka 7", crop: "Rzepak", notes: "-2 °C"))
        let rows: [([String], [String])] = [
            (["--parcel", "Działka 7"], ["--parcel: only together with --save"]),
            (["--crop", "x", "--notes", "y"], ["--crop: only together with --save", "--notes: only together with --save"]),
            (["--save=yes"], ["--save: takes no value"]),
            (["--save", "--parcel", "a", "--parcel", "b"], ["--parcel: given more than once"]),
            (["--save", "--tank", "0"], ["--tank: given more than once"]),
        ]
        for (extra, messages) in rows {
            XCTAssertEqual(CalcCommand.parse(seed + extra).failure?.messages, messages, "\(extra)")
        }
        XCTAssertEqual(CalcCommand.requestedLanguage(["--save", "--lang", "pl"]), .polish)
    }
}
