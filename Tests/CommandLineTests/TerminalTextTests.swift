// Text from outside never drives the terminal: names, notes and fields that come from a file
// (a restored backup, the ministry's register), or from the farm folder (another computer's
// journal, a journal's file name) reach the printed text of every command with their control
// characters and text-direction marks made harmless; this computer's name follows the rules
// of a record's text; and a journal line in another computer's file that gives this
// computer's id is ignored and said, never renaming this computer.

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

final class TerminalTextTests: DataFolderTestCase {
    /// What a hostile file puts in a name: a title change (OSC … BEL), a screen clear (CSI),
    /// a C1 CSI, DEL, a carriage return, a right-to-left override and an isolate.
    private static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{7F}\r\u{202E}\u{2066}X"

    /// `hostile` as the inside of a JSON string.
    private static var hostileJSON: String {
        hostile.unicodeScalars.map { scalar in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value > 0x2000
                ? String(format: "\\u%04x", scalar.value) : String(scalar)
        }.joined()
    }

    /// Fails when `text` holds a byte below 0x20 other than a line break or a tab, DEL, a C1
    /// control, or a text-direction embedding, override or isolate (U+202A–U+202E, U+2066–U+2069).
    private func assertHarmless(_ text: String, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let bad = text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A, 0x09: false
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
        XCTAssertTrue(bad.isEmpty, "\(label): \(bad.map { String(format: "U+%04X", $0.value) }) in \(text.debugDescription)",
                      file: file, line: line)
    }

    // MARK: A restored backup

    /// A history entry, a record and library items named with `hostile`, arriving by a restore:
    /// `record pending`, `record list`, `library list` and the restore itself print them harmless.
    func testABackupsNamesArePrintedHarmless() throws {
        let source = directory.appendingPathComponent("inny")
        let made = [
            ["calc", "--area", "4", "--spray-rate", "200", "--tank", "1000", "--product", "Fung MARK=1 l/ha", "--save",
             "--parcel", "Pole MARK", "--crop", "Pszenica MARK", "--notes", "wiatr MARK"],
            ["record", "add", "--date", "2026-04-14", "--parcel", "Pole MARK", "--treated-area", "2", "--crop", "TRZAW",
             "--product", "Topsin MARK=1,5 l/ha", "--reason", "mączniak MARK", "--operator", "Jan MARK"],
            ["library", "add", "product", "--name", "Miedzian MARK", "--rate", "2", "--unit", "kg/ha"],
            ["library", "add", "field", "--name", "Działka MARK", "--area", "3"],
        ]
        for arguments in made {
            let result = try run(arguments, data: source)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
        }
        let backup = directory.appendingPathComponent("kopia.json")
        XCTAssertEqual(try run(["backup", "--output", backup.path], data: source).status, 0)
        // Inside the backup each file is a JSON string holding JSON: the escape is written twice.
        let text = try String(contentsOf: backup, encoding: .utf8)
        XCTAssertTrue(text.contains("MARK"))
        let doubled = Self.hostileJSON.replacingOccurrences(of: "\\", with: "\\\\")
        try Data(text.replacingOccurrences(of: "MARK", with: "MARK" + doubled).utf8).write(to: backup)

        let restored = try run(["restore", backup.path, "--yes"])
        XCTAssertEqual(restored.status, 1, "the record breaks the rules: restored, needing checking — \(restored.stderr)")
        assertHarmless(restored.stdout, "restore")
        assertHarmless(restored.stderr, "restore (stderr)")

        for arguments in [["record", "pending"], ["record", "list"], ["library", "list"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stdout.contains("MARK"), "\(arguments) prints the names: \(result.stdout)")
            assertHarmless(result.stdout, arguments.joined(separator: " "))
            assertHarmless(result.stderr, arguments.joined(separator: " ") + " (stderr)")
        }
        // JSON escapes what it holds: the names are there whole, for programs.
        let json = try run(["record", "pending", "--format", "json"])
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(entries.first?["parcel"] as? String, "Pole MARK" + Self.hostile)
        // A CSV or a library export is the text as it is when piped; shown on a terminal, it is harmless.
        XCTAssertTrue(try run(["record", "export", "--format", "csv"]).stdout.unicodeScalars.contains("\u{202E}"), "a pipe gets the text whole")
        for arguments in [["record", "export", "--format", "csv"], ["library", "export"], ["record", "list", "--format", "json"]] {
            let piped = try run(arguments)
            XCTAssertTrue(piped.stdout.contains("MARK"), "\(arguments)")
            XCTAssertEqual(piped.status, 0, "\(arguments): \(piped.stderr)")
            let shown = try onATerminal(arguments)
            XCTAssertTrue(shown.contains("MARK"), "\(arguments) on a terminal: \(shown)")
            assertHarmless(shown, arguments.joined(separator: " ") + " on a terminal")
        }
    }

