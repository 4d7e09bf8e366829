// What another computer or a newer version sends, with a value this version cannot use (an
// unknown word, text for a number, a number out of range, an hour past the day): kept, marked
// and never dropped (issue 62). Each case is a real line of a journal, or of an export or of the
// app's own file, as this version writes it, with one member's value changed as a newer version
// or a hand could write it: the item arrives needing checking, named by the sync, shown in the
// lists with its field and value, and written back byte for byte — in this computer's file, in
// its journal when rebuilt, and on the other computers.

import Foundation
import XCTest

final class KeptFromElsewhereTests: DataFolderTestCase {
    private var farm: URL { directory.appendingPathComponent("farm") }
    private var office: URL { directory.appendingPathComponent("biuro") }
    private var tractor: URL { directory.appendingPathComponent("ciagnik") }
    private static let stranger = "0000000A-0000-4000-8000-000000000000"

    /// One member of an item changed: where it is (`from`, as this version writes it), what a
    /// newer version writes instead (`to`), and what the lists say of it.
    private struct Case {
        var label: String
        var kind: String
        var from: String
        var to: String
        /// What the item is called in the lists, so that each case is its own item.
        var name: (from: String, to: String)
        /// The list's words: the field and the value as shown.
        var shown: String
    }

    private static let cases: [Case] = [
        Case(label: "an end hour of 24:00", kind: "record", from: #""end_time":"12:00""#, to: #""end_time":"24:00""#,
             name: (#""parcel":"P1""#, #""parcel":"P-24""#), shown: "End time: “24:00”"),
        Case(label: "an end hour of 25:00", kind: "record", from: #""end_time":"12:00""#, to: #""end_time":"25:00""#,
             name: (#""parcel":"P1""#, #""parcel":"P-25""#), shown: "End time: “25:00”"),
        Case(label: "wind as text", kind: "record", from: #""wind":3"#, to: #""wind":"4,5""#,
             name: (#""parcel":"P1""#, #""parcel":"P-text""#), shown: "Wind (m/s): “4,5”"),
        Case(label: "wind of 1e300", kind: "record", from: #""wind":3"#, to: #""wind":1e300"#,
             name: (#""parcel":"P1""#, #""parcel":"P-huge""#), shown: "Wind (m/s): “1e300”"),
        Case(label: "a kind of product a newer version adds", kind: "record", from: #""dose_unit":"l","#,
             to: #""dose_unit":"l","kind":"biostimulant","#, name: (#""parcel":"P1""#, #""parcel":"P-kind""#),
             shown: "Product name of Topsin: the kind of product “biostimulant”"),
        Case(label: "a field bordering a forest", kind: "field", from: #""neighbours":["water"]"#, to: #""neighbours":["water","forest"]"#,
             name: (#""name":"Pole""#, #""name":"Las""#), shown: "Borders on (water, apiary, road, buildings): “forest”"),
        Case(label: "an orchard sprayer as text", kind: "sprayer", from: #""name":"Pilmet""#, to: #""name":"Sad","orchard":"yes""#,
             name: ("", ""), shown: "Orchard sprayer (yes or no): “yes”"),
        Case(label: "an interval of 1e20 days", kind: "product", from: #""interval_days":14"#, to: #""interval_days":1e20"#,
             name: (#""name":"Topsin""#, #""name":"Dlugi""#), shown: "Shortest interval between treatments (days): “1e20”"),
        Case(label: "a count of treatments as text", kind: "product", from: #""max_treatments":2"#, to: #""max_treatments":"2""#,
             name: (#""name":"Topsin""#, #""name":"Tekst""#), shown: "Treatments per season allowed: “2”"),
        Case(label: "a lot number as a number", kind: "stock", from: #""lot":"A1""#, to: #""lot":17"#,
             name: (#""product":"Topsin""#, #""product":"Lot""#), shown: "Lot number: “17”"),
        Case(label: "a package in a unit a newer version adds", kind: "stock", from: #""package":{"size":5,"unit":"l"}"#,
             to: #""package":{"size":5,"unit":"beczka"}"#, name: (#""product":"Topsin""#, #""product":"Beczka""#),
             shown: #"Package size: “{"size":5,"unit":"beczka"}”"#),
    ]

    /// The office's farm: a treatment, a field, a product, a sprayer and a purchase, each with
    /// the member a case changes.
    private func makeOfficeItems(_ data: URL) throws {
        let commands: [[String]] = [
            ["record", "add", "--date", "2026-04-14", "--start", "10:00", "--end", "12:00", "--wind", "3", "--parcel", "P1",
             "--treated-area", "2", "--crop", "TRZAW", "--product", "Topsin=1,5 l/ha", "--reason", "mączniak"],
            ["library", "add", "field", "--name", "Pole", "--area", "3", "--neighbour", "water"],
            ["library", "add", "product", "--name", "Topsin", "--rate", "1", "--max-treatments", "2", "--interval", "14"],
            ["library", "add", "sprayer", "--name", "Pilmet", "--tank", "2500"],
            ["stock", "add", "--product", "Topsin", "--quantity", "20 l", "--date", "2026-04-01", "--lot", "A1", "--package", "5 l"],
        ]
        for command in commands {
            let result = try run(command, data: data)
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
        }
    }

    /// Which list shows an item of `kind`.
    private func list(_ kind: String, _ data: URL) throws -> String {
        switch kind {
        case "record": try run(["record", "list"], data: data).stdout
        case "stock": try run(["stock", "list"], data: data).stdout
        default: try run(["library", "list"], data: data).stdout
        }
    }

    /// The app's own file an item of `kind` is kept in.
    private func file(_ kind: String, _ data: URL) throws -> String {
        let name = ["record": "records.json", "stock": "stock.json"][kind] ?? "library.json"
        return try String(contentsOf: data.appendingPathComponent(name), encoding: .utf8)
    }

    /// `line` as the stranger's: its computer, new ids (its own items), the case's name and value.
    private func strangers(_ line: String, _ change: Case) throws -> String {
        XCTAssertTrue(line.contains(change.from), "\(change.label): \(line)")
        var changed = line.replacingOccurrences(of: change.from, with: change.to)
        if !change.name.from.isEmpty { changed = changed.replacingOccurrences(of: change.name.from, with: change.name.to) }
        changed = changed.replacingOccurrences(of: #""computer":"[^"]*""#, with: "\"computer\":\"\(Self.stranger)\"", options: .regularExpression)
        let ids = try NSRegularExpression(pattern: #""id":"([0-9A-F-]{36})""#).matches(in: changed, range: NSRange(changed.startIndex..., in: changed))
            .map { String(changed[Range($0.range(at: 1), in: changed)!]) }
        for id in Set(ids) { changed = changed.replacingOccurrences(of: id, with: UUID().uuidString) }
        return changed
    }

    /// The journal `data`'s computer writes in the farm folder.
    private func journal(of data: URL) throws -> URL {
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: data.appendingPathComponent("sync.json"))) as? [String: Any]
        let id = try XCTUnwrap((state?["items"] as? [[String: Any]])?.first?["computer"] as? String)
        return farm.appendingPathComponent("kalkulator-oprysku-journal-\(id.lowercased()).jsonl")
    }

    func testWhatAnotherComputerSendsIsKeptMarkedNamedAndWrittenBack() throws {
        try FileManager.default.createDirectory(at: farm, withIntermediateDirectories: false)
        for (data, name) in [(office, "Biuro"), (tractor, "Ciągnik")] {
            XCTAssertEqual(try run(["sync", "folder", farm.path, "--name", name], data: data).status, 0)
        }
        try makeOfficeItems(office)
        let journals = try FileManager.default.contentsOfDirectory(atPath: farm.path).filter { $0.hasSuffix(".jsonl") }
        let lines = try journals.flatMap { try String(contentsOf: farm.appendingPathComponent($0), encoding: .utf8).split(separator: "\n").map(String.init) }
        func line(of kind: String) throws -> String {
            let marker = ["record": "\"record\":{", "stock": "\"stock\":{"][kind] ?? "\"kind\":\"\(kind)\""
            return try XCTUnwrap(lines.first { $0.contains(marker) }, kind)
        }
        // A second computer's journal: one line for each case, an item of its own.
        let strangersLines = try Self.cases.map { try strangers(try line(of: $0.kind), $0) }.joined(separator: "\n") + "\n"
        try Data(strangersLines.utf8).write(to: farm.appendingPathComponent("kalkulator-oprysku-journal-\(Self.stranger.lowercased()).jsonl"))

        let synced = try run(["sync", "now"], data: tractor)
        XCTAssertEqual(synced.status, 0, synced.stderr)
        XCTAssertTrue(synced.stdout.contains("records added: 6"), "the office's record and the stranger's five: \(synced.stdout)")
        XCTAssertFalse(synced.stderr.contains("cannot be read"), "no line left out: \(synced.stderr)")
        XCTAssertTrue(try run(["sync", "now"], data: office).status == 0)
        XCTAssertEqual(try run(["sync", "rebuild"], data: tractor).status, 0)
        let tractorJournal = try String(contentsOf: try journal(of: tractor), encoding: .utf8)
        for change in Self.cases {
            // Named by the sync that brought it, with its field and value.
            XCTAssertTrue(synced.stderr.contains(change.shown), "\(change.label): the sync names it: \(synced.stderr)")
            // Shown needing checking in its list.
            let listed = try list(change.kind, tractor)
            XCTAssertTrue(listed.contains(change.shown + " is a value this version of the app cannot use"), "\(change.label): \(listed)")
            // Kept as it came in this computer's file and the other's, and in this computer's journal when rebuilt.
            XCTAssertTrue(try file(change.kind, tractor).contains(change.to), "\(change.label): the tractor's file")
            XCTAssertTrue(try file(change.kind, office).contains(change.to), "\(change.label): the office's file")
            XCTAssertTrue(tractorJournal.contains(change.to), "\(change.label): written back to the farm folder")
        }
        // The words it knows still count: the field bordering water and a forest keeps its distance to water.
        let library = try list("field", tractor)
        XCTAssertTrue(library.contains("Las — 3 ha · borders on water"), library)
        XCTAssertTrue(try run(["record", "list"], data: tractor).stdout.contains("6 records: 6 incomplete, 0 withdrawn, 5 need checking"))
    }

    /// `file` with each of `changes` made (every one must be there to make).
    private func changed(_ file: URL, _ changes: [(String, String)], into name: String) throws -> URL {
        var text = try String(contentsOf: file, encoding: .utf8)
        for (from, to) in changes {
            XCTAssertTrue(text.contains(from), "\(from) in \(file.lastPathComponent)")
            text = text.replacingOccurrences(of: from, with: to)
        }
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    func testAnImportOfRecordsOrOfTheLibraryKeepsWhatItCannotUse() throws {
        try makeOfficeItems(office)
        let records = directory.appendingPathComponent("records-export.json"), library = directory.appendingPathComponent("library-export.json")
        XCTAssertEqual(try run(["record", "export", "--format", "json", "--output", records.path], data: office).status, 0)
        XCTAssertEqual(try run(["library", "export", "--output", library.path], data: office).status, 0)
        // As a newer version's export, laid out for reading.
        let newerRecords = try changed(records, [(#""end_time" : "12:00""#, #""end_time" : "24:00""#), (#""wind" : 3"#, #""wind" : "4,5""#)],
                                       into: "newer-records.json")
        let newerLibrary = try changed(library, [(#""interval_days" : 14"#, #""interval_days" : 1e20"#), (#""max_treatments" : 2"#, #""max_treatments" : "2""#),
                                                 (#""water""#, #""water", "forest""#)], into: "newer-library.json")

        let other = directory.appendingPathComponent("inny")
        let imported = try run(["record", "import", newerRecords.path], data: other)
        XCTAssertEqual(imported.status, 1, "imported, and needs checking: \(imported.stderr)")
        let listed = try run(["record", "list"], data: other).stdout
        for shown in ["End time: “24:00”", "Wind (m/s): “4,5”"] {
            XCTAssertTrue(imported.stderr.contains(shown), "\(shown): \(imported.stderr)")
            XCTAssertTrue(listed.contains(shown), "\(shown): \(listed)")
        }
        let kept = try file("record", other)
        XCTAssertTrue(kept.contains(#""end_time":"24:00""#) && kept.contains(#""wind":"4,5""#), kept)
        // And exported again as it came: a second import changes nothing.
        let again = directory.appendingPathComponent("again.json")
        XCTAssertEqual(try run(["record", "export", "--format", "json", "--output", again.path], data: other).status, 0)
        XCTAssertTrue(try String(contentsOf: again, encoding: .utf8).contains(#""end_time" : "24:00""#))
        XCTAssertTrue(try run(["record", "import", again.path], data: other).stdout.contains("0 added"))

        let takenIn = try run(["library", "import", newerLibrary.path], data: other)
        XCTAssertEqual(takenIn.status, 1, "imported, and needs checking: \(takenIn.stderr)")
        let items = try list("product", other)
        for shown in ["Shortest interval between treatments (days): “1e20”", "Treatments per season allowed: “2”",
                      "Borders on (water, apiary, road, buildings): “forest”"] {
            XCTAssertTrue(takenIn.stderr.contains(shown), "\(shown): \(takenIn.stderr)")
            XCTAssertTrue(items.contains(shown), "\(shown): \(items)")
        }
        let keptItems = try file("product", other)
        for member in [#""interval_days":1e20"#, #""max_treatments":"2""#, #""neighbours":["water","forest"]"#] {
            XCTAssertTrue(keptItems.contains(member), "\(member): \(keptItems)")
        }
    }

    func testTheAppsOwnFilesFromANewerVersionKeepWhatThisOneCannotUse() throws {
        try makeOfficeItems(office)
        let cases: [(kind: String, from: String, to: String, shown: String, change: [String])] = [
            ("record", #""end_time":"12:00""#, #""end_time":"25:00""#, "End time: “25:00”",
             ["record", "add", "--date", "2026-04-15", "--parcel", "P2", "--treated-area", "1", "--crop", "TRZAW", "--product", "Topsin=1 l/ha",
              "--reason", "mączniak"]),
            ("field", #""neighbours":["water"]"#, #""neighbours":["water","forest"]"#, "Borders on (water, apiary, road, buildings): “forest”",
             ["library", "add", "product", "--name", "Nowy", "--rate", "1"]),
            ("sprayer", #""name":"Pilmet""#, #""name":"Pilmet","orchard":"yes""#, "Orchard sprayer (yes or no): “yes”",
             ["library", "add", "operator", "--name", "Jan"]),
            ("stock", #""lot":"A1""#, #""lot":17"#, "Lot number: “17”",
             ["stock", "add", "--product", "Topsin", "--quantity", "5 l", "--date", "2026-04-02"]),
        ]
        for (kind, from, to, shown, change) in cases {
            let name = ["record": "records.json", "stock": "stock.json"][kind] ?? "library.json"
            let url = office.appendingPathComponent(name)
            try Data(try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: from, with: to).utf8).write(to: url)
            let listed = try list(kind, office)
            XCTAssertTrue(listed.contains(shown + " is a value this version"), "\(kind): \(listed)")
            // Another change rewrites the file: the value stays as it came.
            let changed = try run(change, data: office)
            XCTAssertEqual(changed.status, 0, changed.stderr)
            XCTAssertTrue(try file(kind, office).contains(to), "\(kind): written back")
            XCTAssertTrue(try list(kind, office).contains(shown), kind)
        }
        // A restore of a backup holding them keeps them too, and says what needs checking.
        let backup = directory.appendingPathComponent("kopia.json")
        XCTAssertEqual(try run(["backup", "--output", backup.path], data: office).status, 0)
        let restored = try run(["restore", backup.path, "--yes"], data: directory.appendingPathComponent("inny"))
        XCTAssertEqual(restored.status, 1, restored.stderr)
        for shown in ["End time: “25:00”", "“forest”", "“yes”", "Lot number: “17”"] {
            XCTAssertTrue(restored.stderr.contains(shown), "\(shown): \(restored.stderr)")
        }
        XCTAssertTrue(try file("record", directory.appendingPathComponent("inny")).contains(#""end_time":"25:00""#))
    }

    // MARK: The settings of a newer version

    private func writeSettings(_ item: String) throws {
        let config = directory.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(Self.settingsFile(item).utf8).write(to: config.appendingPathComponent("settings.json"))
    }

    private static func settingsFile(_ item: String) -> String {
        #"{"format":"kalkulator-oprysku/settings","version":1,"items":["# + item + "]}"
    }

    private var configFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("config").path)) ?? []).sorted()
    }

    func testANewerVersionsSettingsAreKeptAndTheirValuesUsed() throws {
        try makeOfficeItems(dataDirectory)
        // A value this version lacks is its default in use; what it can use still counts.
        let cases: [(label: String, item: String, printed: [String])] = [
            ("the theme sepia", #"{"farmName":"Gospodarstwo Nowak","producerNumber":"123456789","theme":"sepia"}"#,
             ["Gospodarstwo Nowak", "123456789"]),
            ("the language de", #"{"farmName":"Gospodarstwo Nowak","language":"de","producerNumber":"123456789","theme":"dark"}"#,
             ["Gospodarstwo Nowak", "123456789"]),
            ("no theme", #"{"farmName":"Gospodarstwo Nowak","producerNumber":"123456789"}"#, ["Gospodarstwo Nowak", "123456789"]),
            ("the farm's name as a number", #"{"farmName":123,"producerNumber":"123456789","theme":"dark"}"#, ["123456789"]),
        ]
        for (label, item, printed) in cases {
            try writeSettings(item)
            let pdf = directory.appendingPathComponent("register.pdf")
            // A read-only export reads the settings (the farm's name and number on the register).
            let exported = try run(["record", "export", "--format", "pdf", "--output", pdf.path])
            XCTAssertEqual(exported.status, 0, "\(label): \(exported.stderr)")
            XCTAssertFalse(exported.stderr.contains("settings.json"), "\(label): nothing said of the settings: \(exported.stderr)")
            XCTAssertEqual(configFiles.filter { $0.hasPrefix("settings.json") && $0 != "settings.json.lock" }, ["settings.json"],
                           "\(label): nothing moved aside")
            let text = try pdfText(pdf)
            for words in printed { XCTAssertTrue(text.contains(words), "\(label): \(words) on the register") }
            XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("config/settings.json"), encoding: .utf8),
                           Self.settingsFile(item), "\(label): the file as it was")
        }
    }

    func testASettingsFileThatCannotBeReadIsSetAsideAndSaidOnce() throws {
        try makeOfficeItems(dataDirectory)
        try writeSettings(#"{"theme":"#)
        let pdf = directory.appendingPathComponent("register.pdf")
        let first = try run(["record", "export", "--format", "pdf", "--output", pdf.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains("settings.json was damaged and could not be read. It was renamed to"), first.stderr)
        XCTAssertEqual(configFiles.filter { $0.hasPrefix("settings.json.corrupt-") }.count, 1)
        let second = try run(["record", "export", "--format", "pdf", "--output", pdf.path])
        XCTAssertFalse(second.stderr.contains("settings.json"), "said once: \(second.stderr)")
    }

    private func pdfText(_ pdf: URL) throws -> String {
        let result = try Binary.run(executable: "/usr/bin/pdftotext", ["-layout", pdf.path, "-"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }
}
