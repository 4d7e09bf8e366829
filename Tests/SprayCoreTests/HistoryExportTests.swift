// History exports as tables: RFC 4180 quoting, the separator and its decimal mark, the whole
// CSV of the fixture, and the JSON read back with a real JSON parser.

@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
@testable import FileFormats
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class HistoryExportTests: XCTestCase {
    // CSV fields

    func testCSVFieldsAreQuotedOnlyWhenTheyMustBe() {
        let rows: [(field: String, semicolon: String, comma: String)] = [
            ("Herbicyd", "Herbicyd", "Herbicyd"),
            ("", "", ""),
            ("Śląski żółw", "Śląski żółw", "Śląski żółw"),
            ("a;b", "\"a;b\"", "a;b"),
            ("1,5 l", "1,5 l", "\"1,5 l\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\"", "\"say \"\"hi\"\"\""),
            ("\"", "\"\"\"\"", "\"\"\"\""),
            ("line 1\nline 2", "\"line 1\nline 2\"", "\"line 1\nline 2\""),
            ("cr\r", "\"cr\r\"", "\"cr\r\""),
            ("tab\there", "tab\there", "tab\there"),
            ("Działka \"7\"; pole, północ", "\"Działka \"\"7\"\"; pole, północ\"", "\"Działka \"\"7\"\"; pole, północ\""),
        ]
        for row in rows {
            XCTAssertEqual(CSV.field(row.field, separator: .semicolon), row.semicolon, row.field)
            XCTAssertEqual(CSV.field(row.field, separator: .comma), row.comma, row.field)
        }
    }

    func testTextThatASpreadsheetWouldRunIsMadeInert() {
        let rows: [(text: String, written: String)] = [
            ("=HYPERLINK(\"http://x\",\"a\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"a\"\")\""),
            ("=1+1", "'=1+1"), ("+48 600", "'+48 600"), ("-5", "'-5"), ("@SUM(A1)", "'@SUM(A1)"),
            ("\t=1+1", "'\t=1+1"), ("\tplain", "'\tplain"), ("\rcr", "\"'\rcr\""),
            (" =1+1", "' =1+1"), ("   -2", "'   -2"), ("\u{00A0}@x", "'\u{00A0}@x"), ("\n=1", "\"'\n=1\""),
            // Harmless text stays as typed, never trimmed
            ("Działka 7", "Działka 7"), (" Działka ", " Działka "), ("a=b", "a=b"), ("1-2", "1-2"), ("e-mail@x", "e-mail@x"),
            ("", ""), ("   ", "   "), ("'=1", "'=1"),
        ]
        for row in rows {
            var line = ""
            CSV.append([.text(row.text)], to: &line, separator: .comma)
            XCTAssertEqual(line, row.written + "\r\n", row.text)
        }
        // Numbers the app writes itself are not text: a negative number keeps its sign.
        var line = ""
        CSV.append([.number("-5"), .number("2026-11-21T15:04:00+01:00"), .text("-5")], to: &line, separator: .semicolon)
        XCTAssertEqual(line, "-5;2026-11-21T15:04:00+01:00;'-5\r\n")
    }

    func testHistoryCSVProtectsEveryFreeTextCell() {
        let entry = HistoryEntry(
            id: UUID(), timestamp: Timestamp.parse("2026-04-14T05:30:00Z")!,
            input: JobInput(area: 15, sprayRate: 150, tankCapacity: 800,
                            products: [ProductInput(name: "=HYPERLINK(\"http://x\")", rate: 1), ProductInput(name: "@cmd", rate: 2)]),
            parcel: "+1", crop: " -crop", notes: "=2+2")
        let text = withTimeZone("UTC0") { HistoryExport.csv([entry], separator: .comma) }
        let row = text.components(separatedBy: "\r\n")[1]
        XCTAssertEqual(row, "2026-04-14T05:30:00Z,15,ha,15,150,800,full,2,1,0,2250,2205,'+1,' -crop,'=2+2,"
            + "\"'=HYPERLINK(\"\"http://x\"\")\",1,l/ha,15,l,'@cmd,2,l/ha,30,l")
    }

    func testPreferredSeparatorFollowsTheLanguage() {
        XCTAssertEqual(CSVSeparator.preferred(for: .polish), .semicolon)
        XCTAssertEqual(CSVSeparator.preferred(for: .english), .comma)
    }

    // Whole files

    func testCSVWithSemicolonsAndDecimalCommas() {
        let text = withTimeZone(warsaw) { HistoryExport.csv(historyFixtureEntries, separator: .semicolon) }
        let header = "timestamp;area;area_unit;area_ha;spray_rate_l_ha;tank_l;loads_strategy;full_loads;partial_loads;equal_loads;"
            + "total_liquid_l;total_water_l;parcel;crop;notes;"
            + "product_1_name;product_1_rate;product_1_unit;product_1_total;product_1_total_unit;"
            + "product_2_name;product_2_rate;product_2_unit;product_2_total;product_2_total_unit"
        XCTAssertEqual(text, [
            header,
            "2026-04-14T07:30:00+02:00;15;ha;15;150;800;full;2;1;0;2250;2223;\"Działka 7 \"\"za stodołą\"\"\";Rzepak ozimy;"
                + "\"Wiatr 2 m/s; 12 °C\nOperator: Łukasz\";Herbicyd Śląski;1,5;l/ha;22,5;l;Adiuwant;300;ml/ha;4500;ml",
            "2026-05-02T18:45:10+02:00;258,4;ha;258,4;250;200;equal;0;0;323;64600;64341,6;;;;;1;l/ha;258,4;l;;;;;",
            "2026-11-21T15:04:00+01:00;150;a;1,5;300,5;16;full;28;1;0;450,75;450,75;;;;Mikroelementy;0,75;kg/ha;1,125;kg;"
                + "Siarka;35;g/ha;52,5;g",
        ].joined(separator: "\r\n") + "\r\n")
    }

    func testCSVWithCommasAndDecimalPoints() {
        let text = withTimeZone("UTC0") { HistoryExport.csv([historyFixtureEntries[1], historyFixtureEntries[0]], separator: .comma) }
        let records = text.components(separatedBy: "\r\n")
        XCTAssertEqual(records.count, 4, "header, two records in the order given, nothing after the last CRLF")
        guard records.count == 4 else { return }
        XCTAssertTrue(records[0].hasPrefix("timestamp,area,area_unit,area_ha,spray_rate_l_ha,"), records[0])
        XCTAssertEqual(records[1], "2026-05-02T16:45:10Z,258.4,ha,258.4,250,200,equal,0,0,323,64600,64341.6,,,,,1,l/ha,258.4,l,,,,,")
        XCTAssertEqual(records[2], "2026-04-14T05:30:00Z,15,ha,15,150,800,full,2,1,0,2250,2223,\"Działka 7 \"\"za stodołą\"\"\","
                       + "Rzepak ozimy,\"Wiatr 2 m/s; 12 °C\nOperator: Łukasz\",Herbicyd Śląski,1.5,l/ha,22.5,l,Adiuwant,300,ml/ha,4500,ml")
        XCTAssertEqual(records[3], "")
    }

    func testAnEmptyHistoryIsAHeaderAlone() {
        XCTAssertEqual(HistoryExport.csv([], separator: .comma),
                       "timestamp,area,area_unit,area_ha,spray_rate_l_ha,tank_l,loads_strategy,full_loads,partial_loads,"
                       + "equal_loads,total_liquid_l,total_water_l,parcel,crop,notes\r\n")
        XCTAssertEqual(HistoryExport.json([]), "{\"format\":\"kalkulator-oprysku/history-export\",\"version\":1,\"entries\":[]}\n")
    }

    func testJSONReadsBackWithExactNumbers() throws {
        let text = withTimeZone(warsaw) { HistoryExport.json(historyFixtureEntries) }
        XCTAssertEqual(text.split(separator: "\n").count, 5, "a line for the envelope, one per entry, one to close")
        XCTAssertTrue(text.contains("\"area\":258.4,"), "decimals as written, not through Double")

        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(document["format"] as? String, "kalkulator-oprysku/history-export")
        XCTAssertEqual(document["version"] as? Int, 1)
        let entries = try XCTUnwrap(document["entries"] as? [[String: Any]])
        XCTAssertEqual(entries.map { $0["id"] as? String }, historyFixtureEntries.map(\.id.uuidString))
        XCTAssertEqual(entries.map { $0["timestamp"] as? String },
                       ["2026-04-14T07:30:00+02:00", "2026-05-02T18:45:10+02:00", "2026-11-21T15:04:00+01:00"])

        let first = entries[0]
        XCTAssertEqual(first["parcel"] as? String, "Działka 7 \"za stodołą\"")
        XCTAssertEqual(first["crop"] as? String, "Rzepak ozimy")
        XCTAssertEqual(first["notes"] as? String, "Wiatr 2 m/s; 12 °C\nOperator: Łukasz")
        XCTAssertEqual(first["area"] as? Double, 15)
        XCTAssertEqual(first["area_unit"] as? String, "ha")
        XCTAssertEqual(first["spray_rate_l_ha"] as? Double, 150)
        XCTAssertEqual(first["tank_l"] as? Double, 800)
        XCTAssertEqual(first["loads_strategy"] as? String, "full")
        XCTAssertEqual(first["total_liquid_l"] as? Double, 2250)
        XCTAssertEqual(first["total_water_l"] as? Double, 2223)
        let products = try XCTUnwrap(first["products"] as? [[String: Any]])
        XCTAssertEqual(products.map { $0["name"] as? String }, ["Herbicyd Śląski", "Adiuwant"])
        XCTAssertEqual(products.map { $0["rate"] as? Double }, [1.5, 300])
        XCTAssertEqual(products.map { $0["unit"] as? String }, ["l/ha", "ml/ha"])
        XCTAssertEqual(products.map { $0["total"] as? Double }, [22.5, 4500])
        XCTAssertEqual(products.map { $0["total_unit"] as? String }, ["l", "ml"])
        let loads = try XCTUnwrap(first["loads"] as? [[String: Any]])
        XCTAssertEqual(loads.map { $0["kind"] as? String }, ["full", "partial"])
        XCTAssertEqual(loads.map { $0["count"] as? Int }, [2, 1])
        XCTAssertEqual(loads.map { $0["liquid_l"] as? Double }, [800, 650])
        XCTAssertEqual(loads.map { Set($0.keys) }, [["kind", "count", "liquid_l"], ["kind", "count", "liquid_l"]])

        XCTAssertTrue(entries[1]["parcel"] is NSNull)
        XCTAssertEqual(entries[1]["area_ha"] as? Double, 258.4)
        XCTAssertEqual((entries[1]["loads"] as? [[String: Any]])?.map { $0["count"] as? Int }, [323])
        XCTAssertEqual(entries[2]["area_ha"] as? Double, 1.5)
        XCTAssertEqual(entries[2]["notes"] as? String, "")
    }

    func testWritingReplacesTheFileWholeWithOrdinaryPermissions() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ko-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("historia.csv").path
        try Data("old and longer than the new one".utf8).write(to: URL(fileURLWithPath: file))
        let mask = umask(0o022)
        defer { umask(mask) }
        try HistoryExport.write(Array("nowa".utf8), to: file)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "nowa")
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o644)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["historia.csv"])
        XCTAssertThrowsError(try HistoryExport.write(Array("x".utf8), to: directory.appendingPathComponent("historia.csv/x").path)) {
            XCTAssertEqual(($0 as? ReportSaveError)?.reason, .folderMissing)
        }
    }
}
