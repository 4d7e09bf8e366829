// Cases that ended with exit 0 and no word, the record or the message wrong (issue 41), on
// the built binary: a Polish CSV gives the same records whichever language the command runs
// in; an amount too small to measure is never printed as 0; messages name what is wrong.

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

final class SilentWrongDataCommandLineTests: DataFolderTestCase {
    func testAFileGivesTheSameRecordsInEitherLanguage() throws {
        let sheet = directory.appendingPathComponent("sezon.csv")
        try Data("""
            Data;Pole;Środek;Nr zezwolenia;Dawka;Zużyta ilość;Przyczyna
            14.04.2026;Pole;Topsin;R-1/2020;0,125 kg/ha;2,500;mszyce
            15.04.2026;Pole;Chwastox;R-2/2020;2,250 l/ha;1,5;chwasty

            """.utf8).write(to: sheet)
        var exports: [String] = []
        for language in ["pl", "en"] {
            let data = directory.appendingPathComponent("data-" + language)
            let imported = try run(["record", "import", sheet.path, "--season", "2026"], data: data, language: language)
            XCTAssertEqual(imported.status, 0, imported.stderr)
            let export = try run(["record", "export", "--format", "json"], data: data, language: language)
            XCTAssertEqual(export.status, 0, export.stderr)
            // The same records but for their ids and when they were saved.
            exports.append(export.stdout.split(separator: "\n").filter { !$0.contains("\"id\"") && !$0.contains("_at\"") }.joined(separator: "\n"))
        }
        XCTAssertEqual(exports[0], exports[1])
        XCTAssertTrue(exports[0].contains("\"dose\" : 0.125"), exports[0])
        XCTAssertTrue(exports[0].contains("\"quantity_used\" : 2.5"), exports[0])
        XCTAssertTrue(exports[0].contains("\"dose\" : 2.25"), exports[0])
    }

    func testAnAmountTooSmallToMeasureIsNeverZero() throws {
        let result = try run(["calc", "--area", "0,3", "--spray-rate", "100", "--tank", "1000", "--product", "H=0,01 ml/ha"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("To buy           H: 0.003 ml"), result.stdout)
        XCTAssertFalse(result.stdout.contains(" 0 ml"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Note: H: a load takes less than 0.1 ml (g), too little to measure."), result.stdout)
    }

    func testMessagesNameWhatIsWrong() throws {
        let season = try run(["record", "harvest", "--season", "1989"])
        XCTAssertEqual(season.status, 2)
        XCTAssertTrue(season.stderr.hasPrefix("--season: must be a year from 1990 to "), season.stderr)
        let unknown = try run(["record", "withdraw", "00000000-0000-0000-0000-000000000001", "--reason", "x"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "ID: no record has the id “00000000-0000-0000-0000-000000000001” (kalkulator-oprysku record list shows the ids)\n")
        try FileManager.default.createDirectory(at: dataDirectory.appendingPathComponent("backups"), withIntermediateDirectories: true)
        for folder in [dataDirectory, dataDirectory.appendingPathComponent("backups")] {
            let copy = try run(["backup", "--to-folder", folder.path])
            XCTAssertEqual(copy.status, 1, folder.path)
            XCTAssertTrue(copy.stderr.contains("it is the app's own data or configuration folder"), copy.stderr)
            XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.hasPrefix("kalkulator-oprysku-copy-") })
        }
    }
}
