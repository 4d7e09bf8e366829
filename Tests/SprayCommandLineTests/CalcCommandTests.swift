// `calc` option parsing, in-process. The built binary is exercised in CommandLineTests.

import CoreTestSupport
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

final class CalcCommandTests: XCTestCase {
    private let seed = ["--area", "15", "--spray-rate", "150", "--tank", "800", "--product", "15"]

    private func messages(_ arguments: [String]) -> [String] {
        CalcCommand.parse(arguments).failure?.messages ?? []
    }

    func testSeedExample() throws {
        let command = try CalcCommand.parse(seed).get()
        XCTAssertEqual(command.format, .text)
        XCTAssertNil(command.language)
        XCTAssertEqual(command.plan.loads.map(\.count), [2, 1])
        XCTAssertEqual(command.plan.input.products, [ProductInput(rate: 15, unit: .litresPerHectare)])
    }

    func testOptionSpellings() throws {
        let command = try CalcCommand.parse([
            "--area=150", "--area-unit", "a", "--spray-rate=150,5", "--tank", "2 500",
            "--product", "Herbicyd=1,5 l/ha", "--product=300ml/ha", "--loads", "equal", "--format=json", "--lang", "pl",
        ]).get()
        XCTAssertEqual(command.plan.input.areaUnit, .ares)
        XCTAssertEqual(command.plan.input.tankCapacity, 2500)
        XCTAssertEqual(command.plan.input.strategy, .equal)
        XCTAssertEqual(command.format, .json)
        XCTAssertEqual(command.language, .polish)
        XCTAssertEqual(command.plan.input.products, [
            ProductInput(name: "Herbicyd", rate: d("1.5"), unit: .litresPerHectare),
            ProductInput(name: "", rate: 300, unit: .millilitresPerHectare),
        ])
    }

    func testProductSpecs() {
        let rows: [(String, ProductForm)] = [
            ("15", ProductForm(rateText: "15", unit: .litresPerHectare)),
            ("1,5 l/ha", ProductForm(rateText: "1,5", unit: .litresPerHectare)),
            ("300ml/ha", ProductForm(rateText: "300", unit: .millilitresPerHectare)),
            ("300 ML/HA", ProductForm(rateText: "300", unit: .millilitresPerHectare)),
            ("2.5 kg/ha", ProductForm(rateText: "2.5", unit: .kilogramsPerHectare)),
            ("50g/ha", ProductForm(rateText: "50", unit: .gramsPerHectare)),
            ("50 g", ProductForm(rateText: "50", unit: .gramsPerHectare)),
            ("1 l / ha", ProductForm(rateText: "1", unit: .litresPerHectare)),
            ("12 500 g/ha", ProductForm(rateText: "12 500", unit: .gramsPerHectare)),
            ("Herbicyd=1,5 l/ha", ProductForm(name: "Herbicyd", rateText: "1,5", unit: .litresPerHectare)),
            ("Środek A = 2 l/ha", ProductForm(name: "Środek A", rateText: "2", unit: .litresPerHectare)),
            ("=3", ProductForm(rateText: "3", unit: .litresPerHectare)),
            ("abc", ProductForm(rateText: "abc", unit: .litresPerHectare)),
            ("1e400", ProductForm(rateText: "1e400", unit: .litresPerHectare)),
        ]
        for (text, expected) in rows {
            XCTAssertEqual(try ProductSpec.parse(text).get(), expected, text)
        }
        XCTAssertEqual(ProductSpec.parse("a=b=3").failure, .tooManyEquals, "which “=” ends the name is not guessed")
        XCTAssertEqual(ProductSpec.parse("1,5 gal/ha").failure, .unknownUnit("gal/ha", accepted: ["l/ha", "ml/ha", "kg/ha", "g/ha"]))
        XCTAssertEqual(ProductSpec.parse("1,5 gl/ha").failure, .unknownUnit("gl/ha", accepted: ["l/ha", "ml/ha", "kg/ha", "g/ha"]))
    }

