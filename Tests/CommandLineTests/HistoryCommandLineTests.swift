// The history from the command line, on the built binary: `calc --save` as the window's
// Calculate, damaged and unwritable histories, `history export`, and writers in parallel
// processes — including ones killed mid-write — that never lose a saved entry.

@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import Foundation
@testable import SprayBase
import SprayCommandLine
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

private func decimal(_ text: String) -> Decimal {
    Decimal(string: text)!
}

final class HistoryCommandLineTests: XCTestCase {
    private var directory: URL!
    private var dataDirectory: URL { directory.appendingPathComponent("data") }
    private var historyFile: URL { dataDirectory.appendingPathComponent("history.json") }
    private let job = ["calc", "--area", "15", "--spray-rate", "150", "--tank", "800", "--product", "Herbicyd Śląski=1,5 l/ha"]

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ko-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    private func run(_ arguments: [String], dataDirectory: String? = nil) throws -> RunResult {
        try Binary.run(arguments, environment: ["KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory ?? self.dataDirectory.path])
    }

    private func saved() -> [HistoryEntry] {
        HistoryStore(file: historyFile).entries
    }

    private func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dataDirectory.path).sorted()
    }

    // calc --save

    func testSaveRecordsTheCalculationAsTheWindowDoes() throws {
        let before = Date(timeIntervalSince1970: Clock.system.now.timeIntervalSince1970.rounded(.down))
        let result = try run(job + ["--save", "--parcel", "Działka 7", "--crop", "Rzepak ozimy", "--notes", "wiatr słaby"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(result.stdout.contains("2 full tanks + 1 partial tank"), result.stdout)

        let entries = saved()
        XCTAssertEqual(entries.count, 1)
        let entry = try XCTUnwrap(entries.first)
        XCTAssertEqual(entry.input, try CalcCommand.parse(Array(job.dropFirst())).get().plan.input)
        XCTAssertEqual([entry.parcel, entry.crop, entry.notes], ["Działka 7", "Rzepak ozimy", "wiatr słaby"])
        XCTAssertTrue((before...Clock.system.now).contains(entry.timestamp))

        XCTAssertEqual(try run(job + ["--format", "json"]).status, 0)
        XCTAssertEqual(saved().count, 1, "without --save nothing is recorded")
        XCTAssertEqual(try run(job + ["--save", "--tank", "0"]).status, 2)
        XCTAssertEqual(saved().count, 1, "an invalid job is not recorded")
    }

    func testADamagedHistoryIsSetAsideReportedAndTheEntrySavedInAFreshFile() throws {
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: false)
        let damaged = Data(#"{"format":"kalkulator-oprysku/history","version":1,"items":[{"id":"#.utf8)
        try damaged.write(to: historyFile)

        let result = try run(job + ["--save"])

        XCTAssertEqual(result.status, 0, result.stderr)
        let aside = try XCTUnwrap(try listing().first { $0.hasPrefix("history.json.corrupt-") })
        XCTAssertEqual(result.stderr, "The file \(historyFile.path) was damaged and could not be read. It was renamed to "
                       + "\(dataDirectory.appendingPathComponent(aside).path) and a new, empty one is used.\n")
        XCTAssertEqual(try Data(contentsOf: dataDirectory.appendingPathComponent(aside)), damaged)
        XCTAssertEqual(saved().count, 1)

        let polish = try Binary.run(job + ["--save", "--lang", "pl"], environment: ["KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory.path])
        XCTAssertEqual(polish.stderr, "", "a sound file says nothing")
        XCTAssertEqual(saved().count, 2)
    }

    func testAnUnwritableDataDirectoryExitsWith1AndSaysWhy() throws {
        // Root ignores permission bits, but no one can make a folder inside a regular file.
        let blocker = directory.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let place = blocker.appendingPathComponent("data").path

        let result = try run(job + ["--save"], dataDirectory: place)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("Working liquid"), "the results are still printed: \(result.stdout)")
        XCTAssertEqual(result.stderr, "The calculation was not saved in the history: Cannot create the folder \(place): Not a directory\n")

        let polish = try run(job + ["--save", "--lang", "pl", "--format", "json"], dataDirectory: place)
        XCTAssertEqual(polish.status, 1)
        // The reason is the C library's, in Polish where its translations are installed.
        XCTAssertTrue(polish.stderr.hasPrefix("Nie zapisano obliczenia w historii: Nie można utworzyć folderu \(place): "), polish.stderr)
    }

    func testAHistoryFromANewerVersionIsLeftAloneAndSavingFails() throws {
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: false)
        let newer = Data(#"{"format":"kalkulator-oprysku/history","version":2,"items":[]}"#.utf8)
        try newer.write(to: historyFile)
        let result = try run(job + ["--save"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "The calculation was not saved in the history: The file \(historyFile.path) comes from a newer "
                       + "version of Kalkulator Oprysku, so it cannot be changed here\n")
        XCTAssertEqual(try Data(contentsOf: historyFile), newer)
    }

    // history export

    private func seedHistory() throws -> [HistoryEntry] {
        let store = HistoryStore(file: historyFile)
        let entries = [
            try store.record(JobInput(area: decimal("2.5"), sprayRate: 200, tankCapacity: 1000,
                                      products: [ProductInput(name: "Fungicyd; \"Złoty\"", rate: decimal("0.8"))]),
                             at: Timestamp.parse("2026-04-14T05:30:00Z")!, parcel: "Działka 1", crop: "Pszenica", notes: "rano\nbez wiatru"),
            try store.record(JobInput(area: 40, sprayRate: 100, tankCapacity: 3000, products: [ProductInput(name: "Insektycyd", rate: 100,
                                                                                                           unit: .millilitresPerHectare)]),
                             at: Timestamp.parse("2026-06-20T12:00:00Z")!),
        ]
        return entries
    }

    func testExportToStandardOutput() throws {
        _ = try seedHistory()
        let csv = try Binary.run(["history", "export", "--format", "csv", "--separator", ";"],
                                 environment: ["KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory.path, "TZ": "UTC0"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        XCTAssertEqual(csv.stderr, "")
        // For a spreadsheet: a UTF-8 byte-order mark first, so Excel reads "Działka" right.
        XCTAssertTrue(csv.stdout.hasPrefix("\u{FEFF}timestamp;area;area_unit;area_ha;"), csv.stdout)
        let records = String(csv.stdout.dropFirst()).components(separatedBy: "\r\n")
        XCTAssertEqual(records.count, 4, csv.stdout)
        guard records.count == 4 else { return }
        XCTAssertEqual(records[1], "2026-04-14T05:30:00Z;2,5;ha;2,5;200;1000;full;0;1;0;500;498;Działka 1;Pszenica;\"rano\n"
                       + "bez wiatru\";\"Fungicyd; \"\"Złoty\"\"\";0,8;l/ha;2;l")
        XCTAssertEqual(records[2], "2026-06-20T12:00:00Z;40;ha;40;100;3000;full;1;1;0;4000;3996;;;;Insektycyd;100;ml/ha;4000;ml")
        XCTAssertEqual(records[3], "")

        let json = try run(["history", "export", "--format", "json", "--from", "2026-06-01"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let entries = try XCTUnwrap(document["entries"] as? [[String: Any]])
        XCTAssertEqual(entries.count, 1)
        XCTAssertEqual(entries.first?["area"] as? Double, 40)
        XCTAssertEqual((entries.first?["products"] as? [[String: Any]])?.first?["name"] as? String, "Insektycyd")

        let polishDefault = try run(["history", "export", "--lang", "pl", "--to", "2026-04-30"])
        XCTAssertTrue(polishDefault.stdout.hasPrefix("\u{FEFF}timestamp;area;"), "Polish uses “;” unless told otherwise")
        let forPrograms = try run(["history", "export", "--no-bom", "--to", "2026-04-30"])
        XCTAssertTrue(forPrograms.stdout.hasPrefix("timestamp,area,"), "--no-bom: a CSV for programs")
        XCTAssertEqual(polishDefault.stdout.components(separatedBy: "\r\n").count, 3)
    }

    func testExportToAFileAndItsFailures() throws {
        _ = try seedHistory()
        let output = directory.appendingPathComponent("historia.json")
        try Data("stare".utf8).write(to: output)
        let result = try run(["history", "export", "--format", "json", "--output", output.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
        XCTAssertEqual((document["entries"] as? [Any])?.count, 2)
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: directory.path).contains { $0.hasPrefix(".historia") })

        let blocked = directory.appendingPathComponent("historia.json/x.csv").path
        let unwritable = try run(["history", "export", "--output", blocked])
        XCTAssertEqual(unwritable.status, 1)
        XCTAssertEqual(unwritable.stderr, "Cannot save “\(blocked)”: the folder “\(output.path)” does not exist.\n")

        let invalid = try run(["history", "export", "--format", "pdf", "--from", "wczoraj"])
        XCTAssertEqual(invalid.status, 2)
        XCTAssertEqual(invalid.stdout, "")
        XCTAssertEqual(invalid.stderr, "--format: “pdf” is not one of: csv, json, xlsx\n"
                       + "--from: “wczoraj” is not a date (write YYYY-MM-DD, e.g. 2026-04-15)\n")
        let polish = try run(["history", "export", "--separator", "tab", "--lang", "pl"])
        XCTAssertEqual(polish.status, 2)
        XCTAssertEqual(polish.stderr, "--separator: „tab” nie jest jedną z wartości: ';', ','\n")
    }

    func testExportOfAnEmptyDamagedNewerOrUnreadableHistory() throws {
        let empty = try run(["history", "export", "--format", "json"])
        XCTAssertEqual(empty.status, 0, empty.stderr)
        XCTAssertEqual(empty.stdout, "{\"format\":\"kalkulator-oprysku/history-export\",\"version\":1,\"entries\":[]}\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataDirectory.path), "reading creates nothing")

        // A damaged history is not an empty one: nothing is exported, and an earlier export stays.
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: false)
        try Data("{\"format\":".utf8).write(to: historyFile)
        let earlier = directory.appendingPathComponent("g.csv")
        try Data("a good export\r\n".utf8).write(to: earlier)
        let damaged = try run(["history", "export", "--format", "json", "--output", earlier.path])
        XCTAssertEqual(damaged.status, 1, damaged.stderr)
        XCTAssertTrue(damaged.stderr.hasPrefix("The file \(historyFile.path) was damaged and could not be read. It was renamed to \(historyFile.path).corrupt-"),
                      damaged.stderr)
        XCTAssertEqual(damaged.stdout, "")
        XCTAssertEqual(try String(contentsOf: earlier, encoding: .utf8), "a good export\r\n")

        let newer = #"{"format":"kalkulator-oprysku/history","version":3,"items":[{"id":"3B0F7C52-9E1A-4D6B-8C2F-5A4E3D2C1B0A","#
            + #""timestamp":"2026-04-14T05:30:00Z","input":{"area":15,"areaUnit":"ha","sprayRate":150,"tankCapacity":800,"#
            + #""products":[{"name":"Fungicyd","rate":1,"unit":"l/ha"}],"strategy":"full","drift":"low"}},{"id":7}]}"#
        try Data(newer.utf8).write(to: historyFile)
        let readOnly = try run(["history", "export", "--format", "csv", "--separator", ","])
        XCTAssertEqual(readOnly.status, 0, readOnly.stderr)
        XCTAssertTrue(readOnly.stderr.contains("comes from a newer version of Kalkulator Oprysku (format 3"), readOnly.stderr)
        XCTAssertTrue(readOnly.stdout.contains(",Fungicyd,1,l/ha,15,l\r\n"), readOnly.stdout)
        XCTAssertEqual(try String(contentsOf: historyFile, encoding: .utf8), newer)

        try FileManager.default.removeItem(at: historyFile)
        try FileManager.default.createDirectory(at: historyFile, withIntermediateDirectories: true)
        let unreadable = try run(["history", "export"])
        XCTAssertEqual(unreadable.status, 1)
        XCTAssertEqual(unreadable.stderr, "\(historyFile.path) is not a regular file (a folder, a device, a named pipe or a link), so it was not read.\n")
    }

    func testHistoryCommandsAndHelp() throws {
        let help = try run(["history", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("export"))
        let exportHelp = try run(["history", "export", "--help", "--lang", "pl"])
        XCTAssertEqual(exportHelp.status, 0)
        for option in ["--format csv|json", "--separator", "--output FILE", "--from YYYY-MM-DD", "--to YYYY-MM-DD", "product_N_name"] {
            XCTAssertTrue(exportHelp.stdout.contains(option), option)
        }
        XCTAssertTrue(exportHelp.stdout.contains("Kod wyjścia"), exportHelp.stdout)
        let calcHelp = try run(["calc", "--help"])
        for option in ["--save", "--parcel NAME", "--crop NAME", "--notes TEXT", "exit status is 1"] {
            XCTAssertTrue(calcHelp.stdout.contains(option), option)
        }
        XCTAssertTrue(try run(["--help"]).stdout.contains("history export"))

        let bare = try run(["history"])
        XCTAssertEqual(bare.status, 2)
        XCTAssertTrue(bare.stderr.contains("Usage: kalkulator-oprysku history export"), bare.stderr)
        let unknown = try run(["history", "list"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "unknown history command “list” (see kalkulator-oprysku history --help)\n")
    }

    // Writers in parallel processes

    func testTwoProcessesSavingInLoopsLoseNothing() throws {
        let script = #"for i in $(seq 1 200); do "$0" calc --area 15 --spray-rate 150 --tank 800 --product 15 --save --notes "$1-$i" >/dev/null || exit 1; done"#
        var loops: [Process] = []
        for name in ["A", "B"] {
            let loop = Process()
            loop.executableURL = URL(fileURLWithPath: "/bin/sh")
            loop.arguments = ["-c", script, Binary.path, name]
            var environment = ProcessInfo.processInfo.environment
            environment["KALKULATOR_OPRYSKU_DATA_DIR"] = dataDirectory.path
            loop.environment = environment
            loop.standardError = FileHandle.nullDevice
            try loop.run()
            loops.append(loop)
        }
        for loop in loops { loop.waitUntilExit() }
        XCTAssertEqual(loops.map(\.terminationStatus), [0, 0])

        let store = HistoryStore(file: historyFile)
        XCTAssertEqual(store.notices, [])
        XCTAssertEqual(store.entries.count, 400)
        XCTAssertEqual(Set(store.entries.compactMap(\.notes)), Set((1...200).flatMap { ["A-\($0)", "B-\($0)"] }))
        XCTAssertEqual(try listing(), ["history.json", "history.json.lock"])
    }

    func testSavesKilledAtRandomMomentsNeverDamageTheFileNorLoseASavedEntry() throws {
        // A history of some size, so that a write takes long enough to be killed in its midst.
        let seed = (0..<2000).map { number in
            HistoryEntry(timestamp: Date(timeIntervalSince1970: 1_700_000_000 + Double(number) * 3600),
                         input: JobInput(area: Decimal(number + 1), sprayRate: 150, tankCapacity: 800, products: [ProductInput(rate: 1)]),
                         notes: "seed \(number)")
        }
        try HistoryStore(file: historyFile).restore(seed)

        func save(_ name: String) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Binary.path)
            process.arguments = job + ["--save", "--notes", name]
            var environment = ProcessInfo.processInfo.environment
            environment["KALKULATOR_OPRYSKU_DATA_DIR"] = dataDirectory.path
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }

        // How long an undisturbed save takes here sets the range of the random delays.
        let clock = ContinuousClock()
        let durations = try (0..<3).map { index in
            try clock.measure {
                let process = try save("timing \(index)")
                process.waitUntilExit()
                XCTAssertEqual(process.terminationStatus, 0)
            }
        }
        let typical = durations.sorted()[1]
        let span = Double(typical.components.seconds) + Double(typical.components.attoseconds) / 1e18
        var expected = Set((0..<2000).map { "seed \($0)" } + (0..<3).map { "timing \($0)" })
        var generator = SystemRandomNumberGenerator()
        var (completed, killed, killedMidWrite) = (0, 0, 0)
        let deadline = clock.now + .seconds(20)
        var iteration = 0
        while clock.now < deadline && iteration < 400 {
            iteration += 1
            let name = "run \(iteration)"
            let process = try save(name)
            // A random moment within a save's usual span (a delay, not synchronisation); every
            // other time near its end, where the file is written, to land in that short window.
            let range = iteration.isMultiple(of: 2) ? (span * 0.75)...(span * 1.05) : 0...(span * 1.2)
            let delay = Double.random(in: range, using: &generator)
            usleep(useconds_t(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .exit {
                XCTAssertEqual(process.terminationStatus, 0, name)
                expected.insert(name)
                completed += 1
            } else {
                killed += 1
                if try listing().contains(where: { $0.hasPrefix(".history.json.") }) { killedMidWrite += 1 }
            }
            // The file always reads, whole, and holds every save that returned.
            let contents = try VersionedFile<HistoryEntry>(url: historyFile, kind: "history", version: 1, codec: .lines).load()
            XCTAssertEqual(contents.notices, [], "after \(name)")
            let notes = Set(contents.items.compactMap(\.notes))
            XCTAssertTrue(expected.isSubset(of: notes), "after \(name): lost \(expected.subtracting(notes).sorted())")
            if !expected.isSubset(of: notes) { break }
        }
        XCTAssertGreaterThan(killed, 10, "enough saves were killed (\(completed) completed)")
        XCTAssertGreaterThan(completed, 0, "some saves completed (\(killed) killed)")

        // The next save clears what killed writers left behind; nothing was ever set aside as damaged.
        let last = try save("last")
        last.waitUntilExit()
        XCTAssertEqual(last.terminationStatus, 0)
        XCTAssertEqual(try listing(), ["history.json", "history.json.lock"])
        print("kill test: \(iteration) saves, \(killed) killed (\(killedMidWrite) while writing), \(completed) completed;"
              + " an undisturbed save took \(typical)")
    }
}
