// An empty or blank value is never a value: every option of every command that adds or
// changes something, given "" or "  " (or as --option=), is refused by its name — never read
// as a default (a date of 2000-01-01, a quantity of 0).

import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import FoundationEssentials
@testable import SprayBase
@testable import SprayCommandLine
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class EmptyValueTests: XCTestCase {
    /// Each command with arguments it accepts and the options it takes.
    private var commands: [(name: String, valid: [String], options: [String], parse: ([String]) -> [String])] {
        func messages<T>(_ result: Result<T, CommandLineErrors>) -> [String] { result.failure?.messages ?? [] }
        let job = ["--area", "4", "--spray-rate", "200", "--tank", "1000", "--product", "Topsin=1"]
        let record = ["--date", "2026-04-14", "--parcel", "Pole", "--treated-area", "4", "--crop", "TRZAW", "--product", "Topsin=1 l/ha",
                      "--reason", "r"]
        var rows: [(name: String, valid: [String], options: [String], parse: ([String]) -> [String])] = [
            ("calc", job, CalcCommand.options.filter { !["--field", "--sprayer", "--favorite", "--save"].contains($0) },
             { messages(CalcCommand.parse($0)) }),
            ("record add", record, RecordAddCommand.recordOptions.filter { !["--like", "--from-plan"].contains($0) },
             { messages(RecordAddCommand.parse($0, language: .english)) }),
        ]
        for kind in StockEntryKind.allCases {
            let word = ["purchase": "add", "count": "count", "disposal": "dispose"][kind.rawValue]!
            let valid = [word, "--product", "Topsin", "--quantity", "5 l", "--date", "2026-03-01"] + (kind == .disposal ? ["--reason", "r"] : [])
            rows.append(("stock \(word)", valid, StockCommand.addOptions(kind), { messages(StockCommand.parse($0, language: .english)) }))
        }
        for kind in LibraryKind.allCases {
            let valid = ["add", kind.rawValue, "--name", "X"] + (kind == .field ? ["--area", "4"] : kind == .sprayer ? ["--tank", "800"] : [])
            rows.append(("library add \(kind.rawValue)", valid, LibraryCommand.addOptions(kind), { messages(LibraryCommand.parse($0)) }))
        }
        return rows
    }

    func testEveryOptionRefusesAnEmptyValueByItsName() {
        withLanguage(.english) {
            for command in commands {
                XCTAssertEqual(command.parse(command.valid), [], "\(command.name) as given is accepted")
                for option in command.options {
                    for arguments in [[option, ""], [option, "   "], [option + "="]] {
                        let messages = command.parse(command.valid + arguments)
                        XCTAssertTrue(messages.contains("\(option): needs a value"), "\(command.name) \(arguments): \(messages)")
                    }
                }
            }
        }
    }
}