    func testErrorsNameTheOption() {
        XCTAssertEqual(messages(["--area", "15", "--spray-rate", "150", "--tank", "0", "--product", "15"]),
                       ["--tank: must be greater than 0"])
        XCTAssertEqual(messages(["--area", "-5", "--spray-rate", "abc", "--tank", "1,5,5", "--product", "15"]), [
            "--area: must be greater than 0",
            "--spray-rate: not a number (write e.g. 1,5 or 1.5)",
            "--tank: not a number (write e.g. 1,5 or 1.5)",
        ])
        XCTAssertEqual(messages(seed + ["--product", "0"]), ["--product #2: must be greater than 0"])
        XCTAssertEqual(messages(seed + ["--area-unit", "acre"]), ["--area-unit: unknown unit “acre” (use ha, a, m2)"])
        XCTAssertEqual(messages(seed + ["--loads", "half"]), ["--loads: “half” is not one of: full, equal"])
        XCTAssertEqual(messages(seed + ["--format", "xml"]), ["--format: “xml” is not one of: text, json"])
        XCTAssertEqual(messages(seed + ["--lang", "de"]), ["--lang: “de” is not one of: pl, en"])
        XCTAssertEqual(messages(seed + ["--tank", "900"]), ["--tank: given more than once"])
        XCTAssertEqual(messages(seed + ["--bogus", "1"]), ["unknown option “--bogus” (see --help)"])
        XCTAssertEqual(messages(seed + ["stray"]), ["unexpected argument “stray” (see --help)"])
        XCTAssertEqual(messages(seed + ["--loads"]), ["--loads: needs a value"])
        XCTAssertEqual(messages([]), [
            "--area: this option is required", "--spray-rate: this option is required",
            "--tank: this option is required", "--product: this option is required",
        ])
        XCTAssertEqual(messages(["--area", "1", "--spray-rate", "10", "--tank", "800", "--product", "6", "--product", "4000 ml/ha"]),
                       ["--spray-rate: the liquid products take 10 l/ha of the 10 l/ha spray volume, which leaves no room for water"])
    }

    // One rule for every bad option: an exit-2 message naming it (issue: no option eats another).
    func testEveryMalformedOptionGetsTheSameKindOfMessage() {
        let rows: [(arguments: [String], messages: [String])] = [
            (["--area", "--spray-rate", "150", "--tank", "800", "--product", "15"], ["--area: needs a value"]),
            (["--area", "15", "--spray-rate", "150", "--tank", "--product", "15"], ["--tank: needs a value"]),
            (["--area", "15", "--spray-rate", "150", "--tank", "800", "--product", "--lang", "pl"], ["--product: needs a value"]),
            (["--area", "-5", "--spray-rate", "150", "--tank", "800", "--product", "15"], ["--area: must be greater than 0"]),
            (seed + ["--save", "--save"], ["--save: given more than once"]),
            (seed + ["--format", "json", "--format", "text"], ["--format: given more than once"]),
            (["--area", "15", "--spray-rate", "150", "--tank", "800", "--product", "A=B=1 l/ha"],
             ["--product: write NAME=RATE UNIT with a single “=” (a product name cannot contain “=”)"]),
            (["--area", "15", "--spray-rate", "150", "--tank", "800", "--product", "Herbicyd=0 l/ha"],
             ["--product “Herbicyd”: must be greater than 0"]),
            (seed + ["--product", "Adiuwant=abc ml/ha"], ["--product “Adiuwant”: not a number (write e.g. 1,5 or 1.5)"]),
            (seed + ["--product", "Nawóz=2 gal/ha"], ["--product “Nawóz”: unknown unit “gal/ha” (use l/ha, ml/ha, kg/ha, g/ha)"]),
        ]
        for row in rows {
            XCTAssertEqual(messages(row.arguments), row.messages, row.arguments.joined(separator: " "))
        }
    }

    func testRequestedLanguageIsReadFirst() {
        XCTAssertEqual(CalcCommand.requestedLanguage(["--tank", "x", "--lang", "pl"]), .polish)
        XCTAssertEqual(CalcCommand.requestedLanguage(["--lang=en"]), .english)
        XCTAssertNil(CalcCommand.requestedLanguage(["--lang", "xx"]))
    }

    func testDetailsAndProductNamesAreBoundedAndPlain() {
        let rows: [([String], String)] = [
            (["--save", "--parcel", "Działka\u{1B}[2J"], "--parcel: " + InputProblem.controlCharacter.message),
            (["--save", "--crop", "Rzepak\n"], "--crop: " + InputProblem.controlCharacter.message),
            (["--save", "--parcel", String(repeating: "p", count: 201)], "--parcel: too long: at most 200 characters"),
            (["--save", "--notes", "wiatr\u{202E}"], "--notes: " + InputProblem.controlCharacter.message),
            (["--save", "--notes", String(repeating: "n", count: 2001)], "--notes: too long: at most 2000 characters"),
            (["--product", "Herbi\u{1B}[31mcyd=1 l/ha"], "--product #2: " + InputProblem.controlCharacter.message),
            (["--product", String(repeating: "A", count: 100_000) + "=1"], "--product #2: too long: at most 200 characters"),
        ]
        for (extra, message) in rows {
            XCTAssertEqual(messages(seed + extra), [message], message)
        }
        XCTAssertNotNil(try? CalcCommand.parse(seed + ["--save", "--notes", "wiatr\n12 °C\tok"]).get())
    }

    func testNumbersAreReadInTheLanguageOfTheCommand() {
        XCTAssertEqual(withLanguage(.english) { try? CalcCommand.parse(seed.dropLast(3) + ["10,000", "--product", "15"]).get().plan.input.tankCapacity }, 10000)
        XCTAssertEqual(withLanguage(.polish) { messages(Array(seed.dropLast(3)) + ["10.000", "--product", "15"]) },
                       ["--tank: “10.000” is ambiguous: write 10000 or 10 000 for thousands, 10,000 if the point is a decimal mark"])
    }
}
