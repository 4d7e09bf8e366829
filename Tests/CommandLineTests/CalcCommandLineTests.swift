// The `calc` contract, checked on the built binary: output, exit status, streams, language.

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

final class CalcCommandLineTests: XCTestCase {
    private let seed = ["calc", "--area", "15", "--spray-rate", "150", "--tank", "800", "--product", "15"]

    private func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try Binary.run(arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try XCTUnwrap(object as? [String: Any], result.stdout)
    }

    func testSeedExampleAsJSON() throws {
        let result = try json(["calc", "--area", "15", "--spray-rate", "150", "--tank", "800", "--product", "Środek=15 l/ha"])
        XCTAssertEqual(result["area_ha"] as? Double, 15)
        XCTAssertEqual(result["spray_rate_l_ha"] as? Double, 150)
        XCTAssertEqual(result["tank_l"] as? Double, 800)
        XCTAssertEqual(result["loads_strategy"] as? String, "full")
        XCTAssertEqual(result["total_liquid_l"] as? Double, 2250)
        XCTAssertEqual(result["total_water_l"] as? Double, 2025)
        let product = try XCTUnwrap((result["products"] as? [[String: Any]])?.first)
        XCTAssertEqual(product["name"] as? String, "Środek")
        XCTAssertEqual(product["rate"] as? Double, 15)
        XCTAssertEqual(product["unit"] as? String, "l/ha")
        XCTAssertEqual(product["total"] as? Double, 225)
        XCTAssertEqual(product["total_unit"] as? String, "l")
        let loads = try XCTUnwrap(result["loads"] as? [[String: Any]])
        XCTAssertEqual(loads.map { $0["count"] as? Int }, [2, 1])
        XCTAssertEqual(loads.map { $0["liquid_l"] as? Double }, [800, 650])
        XCTAssertEqual(loads.map { $0["water_l"] as? Double }, [720, 585])
        XCTAssertEqual(loads.map { $0["products"] as? [Double] }, [[80], [65]])
        XCTAssertEqual((result["warnings"] as? [Any])?.count, 0)
    }

    func testFloatingPointEdgeHasNoPhantomPartialLoad() throws {
        for strategy in ["full", "equal"] {
            let result = try json(["calc", "--area", "258.4", "--spray-rate", "250", "--tank", "200", "--product", "1", "--loads", strategy])
            let loads = try XCTUnwrap(result["loads"] as? [[String: Any]])
            XCTAssertEqual(loads.count, 1, strategy)
            XCTAssertEqual(loads.first?["count"] as? Int, 323, strategy)
            XCTAssertEqual(loads.first?["liquid_l"] as? Double, 200, strategy)
        }
    }

    func testSeveralProductsInTheirOwnUnits() throws {
        let result = try json(["calc", "--area", "150", "--area-unit", "a", "--spray-rate", "200", "--tank", "100",
                               "--product", "A=1,5 l/ha", "--product", "B=300ml/ha", "--product", "C=2 kg/ha", "--product", "D=50 g/ha"])
        XCTAssertEqual(result["area_ha"] as? Double, 1.5)
        let products = try XCTUnwrap(result["products"] as? [[String: Any]])
        XCTAssertEqual(products.map { $0["total_unit"] as? String }, ["l", "ml", "kg", "g"])
        XCTAssertEqual(products.map { $0["total"] as? Double }, [2.25, 450, 3, 75])
        let loads = try XCTUnwrap(result["loads"] as? [[String: Any]])
        XCTAssertEqual(loads.map { $0["count"] as? Int }, [3])
        XCTAssertEqual(loads.first?["products"] as? [Double], [0.75, 150, 1, 25])
        XCTAssertEqual(loads.first?["water_l"] as? Double, 99.1)
    }

    func testWarningsAreListedAndDoNotFail() throws {
        let result = try json(["calc", "--area", "600", "--spray-rate", "100", "--tank", "100", "--product", "1"])
        XCTAssertEqual((result["warnings"] as? [String])?.count, 1)
        XCTAssertEqual((result["loads"] as? [[String: Any]])?.first?["count"] as? Int, 600)
    }