    /// What `arguments` print on a terminal (a pseudo-terminal of script(1)), line breaks as LF
    /// (the terminal writes each LF as CR LF, and a CSV's own CR LF as CR CR LF).
    private func onATerminal(_ arguments: [String]) throws -> String {
        let command = ([Binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let result = try Binary.run(executable: "/usr/bin/script", ["-qec", command, "/dev/null"],
                                    environment: ["KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory.path,
                                                  "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path,
                                                  "LANGUAGE": "en", "TZ": "UTC0"])
        // A chroot without /dev/pts mounted (tools/test-debian13's root) has no terminal to give.
        if result.status != 0, result.stderr.contains("failed to create pseudo-terminal") {
            throw XCTSkip("no pseudo-terminal here (/dev/pts is not mounted): OutputFileTerminalTests checks the same text without one")
        }
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.replacingOccurrences(of: "\r\r\n", with: "\n").replacingOccurrences(of: "\r\n", with: "\n")
    }

    // MARK: The ministry's register

    func testTheRegistersNamesAndItsFileNameArePrintedHarmless() throws {
        let file = directory.appendingPathComponent("rejestr\u{1B}[2J.csv")
        let header = "nazwa;NrZezw;TerminZezw;TerminDoSprzedazy;TerminDoStosowania;Rodzaj;Substancja_czynna;uprawa;agrofag;dawka;termin;"
            + "nazwa_grupy;maloobszarowe;zastosowanie/uzytkownik;srodek_mikrobiologiczny;etykieta\n"
        let row = "Zly MARK\(Self.hostile);R-1/2020;2030-12-31;;;Fungicyd;azoksystrobina - 250 g;pszenica ozima MARK\(Self.hostile);"
            + "septorioza;Maksymalna dawka: 1,0 l/ha;BBCH 31-69;ROŚLINY ROLNICZE;NIE;profesjonalne;NIE;x\n"
        try Data((header + row).utf8).write(to: file)
        let imported = try run(["register", "import", file.path])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        for arguments in [["register", "status"], ["register", "search", "zly"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            assertHarmless(result.stdout, arguments.joined(separator: " "))
        }
        XCTAssertTrue(try run(["register", "search", "zly"]).stdout.contains("Zly MARK"))
    }

    // MARK: The farm folder

    private var farm: URL { directory.appendingPathComponent("farm") }
    private var office: URL { directory.appendingPathComponent("biuro") }

    private func ownID(_ data: URL) throws -> String {
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: data.appendingPathComponent("sync.json"))) as? [String: Any]
        let items = try XCTUnwrap(state?["items"] as? [[String: Any]])
        return try XCTUnwrap(items.first?["computer"] as? String)
    }

    private func journal(of computer: String, _ middle: String = "") -> URL {
        farm.appendingPathComponent("kalkulator-oprysku-journal-\(computer.lowercased())\(middle).jsonl")
    }

    /// Another computer's name, a library item it sent and a journal's file name, each with
    /// `hostile` in it: `sync now`, `sync status` and `library list` print them harmless.
    func testTheFarmFoldersNamesArePrintedHarmless() throws {
        try FileManager.default.createDirectory(at: farm, withIntermediateDirectories: false)
        XCTAssertEqual(try run(["sync", "folder", farm.path, "--name", "Biuro"], data: office).status, 0)
        let stranger = "0000000A-0000-4000-8000-000000000000"
        let item = #"{"authorisation":"","id":"0000000B-0000-4000-8000-000000000000","kind":"product","#
            + #""name":"Miedzian MARK\#(Self.hostileJSON)","notes":"","rate":2,"unit":"kg/ha"}"#
        let lines = [
            #"{"at":"2026-11-25T19:00:00Z","computer":"\#(stranger)","journal":1,"name":"Ciągnik MARK\#(Self.hostileJSON)"}"#,
            #"{"at":"2026-11-25T19:00:01Z","computer":"\#(stranger)","journal":1,"library":\#(item)}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: journal(of: stranger))
        // A third computer whose name is longer than a name may be: shown cut at 200 characters.
        let long = "0000000D-0000-4000-8000-000000000000"
        try Data((#"{"at":"2026-11-25T18:00:00Z","computer":"\#(long)","journal":1,"name":"\#(String(repeating: "Z", count: 5000))"}"#
                  + "\n").utf8).write(to: journal(of: long))
        // A sync tool's copy under a name with an escape in it, holding a line that cannot be read.
        try Data("not a journal line\n".utf8).write(to: journal(of: stranger, ".sync-conflict-\u{1B}]0;pwned\u{07}"))

        let synced = try run(["sync", "now"], data: office)
        XCTAssertEqual(synced.status, 0, synced.stderr)
        assertHarmless(synced.stdout, "sync now")
        assertHarmless(synced.stderr, "sync now (stderr)")
        XCTAssertTrue(synced.stderr.contains("1 line cannot be read"), synced.stderr)

        let status = try run(["sync", "status"], data: office)
        XCTAssertTrue(status.stdout.contains("Shared with: Ciągnik MARK"), status.stdout)
        XCTAssertTrue(status.stdout.contains("1 line cannot be read"), status.stdout)
        XCTAssertTrue(status.stdout.contains(" " + String(repeating: "Z", count: 200) + "… (last change 2026-11-25"), status.stdout)
        XCTAssertFalse(status.stdout.contains(String(repeating: "Z", count: 201)))
        assertHarmless(status.stdout, "sync status")

        let library = try run(["library", "list"], data: office)
        XCTAssertTrue(library.stdout.contains("Miedzian MARK"), library.stdout + library.stderr)
        assertHarmless(library.stdout, "library list")

        // JSON keeps the name whole (escaped).
        let json = try JSONSerialization.jsonObject(with: Data(try run(["sync", "status", "--format", "json"], data: office).stdout.utf8))
        let computers = try XCTUnwrap((json as? [String: Any])?["computers"] as? [[String: Any]])
        XCTAssertTrue(computers.contains { $0["name"] as? String == "Ciągnik MARK" + Self.hostile }, "\(computers)")
    }

    /// `sync folder --name` takes what a record's text may be, and nothing is shared otherwise.
    func testAComputerNameFollowsTheTextRules() throws {
        try FileManager.default.createDirectory(at: farm, withIntermediateDirectories: false)
        let cases: [(String, String)] = [
            ("A\u{1B}[2JB", "--name: contains a control character"),
            ("Biuro\nCiągnik", "--name: contains a control character"),
            ("Biuro\u{202E}orueb", "--name: contains a control character"),
            ("Biuro\u{2067}", "--name: contains a control character"),
            (String(repeating: "B", count: 201), "--name: too long: at most 200 characters"),
            ("", "--name: needs a value"),
            ("   ", "--name: needs a value"),
        ]
        for (name, message) in cases {
            let refused = try run(["sync", "folder", farm.path, "--name", name], data: office)
            XCTAssertEqual(refused.status, 2, name.debugDescription)
            XCTAssertTrue(refused.stderr.hasPrefix(message), "\(name.debugDescription): \(refused.stderr)")
            XCTAssertEqual(refused.stdout, "")
            assertHarmless(refused.stderr, name.debugDescription)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: farm.path), [], "nothing was shared")
        XCTAssertEqual(try run(["sync", "status"], data: office).stdout,
                       "The record is not shared with other computers (see: sync folder).\n")
        let polish = try run(["sync", "folder", farm.path, "--name", "A\u{1B}[2JB"], data: office, language: "pl")
        XCTAssertTrue(polish.stderr.hasPrefix("--name: zawiera znak sterujący"), polish.stderr)

        let accepted = try run(["sync", "folder", farm.path, "--name", String(repeating: "B", count: 200)], data: office)
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
    }

    /// Another computer's journal with lines in this computer's name: its name, a record and a
    /// library item. None is taken; the lines are counted in a warning; this computer keeps its name.
    func testALineInAnotherJournalClaimingThisComputerIsIgnored() throws {
        try FileManager.default.createDirectory(at: farm, withIntermediateDirectories: false)
        XCTAssertEqual(try run(["sync", "folder", farm.path, "--name", "Biuro"], data: office).status, 0)
        let added = try run(["record", "add", "--date", "2026-04-14", "--parcel", "P1", "--treated-area", "2", "--crop", "TRZAW",
                             "--product", "Topsin=1,5 l/ha", "--reason", "mączniak"], data: office)
        XCTAssertEqual(added.status, 0, added.stderr)
        let ours = try ownID(office)
        // A record line of this computer's own journal, made a new record on a new parcel.
        let own = try String(contentsOf: journal(of: ours), encoding: .utf8)
        let recordLine = try XCTUnwrap(own.split(separator: "\n").first { $0.contains("\"record\":") })
        let recordID = try XCTUnwrap(added.stdout.split(separator: "\n").first).uppercased()
        let forged = String(recordLine).replacingOccurrences(of: recordID, with: "0000000C-0000-4000-8000-000000000000")
            .replacingOccurrences(of: "\"P1\"", with: "\"Forged\"")
        XCTAssertNotEqual(forged, String(recordLine))
        let stranger = "0000000A-0000-4000-8000-000000000000"
        let lines = [
            #"{"at":"2026-11-25T19:00:00Z","computer":"\#(stranger)","journal":1,"name":"Ciągnik"}"#,
            #"{"at":"2099-01-01T00:00:00Z","computer":"\#(ours)","journal":1,"name":"Hacked"}"#,
            forged,
            #"{"at":"2099-01-01T00:00:02Z","computer":"\#(ours)","journal":1,"library":{"authorisation":"","id":"0000000B-0000-4000-8000-000000000000","kind":"product","name":"Forged","notes":"","rate":2,"unit":"kg/ha"}}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: journal(of: stranger))

        let synced = try run(["sync", "now"], data: office)
        XCTAssertEqual(synced.status, 0, synced.stderr)
        let warning = "kalkulator-oprysku-journal-\(stranger.lowercased()).jsonl: 3 lines claim to come from this computer, "
            + "which did not write them there; they were ignored."
        XCTAssertTrue(synced.stderr.contains(warning), synced.stderr)
        XCTAssertFalse(synced.stderr.contains("cannot be read"), synced.stderr)
        XCTAssertTrue(synced.stdout.contains("records added: 0"), synced.stdout)

        let status = try run(["sync", "status"], data: office)
        XCTAssertTrue(status.stdout.hasPrefix("This computer: Biuro (\(ours))\n"), status.stdout)
        XCTAssertTrue(status.stdout.contains("Shared with: Ciągnik (last change 2026-11-25"), status.stdout)
        XCTAssertTrue(status.stdout.contains(warning), status.stdout)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try run(["sync", "status", "--format", "json"], data: office).stdout.utf8))
                                 as? [String: Any])
        XCTAssertEqual(json["name"] as? String, "Biuro")
        let computers = try XCTUnwrap(json["computers"] as? [[String: Any]])
        XCTAssertEqual(computers.first { $0["this_computer"] as? Bool == true }?["name"] as? String, "Biuro")
        XCTAssertFalse(computers.contains { $0["name"] as? String == "Hacked" }, "\(computers)")
        XCTAssertFalse(computers.contains { ($0["last_change"] as? String ?? "").hasPrefix("2099") }, "\(computers)")

        XCTAssertFalse(try run(["record", "list"], data: office).stdout.contains("Forged"))
        XCTAssertFalse(try run(["library", "list"], data: office).stdout.contains("Forged"))
        // Said again by the next merge too, not only once.
        XCTAssertTrue(try run(["sync", "now"], data: office).stderr.contains(warning))
    }
}
