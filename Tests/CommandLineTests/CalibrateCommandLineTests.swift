// The `calibrate` and `calibrate catch` contract, checked on the built binary: the fourth
// quantity, the pressure, JSON keys and unrounded numbers, exit status 2 naming the options.

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

final class CalibrateCommandLineTests: XCTestCase {
    private func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try Binary.run(arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
    }

    func testTheWorkedExamplesAsJSON() throws {
        // (arguments, rate, flow, speed, spacing)
        let rows: [([String], Double, Double, Double, Double)] = [
            (["--flow", "1.3", "--speed", "7.8", "--spacing", "0.5"], 200, 1.3, 7.8, 0.5),
            (["--flow", "12,24", "--speed", "6", "--spacing", "3"], 408, 12.24, 6, 3),
            (["--rate", "300", "--speed", "5", "--spacing", "0.5"], 300, 1.25, 5, 0.5),
            (["--rate", "200", "--flow", "1.3", "--spacing", "0.5"], 200, 1.3, 7.8, 0.5),
            (["--rate", "200", "--flow", "1.3", "--speed", "7.8"], 200, 1.3, 7.8, 0.5),
        ]
        for (arguments, rate, flow, speed, spacing) in rows {
            let result = try json(["calibrate"] + arguments)
            XCTAssertEqual(result.keys.sorted(), ["flow_l_min", "rate_l_ha", "spacing_m", "speed_km_h"], "\(arguments)")
            XCTAssertEqual(result["rate_l_ha"] as? Double, rate, "\(arguments)")
            XCTAssertEqual(result["flow_l_min"] as? Double, flow, "\(arguments)")
            XCTAssertEqual(result["speed_km_h"] as? Double, speed, "\(arguments)")
            XCTAssertEqual(result["spacing_m"] as? Double, spacing, "\(arguments)")
        }
        // Example 4 unrounded: 1.58333… l/min.
        let four = try json(["calibrate", "--rate", "190", "--speed", "10", "--spacing", "0.5", "--nozzle", "04"])
        XCTAssertEqual(try XCTUnwrap(four["flow_l_min"] as? Double), 1.583333333, accuracy: 1e-9)
        XCTAssertEqual(four["nozzle"] as? String, "04")
        XCTAssertEqual(try XCTUnwrap(four["pressure_bar"] as? Double), 2.937825, accuracy: 1e-6)
    }

    func testNozzlePressureInText() throws {
        let result = try Binary.run(["calibrate", "--flow", "1", "--rate", "200", "--spacing", "0.5", "--nozzle", "02"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            Spray volume      200 l/ha
            Flow per nozzle   1 l/min
            Speed             6 km/h   (computed)
            Nozzle spacing    0.5 m
            Nozzle            02 (yellow): 0.8 l/min at 3 bar
            Pressure          4.69 bar

            """)
        let outside = try Binary.run(["calibrate", "--rate", "300", "--speed", "5", "--spacing", "0,5", "--nozzle", "02", "--lang", "pl"])
        XCTAssertEqual(outside.status, 0)
        XCTAssertTrue(outside.stdout.contains("Wydatek rozpylacza   1,25 l/min   (obliczone)"), outside.stdout)
        XCTAssertTrue(outside.stdout.contains("Uwaga: 7,32 bar to poza zakresem 1,5–5 bar"), outside.stdout)
        XCTAssertTrue(outside.stdout.contains("Rozmiar 03 (niebieski) daje 1,2 l/min przy 3 barach."), outside.stdout)
    }

    func testExactlyThreeQuantitiesOrExitTwo() throws {
        let named = "--rate, --flow, --speed, --spacing: give exactly three of them, the fourth is computed"
        let rows: [([String], String)] = [
            (["--rate", "200", "--flow", "1"], named + " (given: --rate, --flow)\n"),
            (["--rate", "200", "--flow", "1", "--speed", "6", "--spacing", "0.5"], named + " (given: --rate, --flow, --speed, --spacing)\n"),
            ([], named + " (given: none)\n"),
            (["--rate", "200", "--flow", "0", "--speed", "x"], "--flow: must be greater than 0\n--speed: not a number (write e.g. 1,5 or 1.5)\n"),
            (["--rate", "200", "--flow", "1", "--speed", "6", "--nozzle", "07"],
             "--nozzle: “07” is not one of: 01, 015, 02, 025, 03, 035, 04, 05, 06, 08\n"),
            (["--rate", "200", "--flow", "1", "--speed", "6", "--format", "xml"], "--format: “xml” is not one of: text, json\n"),
        ]
        for (arguments, message) in rows {
            let result = try Binary.run(["calibrate"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertEqual(result.stderr, message, "\(arguments)")
        }
        let polish = try Binary.run(["calibrate", "--rate", "200", "--lang", "pl"])
        XCTAssertEqual(polish.status, 2)
        XCTAssertTrue(polish.stderr.contains("podaj dokładnie trzy z nich"), polish.stderr)
    }

    func testCatchTest() throws {
        let result = try Binary.run(["calibrate", "catch", "--seconds", "60", "--ml", "1180,1210,1350,1195", "--nozzle", "03"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            Nozzle 1   1,180 ml    1.18 l/min   −1.7 % from the chart    −4.4 % from the mean   OK
            Nozzle 2   1,210 ml    1.21 l/min   +0.8 % from the chart    −1.9 % from the mean   OK
            Nozzle 3   1,350 ml    1.35 l/min   +12.5 % from the chart   +9.4 % from the mean   replace
            Nozzle 4   1,195 ml   1.195 l/min   −0.4 % from the chart    −3.1 % from the mean   OK

            Mean flow: 1.234 l/min
            Chart flow of size 03 (blue): 1.2 l/min
            Nozzles to replace: 3

            """)
        let document = try json(["calibrate", "catch", "--seconds", "30", "--ml", "480,5; 510; 580", "--nozzle", "025"])
        XCTAssertEqual(document["nozzle"] as? String, "025")
        XCTAssertEqual(document["chart_flow_l_min"] as? Double, 1)
        XCTAssertEqual(try XCTUnwrap(document["mean_flow_l_min"] as? Double), 1.0470, accuracy: 1e-9)
        let nozzles = try XCTUnwrap(document["nozzles"] as? [[String: Any]])
        XCTAssertEqual(nozzles.map { $0["flow_l_min"] as? Double }, [0.961, 1.02, 1.16])
        XCTAssertEqual(nozzles.map { $0["replace"] as? Bool }, [false, false, true])
        XCTAssertEqual(try XCTUnwrap(nozzles[2]["deviation_from_chart_percent"] as? Double), 16, accuracy: 1e-9)
        XCTAssertEqual(document["replace"] as? [Int], [3])

        let bad = try Binary.run(["calibrate", "catch", "--seconds", "0", "--ml", "480,x"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stdout, "")
        XCTAssertEqual(bad.stderr, "--seconds: must be greater than 0\n--ml #2: not a number (write e.g. 1,5 or 1.5)\n")
        let missing = try Binary.run(["calibrate", "catch", "--ml", "480"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "--seconds: this option is required\n")
    }

    func testHelp() throws {
        let main = try Binary.run(["--help"])
        XCTAssertTrue(main.stdout.contains("kalkulator-oprysku calibrate OPTIONS"), main.stdout)
        let help = try Binary.run(["calibrate", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--spacing M"), help.stdout)
        let catchHelp = try Binary.run(["calibrate", "catch", "--help", "--lang", "pl"])
        XCTAssertTrue(catchHelp.stdout.contains("rozdzielone przecinkami"), catchHelp.stdout)
    }
}