    func testInvalidInputExitsWithStatus2AndNothingOnStdout() throws {
        let rows: [([String], String)] = [
            (["--tank", "0"], "--tank: must be greater than 0\n"),
            (["--tank", "abc"], "--tank: not a number (write e.g. 1,5 or 1.5)\n"),
            (["--area", "1e400"], "--area: not a finite number, or too large (at most 1,000,000,000)\n"),
            (["--area", "nan"], "--area: not a finite number, or too large (at most 1,000,000,000)\n"),
            (["--spray-rate", "1,5,5"], "--spray-rate: not a number (write e.g. 1,5 or 1.5)\n"),
            (["--spray-rate", "10"], "--spray-rate: the liquid products take 15 l/ha of the 10 l/ha spray volume, which leaves no room for water\n"),
            (["--product", "1 gal/ha"], "--product: unknown unit “gal/ha” (use l/ha, ml/ha, kg/ha, g/ha)\n"),
            (["--area-unit", "acre"], "--area-unit: unknown unit “acre” (use ha, a, m2)\n"),
            (["--loads", "some"], "--loads: “some” is not one of: full, equal\n"),
        ]
        for (override, message) in rows {
            var arguments = seed
            // Replace the seed's value of the overridden option, or append a new option.
            if let index = arguments.firstIndex(of: override[0]) {
                arguments[index + 1] = override[1]
            } else {
                arguments += override
            }
            let result = try Binary.run(arguments)
            XCTAssertEqual(result.status, 2, "\(override)")
            XCTAssertEqual(result.stdout, "", "\(override)")
            XCTAssertEqual(result.stderr, message, "\(override)")
        }
        let missing = try Binary.run(["calc"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("--area: this option is required"), missing.stderr)
    }

    func testMessagesInPolish() throws {
        var arguments = seed
        arguments[6] = "0"
        let viaOption = try Binary.run(arguments + ["--lang", "pl"])
        XCTAssertEqual(viaOption.status, 2)
        XCTAssertEqual(viaOption.stderr, "--tank: musi być większe od 0\n")

        let viaEnvironment = try Binary.run(arguments, environment: ["LANGUAGE": "pl", "LANG": "C.UTF-8"])
        XCTAssertEqual(viaEnvironment.stderr, "--tank: musi być większe od 0\n")

        let viaUnavailableLocale = try Binary.run(arguments, environment: ["LANGUAGE": "", "LANG": "pl_PL.UTF-8"])
        XCTAssertEqual(viaUnavailableLocale.stderr, "--tank: musi być większe od 0\n")
    }

    func testTextOutputInPolishUsesPolishNumbersAndPlurals() throws {
        let result = try Binary.run(["calc", "--area", "15", "--spray-rate", "150", "--tank", "800",
                                     "--product", "Środek=15 l/ha", "--lang", "pl"])
        XCTAssertEqual(result.status, 0, result.stderr)
        for expected in ["Ciecz robocza           2250 l", "Woda                    2025 l",
                         "Napełnienia zbiornika   2 pełne zbiorniki + 1 częściowy zbiornik",
                         "Skład pełnego zbiornika — 2 × 800 l", "Skład częściowego zbiornika — 1 × 650 l", "  Woda     585 l", "  Środek    65 l"] {
            XCTAssertTrue(result.stdout.contains(expected), "missing “\(expected)” in\n\(result.stdout)")
        }
        let grouped = try Binary.run(["calc", "--area", "125", "--spray-rate", "100,5", "--tank", "4000", "--product", "1", "--lang", "pl"])
        XCTAssertTrue(grouped.stdout.contains("12 562,5 l"), grouped.stdout)
    }

    func testThousandsAreReadTheWayTheLanguageWritesThem() throws {
        let english = try json(["calc", "--area", "1", "--spray-rate", "100", "--tank", "10,000", "--product", "1", "--lang", "en"])
        XCTAssertEqual(english["tank_l"] as? Double, 10000)
        let polish = try Binary.run(["calc", "--area", "1", "--spray-rate", "100", "--tank", "10.000", "--product", "1", "--lang", "pl"])
        XCTAssertEqual(polish.status, 2)
        XCTAssertEqual(polish.stdout, "")
        XCTAssertTrue(polish.stderr.contains("--tank: „10.000” jest niejednoznaczne: napisz 10000 lub 10 000"), polish.stderr)
    }

    func testControlCharactersInAProductNameAreRefused() throws {
        let result = try Binary.run(["calc", "--area", "1", "--spray-rate", "100", "--tank", "500", "--product", "Herbi\u{1B}[2Jcyd=1", "--lang", "en"])
        XCTAssertEqual(result.status, 2)
        XCTAssertFalse(result.stderr.contains("\u{1B}"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--product: contains a control character"), result.stderr)
    }

    func testPolishPluralFormsOfFullTanks() throws {
        // area (ha) with 100 l/ha and a 100 l tank gives that many full loads.
        let rows: [(Int, String)] = [
            (1, "1 pełny zbiornik"), (2, "2 pełne zbiorniki"), (4, "4 pełne zbiorniki"), (5, "5 pełnych zbiorników"),
            (12, "12 pełnych zbiorników"), (22, "22 pełne zbiorniki"), (25, "25 pełnych zbiorników"), (112, "112 pełnych zbiorników"),
        ]
        for (count, expected) in rows {
            let result = try Binary.run(["calc", "--area", String(count), "--spray-rate", "100", "--tank", "100",
                                         "--product", "1", "--lang", "pl"])
            XCTAssertTrue(result.stdout.contains("Napełnienia zbiornika   \(expected)\n"), "\(count): \(result.stdout)")
        }
    }

    /// The app reads its own catalog: LANGUAGE=pl gives Polish messages and plural forms
    /// under C.UTF-8 (where glibc 2.41's gettext ignores LANGUAGE) and under a locale that is
    /// not generated here, Polish or English, as under C.UTF-8 on glibc 2.36.
    func testPolishWhateverLocaleTheSystemHas() throws {
        let generated = (try? Binary.run(executable: "/usr/bin/locale", ["-a"]).stdout) ?? ""
        var tank = seed
        tank[6] = "0"
        for lang in ["C.UTF-8", "C", "pl_PL.UTF-8", "en_US.UTF-8"] {
            let note = "LANG=\(lang) (locale -a: \(generated.split(separator: "\n").joined(separator: " ")))"
            let environment = ["LANGUAGE": "pl", "LANG": lang]
            let refused = try Binary.run(tank, environment: environment)
            XCTAssertEqual(refused.stderr, "--tank: musi być większe od 0\n", note)
            for (count, expected) in [(1, "1 pełny zbiornik"), (2, "2 pełne zbiorniki"), (5, "5 pełnych zbiorników"),
                                      (22, "22 pełne zbiorniki")] {
                let result = try Binary.run(["calc", "--area", String(count), "--spray-rate", "100", "--tank", "100", "--product", "1"],
                                            environment: environment)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(result.stdout.contains("Napełnienia zbiornika   \(expected)\n"), "\(note), \(count): \(result.stdout)")
            }
        }
        // The language of the locale itself, with no LANGUAGE, whether or not it is generated.
        let fromLocale = try Binary.run(tank, environment: ["LANGUAGE": "", "LANG": "pl_PL.UTF-8"])
        XCTAssertEqual(fromLocale.stderr, "--tank: musi być większe od 0\n")
        let english = try Binary.run(tank, environment: ["LANGUAGE": "", "LANG": "en_US.UTF-8", "LC_MESSAGES": "C.UTF-8"])
        XCTAssertEqual(english.stderr, "--tank: must be greater than 0\n")
    }

    /// A damaged catalog leaves the messages in English, says so, and crashes nothing.
    func testADamagedCatalogLeavesEnglish() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ko-locale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let messages = folder.appendingPathComponent("pl/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        var bytes: [UInt8] = [0xde, 0x12, 0x04, 0x95, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 28, 0, 0, 0, 28, 0, 0, 0]
        bytes += [UInt8](repeating: 0, count: 64)
        try Data(bytes).write(to: messages.appendingPathComponent("kalkulator-oprysku.mo"))
        var tank = seed
        tank[6] = "0"
        let result = try Binary.run(tank, environment: ["LANGUAGE": "pl", "KALKULATOR_OPRYSKU_LOCALEDIR": folder.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasSuffix("--tank: must be greater than 0\n"), result.stderr)
        // Said once, in a sentence, never by the reader's own names (damaged, notACatalog).
        XCTAssertEqual(result.stderr.components(separatedBy: "were not read: it is damaged: a table or a text lies outside the file;")
            .count, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("the app speaks English"), result.stderr)
    }

    func testHelp() throws {
        let main = try Binary.run(["--help"])
        XCTAssertEqual(main.status, 0)
        XCTAssertTrue(main.stdout.contains("calc OPTIONS"))
        let calc = try Binary.run(["calc", "--help"])
        XCTAssertEqual(calc.status, 0)
        for option in ["--area", "--area-unit", "--spray-rate", "--tank", "--product", "--loads", "--format", "--lang",
                       "kg/ha and g/ha"] {
            XCTAssertTrue(calc.stdout.contains(option), option)
        }
        let polish = try Binary.run(["calc", "--help", "--lang", "pl"])
        XCTAssertTrue(polish.stdout.contains("pojemność zbiornika w litrach"), polish.stdout)
        let mainPolish = try Binary.run(["--help", "--lang", "pl"])
        XCTAssertTrue(mainPolish.stdout.contains("otwiera okno kalkulatora"), mainPolish.stdout)
    }

    func testUnknownCommand() throws {
        let result = try Binary.run(["kalkuluj"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "unknown command “kalkuluj” (see --help)\n")
        let hostile = try Binary.run(["x\u{1B}[2J"])
        XCTAssertFalse(hostile.stderr.contains("\u{1B}"), "the terminal is never sent the escape it was given")
    }
}
