// The rules every stored file follows, on a small item type: missing, damaged, newer and
// unreadable files, and atomic, locked writes. Store-specific behaviour is in the store tests.

@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import Synchronization
import XCTest

private struct Note: Codable, Equatable, Sendable {
    var text: String
}

/// A note kept one per line, as records and history entries are.
private struct LineNote: Codable, Equatable, Sendable, JSONLineCodable {
    var text: String

    init(text: String) {
        self.text = text
    }

    func appendJSON(to line: inout String, numbers: inout DecimalTexts) {
        line += "{\"text\":"
        JSONValue.appendQuoted(text, to: &line)
        line += "}"
    }

    init(scanner: inout JSONScanner, numbers: inout DecimalTexts) throws(JSONReadError) {
        var text: String?
        try scanner.beginObject()
        while let key = try scanner.nextMember() {
            if key == "text" { text = try scanner.string() } else { try scanner.skipValue() }
        }
        guard let text else { throw scanner.error("a text") }
        self.text = text
    }
}

/// 2026-11-21 15:30:12 UTC, the time stamped on files set aside in these tests.
private let setAsideTime = Date(timeIntervalSince1970: 1_795_275_012)

final class VersionedFileTests: TemporaryDirectoryTestCase {
    private func notes(_ url: URL) -> VersionedFile<Note> {
        VersionedFile(url: url, kind: "notes", version: 2, now: { setAsideTime })
    }

    // Damaged files

    private let damaged: [(name: String, text: String)] = [
        ("empty file", ""),
        ("not JSON", "favorites, please"),
        ("cut off", #"{"format": "kalkulator-oprysku/notes", "version": 1, "items": [{"text": "a"#),
        ("another kind of file", #"{"format": "kalkulator-oprysku/settings", "version": 1, "items": []}"#),
        ("no format", #"{"version": 1, "items": []}"#),
        ("no version", #"{"format": "kalkulator-oprysku/notes", "items": []}"#),
        ("version as text", #"{"format": "kalkulator-oprysku/notes", "version": "1", "items": []}"#),
        ("version 0", #"{"format": "kalkulator-oprysku/notes", "version": 0, "items": []}"#),
        ("no items", #"{"format": "kalkulator-oprysku/notes", "version": 1}"#),
        ("items not a list", #"{"format": "kalkulator-oprysku/notes", "version": 1, "items": {"text": "a"}}"#),
        ("a JSON list", "[]"),
    ]

    func testDamagedFilesAreSetAsideWithTheirBytes() throws {
        for (index, example) in damaged.enumerated() {
            let url = try write(example.text, to: "notes-\(index).json")
            let aside = url.path + ".corrupt-20261121T153012Z"
            let contents = try notes(url).load()
            XCTAssertEqual(contents, .init(notices: [.movedAside(original: url.path, aside: aside)]), example.name)
            XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), example.name)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: aside)), Data(example.text.utf8), example.name)
        }
    }

    func testSettingAsideNeverReplacesAnEarlierDamagedFile() throws {
        let url = try write("{", to: "notes.json")
        let stamped = url.path + ".corrupt-20261121T153012Z"
        try Data("first".utf8).write(to: URL(fileURLWithPath: stamped))
        try Data("second".utf8).write(to: URL(fileURLWithPath: stamped + "-2"))

        let contents = try notes(url).load()

        XCTAssertEqual(contents.notices, [.movedAside(original: url.path, aside: stamped + "-3")])
        XCTAssertEqual(try bytes(URL(fileURLWithPath: stamped)), Data("first".utf8))
        XCTAssertEqual(try bytes(URL(fileURLWithPath: stamped + "-2")), Data("second".utf8))
        XCTAssertEqual(try bytes(URL(fileURLWithPath: stamped + "-3")), Data("{".utf8))
    }

    func testModifySetsADamagedFileAsideBeforeWriting() throws {
        let url = try write("not json", to: "notes.json")
        let contents = try notes(url).modify { $0.append(Note(text: "new")) }
        XCTAssertEqual(contents, .init(items: [Note(text: "new")],
                                       notices: [.movedAside(original: url.path, aside: url.path + ".corrupt-20261121T153012Z")]))
        XCTAssertEqual(try bytes(path("notes.json.corrupt-20261121T153012Z")), Data("not json".utf8))
        XCTAssertEqual(try notes(url).load(), .init(items: [Note(text: "new")]))
    }

    // Items that do not decode

    func testAnItemThatDoesNotDecodeIsKeptAndTheOthersRead() throws {
        let text = #"{"format": "kalkulator-oprysku/notes", "version": 2, "items": [{"text": "a"}, {"text": 5}, {"text": "c"}, "d"]}"#
        let url = try write(text, to: "notes.json")
        let kept = [UnreadableItem(json: Array(#"{"text": 5}"#.utf8)), UnreadableItem(json: Array(#""d""#.utf8))]
        let notice = StorageNotice.unreadableItems(path: url.path, count: 2)

        XCTAssertEqual(try notes(url).load(), .init(items: [Note(text: "a"), Note(text: "c")], notices: [notice], unreadable: kept))
        XCTAssertEqual(try notes(url).modify { $0.append(Note(text: "e")) }.items, [Note(text: "a"), Note(text: "c"), Note(text: "e")])
        XCTAssertEqual(try notes(url).load(), .init(items: [Note(text: "a"), Note(text: "c"), Note(text: "e")],
                                                    notices: [notice], unreadable: kept))
        try notes(url).modify { $0 = [] }
        XCTAssertEqual(try notes(url).load(), .init(notices: [notice], unreadable: kept))
        XCTAssertEqual(try listing(), ["notes.json", "notes.json.lock"])
    }

    func testAFileOfOneItemThatDoesNotDecodeIsSetAside() throws {
        let text = #"{"format": "kalkulator-oprysku/notes", "version": 2, "items": [{"text": 5}]}"#
        let url = try write(text, to: "notes.json")
        let file = VersionedFile<Note>(url: url, kind: "notes", version: 2, keepsUnreadableItems: false, now: { setAsideTime })
        let aside = url.path + ".corrupt-20261121T153012Z"
        XCTAssertEqual(try file.load(), .init(notices: [.movedAside(original: url.path, aside: aside)]))
        XCTAssertEqual(try bytes(URL(fileURLWithPath: aside)), Data(text.utf8))
    }

    // Locks

    func testAChangeWaitsForTheLockAndSaysSoOnce() throws {
        let url = path("notes.json")
        let held = try POSIXFile.lockExclusively(url.path + ".lock", for: url.path, patience: .interactive)
        let told = Mutex<[String]>([])
        // Told while waiting, the holder lets go: the change then goes through.
        let patience = LockPatience(tellAfter: .zero, giveUpAfter: .seconds(60)) { path in
            told.withLock { $0.append(path) }
            POSIXFile.unlock(held)
        }
        let file = VersionedFile<Note>(url: url, kind: "notes", version: 2, patience: patience)
        try file.modify { $0.append(Note(text: "a")) }
        XCTAssertEqual(told.withLock { $0 }, [url.path])
        XCTAssertEqual(try notes(url).load().items, [Note(text: "a")])
    }

    func testAChangeGivesUpOnALockHeldTooLongAndChangesNothing() throws {
        let url = try write(#"{"format": "kalkulator-oprysku/notes", "version": 2, "items": [{"text": "a"}]}"#, to: "notes.json")
        let held = try POSIXFile.lockExclusively(url.path + ".lock", for: url.path, patience: .interactive)
        defer { POSIXFile.unlock(held) }
        let told = Mutex(0)
        let patience = LockPatience(tellAfter: .milliseconds(20), giveUpAfter: .milliseconds(100)) { _ in told.withLock { $0 += 1 } }
        let file = VersionedFile<Note>(url: url, kind: "notes", version: 2, patience: patience)
        XCTAssertThrowsError(try file.modify { $0.append(Note(text: "b")) }) { error in
            XCTAssertEqual(error as? StorageError, .busy(path: url.path))
            XCTAssertEqual((error as? StorageError)?.message,
                           "Another Kalkulator Oprysku (a window or a command) is saving \(url.path) and did not finish in time, so nothing was saved. Try again in a moment.")
        }
        XCTAssertEqual(told.withLock { $0 }, 1)
        XCTAssertEqual(try notes(url).load().items, [Note(text: "a")])
    }

    // Versions

    func testUnknownKeysAreIgnoredWithinAVersion() throws {
        let url = try write(#"{"format": "kalkulator-oprysku/notes", "version": 1, "savedBy": "0.9", "items": [{"text": "a", "colour": "red"}]}"#,
                            to: "notes.json")
        XCTAssertEqual(try notes(url).load(), .init(items: [Note(text: "a")]))
    }

    func testANewerFileIsReadAsFarAsPossibleAndNeverWritten() throws {
        let text = #"{"format": "kalkulator-oprysku/notes", "version": 3, "items": [{"text": "a", "new": 1}, {"text": ["b"]}, {"text": "c"}]}"#
        let url = try write(text, to: "notes.json")
        let file = notes(url)

        XCTAssertEqual(try file.load(), .init(items: [Note(text: "a"), Note(text: "c")],
                                              notices: [.newerVersion(path: url.path, found: 3, supported: 2)],
                                              isReadOnly: true, unreadable: [UnreadableItem(json: Array(#"{"text": ["b"]}"#.utf8))]))
        XCTAssertThrowsError(try file.modify { $0 = [] }) { error in
            XCTAssertEqual(error as? StorageError, .readOnly(path: url.path))
        }
        XCTAssertEqual(try bytes(url), Data(text.utf8))
        XCTAssertEqual(try listing(), ["notes.json", "notes.json.lock"])
    }

    func testARewriteKeepsTheFilesPermissions() throws {
        let url = try write(#"{"format": "kalkulator-oprysku/notes", "version": 2, "items": []}"#, to: "notes.json")
        for mode: mode_t in [0o644, 0o600, 0o660] {
            XCTAssertEqual(chmod(url.path, mode), 0)
            try notes(url).modify { $0.append(Note(text: "x")) }
            var info = stat()
            XCTAssertEqual(stat(url.path, &info), 0)
            XCTAssertEqual(info.st_mode & 0o7777, mode)
        }
    }

    func testANewerFileWhoseItemsAreNotAListLoadsNothing() throws {
        let url = try write(#"{"format": "kalkulator-oprysku/notes", "version": 3, "items": {"by-id": {}}}"#, to: "notes.json")
        XCTAssertEqual(try notes(url).load(), .init(notices: [.newerVersion(path: url.path, found: 3, supported: 2)], isReadOnly: true))
        XCTAssertEqual(try listing(), ["notes.json"])
    }

    // Reading and writing

    func testAMissingFileIsEmptyAndCreatesNothing() throws {
        let url = directory.appendingPathComponent("data/notes.json")
        XCTAssertEqual(try notes(url).load(), .init())
        XCTAssertEqual(try listing(), [])
    }

    func testTheFirstWriteCreatesPrivateDirectories() throws {
        let url = directory.appendingPathComponent("share/kalkulator-oprysku/notes.json")
        try notes(url).modify { $0.append(Note(text: "a")) }
        for folder in ["share", "share/kalkulator-oprysku"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path(folder).path)
            XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o700, folder)
        }
        XCTAssertEqual(try notes(url).load().items, [Note(text: "a")])
    }

    func testWritesAreAtomicAndLeaveOnlyTheFileAndItsLock() throws {
        let url = path("notes.json")
        let file = notes(url)
        for text in ["a", "b", "c"] {
            try file.modify { $0.append(Note(text: text)) }
        }
        XCTAssertEqual(try listing(), ["notes.json", "notes.json.lock"])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: bytes(url)) as? [String: Any])
        XCTAssertEqual(json["format"] as? String, "kalkulator-oprysku/notes")
        XCTAssertEqual(json["version"] as? Int, 2)
        XCTAssertEqual((json["items"] as? [[String: String]])?.map { $0["text"] }, ["a", "b", "c"])
    }

    func testAFailedChangeLeavesTheFileAsItWas() throws {
        struct Refused: Error {}
        let url = path("notes.json")
        let file = notes(url)
        try file.modify { $0 = [Note(text: "kept")] }
        let before = try bytes(url)
        XCTAssertThrowsError(try file.modify { $0 = []; throw Refused() }) { XCTAssertTrue($0 is Refused) }
        XCTAssertEqual(try bytes(url), before)
        XCTAssertEqual(try listing(), ["notes.json", "notes.json.lock"])
    }

    func testModifyStartsFromTheFileNotFromAnEarlierLoad() throws {
        let url = path("notes.json")
        let first = notes(url), second = notes(url)
        try first.modify { $0.append(Note(text: "from the window")) }
        let contents = try second.modify { $0.append(Note(text: "from the command line")) }
        XCTAssertEqual(contents.items, [Note(text: "from the window"), Note(text: "from the command line")])
    }

    /// Whether a file still holds the bytes read last is told a chunk at a time: a byte
    /// changed in place at the same length, a longer or shorter file, a pipe or a missing
    /// file all differ (a pipe without waiting for a writer).
    func testAFileHoldsExactlyItsBytesOrNot() throws {
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let file = path("bytes").path
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        XCTAssertTrue(POSIXFile.holds(file, exactly: bytes))
        var changed = bytes
        changed[150_000] ^= 1
        XCTAssertFalse(POSIXFile.holds(file, exactly: changed), "one byte past the first chunks")
        XCTAssertFalse(POSIXFile.holds(file, exactly: Array(bytes.dropLast())))
        XCTAssertFalse(POSIXFile.holds(file, exactly: bytes + [0]))
        try Data().write(to: URL(fileURLWithPath: file))
        XCTAssertTrue(POSIXFile.holds(file, exactly: []))
        XCTAssertFalse(POSIXFile.holds(path("absent").path, exactly: []))
        XCTAssertEqual(mkfifo(path("pipe").path, 0o600), 0)
        XCTAssertFalse(POSIXFile.holds(path("pipe").path, exactly: []))

        // A store's file changed in place by another program at the same length is read again.
        let url = path("notes.json")
        let window = notes(url)
        var snapshot: VersionedFile<Note>.Snapshot?
        _ = try window.modify(reusing: &snapshot) { $0 = [Note(text: "abc")] }
        XCTAssertEqual(try window.load(reusing: &snapshot).items, [Note(text: "abc")])
        let text = try String(contentsOf: url, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "abc", with: "xyz").utf8).write(to: url)
        XCTAssertEqual(try window.load(reusing: &snapshot).items, [Note(text: "xyz")])
        XCTAssertEqual(try window.modify(reusing: &snapshot) { $0.append(Note(text: "d")) }.items, [Note(text: "xyz"), Note(text: "d")])
    }

    func testAnUnreadableFileIsReportedAndLeftInPlace() throws {
        // A directory where the file should be: not a regular file, refused before it is read, even for root.
        let url = path("notes.json")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        let file = notes(url)
        XCTAssertThrowsError(try file.load()) { XCTAssertEqual($0 as? StorageError, .notARegularFile(path: url.path)) }
        XCTAssertThrowsError(try file.modify { $0 = [] }) { XCTAssertEqual($0 as? StorageError, .notARegularFile(path: url.path)) }
        XCTAssertEqual(try listing(), ["notes.json", "notes.json.lock"])
        XCTAssertEqual(try listing(url), [])
    }

    // Messages

    // One item per line: a write takes the bytes of the unchanged items again

    func testAWriteOfManyItemsIsWhatWritingThemAllWouldBe() throws {
        let file = VersionedFile<LineNote>(url: path("lines.json"), kind: "lines", version: 2, codec: .lines)
        try file.modify { $0 = (1...600).map { LineNote(text: "n\($0)") } }
        try file.modify {
            $0[299].text = "zmieniona"
            $0.remove(at: 450)
            $0.append(LineNote(text: "nowa"))
        }
        let expected = try FileCodec<LineNote>.lines.encode(try file.load().items, format: "kalkulator-oprysku/lines", version: 2)
        XCTAssertTrue(try Array(Data(contentsOf: path("lines.json"))) == expected, "byte for byte")
        XCTAssertEqual(try file.load().items.count, 600)
    }

    func testOnlyThisVersionsBytesAreTakenAgain() throws {
        for (version, taken) in [(2, true), (1, false)] {
            // Laid out with spaces, as another writer of the format might.
            let items = (1...600).map { #"{ "text": "n\#($0)" }"# }
            let url = try write(#"{"format":"kalkulator-oprysku/lines","version":\#(version),"items":["# + "\n"
                                + items.joined(separator: ",\n") + "\n]}\n", to: "lines-\(version).json")
            let file = VersionedFile<LineNote>(url: url, kind: "lines", version: 2, codec: .lines)
            try file.modify { $0[299].text = "zmieniona" }
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            XCTAssertEqual(text.contains(#"{ "text": "n1" }"#), taken, "version \(version)")
            XCTAssertTrue(text.contains(#"{"text":"zmieniona"}"#))
            XCTAssertEqual(try file.load().items.map(\.text), (1...600).map { $0 == 300 ? "zmieniona" : "n\($0)" })
        }
        // Items laid over several lines are written anew, one per line.
        let items = (1...600).map { "{\n  \"text\": \"n\($0)\"\n}" }
        let url = try write(#"{"format":"kalkulator-oprysku/lines","version":2,"items":["# + "\n" + items.joined(separator: ",\n") + "\n]}\n",
                            to: "lines-pretty.json")
        let file = VersionedFile<LineNote>(url: url, kind: "lines", version: 2, codec: .lines)
        try file.modify { $0[299].text = "zmieniona" }
        let expected = try FileCodec<LineNote>.lines.encode(try file.load().items, format: "kalkulator-oprysku/lines", version: 2)
        XCTAssertTrue(try Array(Data(contentsOf: url)) == expected, "one item per line")
    }

    func testMessagesNameTheFileAndTheReason() {
        let examples: [(String, String)] = [
            (StorageError.cannotCreateDirectory(path: "/d/ko", errno: ENOTDIR).message,
             "Cannot create the folder /d/ko: Not a directory"),
            (StorageError.cannotRead(path: "/d/f.json", errno: EACCES).message,
             "Cannot read the file /d/f.json: Permission denied"),
            (StorageError.cannotWrite(path: "/d/f.json", errno: ENOSPC).message,
             "Cannot save the file /d/f.json: No space left on device"),
            (StorageError.cannotLock(path: "/d/f.json.lock", errno: EROFS).message,
             "Cannot lock the file /d/f.json.lock: Read-only file system"),
            (StorageError.cannotMoveAside(path: "/d/f.json", errno: EACCES).message,
             "Cannot rename the damaged file /d/f.json: Permission denied"),
            (StorageError.notARegularFile(path: "/d/f.json").message,
             "/d/f.json is not a regular file (a folder, a device, a named pipe or a link), so it was not read."),
            (StorageError.tooLarge(path: "/d/f.csv", limit: 100 * 1024 * 1024).message,
             "The file /d/f.csv is larger than 100 MB, more than the app reads, so it was not read."),
            (StorageError.readOnly(path: "/d/f.json").message,
             "The file /d/f.json comes from a newer version of Kalkulator Oprysku, so it cannot be changed here"),
            (StorageNotice.movedAside(original: "/d/f.json", aside: "/d/f.json.corrupt-20261121T153012Z").message,
             "The file /d/f.json was damaged and could not be read. It was renamed to /d/f.json.corrupt-20261121T153012Z and a new, empty one is used."),
            (StorageNotice.newerVersion(path: "/d/f.json", found: 3, supported: 1).message,
             "The file /d/f.json comes from a newer version of Kalkulator Oprysku (format 3; this version reads up to 1). It is shown read-only and left unchanged."),
            (StorageNotice.failed(.cannotRead(path: "/d/f.json", errno: EISDIR)).message,
             "Cannot read the file /d/f.json: Is a directory"),
        ]
        for (message, expected) in examples {
            XCTAssertEqual(message, expected)
        }
    }
}
