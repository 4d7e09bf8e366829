// The farm folder with the real sync engine: two Syncthing instances from Debian's package,
// each with its own home, listening on 127.0.0.1 only (discovery, relays and NAT traversal
// off, each told the other's loopback address), share one folder. Two computers make 100
// records each at the same time and correct one record on both; both stores end with the
// same 200 records and both corrections in the trail. Then one Syncthing is killed while a
// journal is on its way and started again: it still converges, nothing lost or doubled.
// Run alone by tools/test-sync; part of tools/test, which installs syncthing.

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

final class SyncthingTests: XCTestCase {
    private var directory: URL!
    private var engines: [Process] = []

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ko-syncthing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        for engine in engines where engine.isRunning {
            engine.terminate()
            engine.waitUntilExit()
        }
        try FileManager.default.removeItem(at: directory)
    }

    /// A port on 127.0.0.1 that nothing listens on now.
    private func freePort() -> Int {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketDescriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketDescriptor, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private struct Side: Sendable {
        var home: URL
        var folder: URL
        var locations: DataLocations
        var id: String
        var port: Int
        var records: RecordStore { RecordStore(file: locations.recordsFile, patience: .commandLine(waiting: { _ in })) }
        var sync: FarmSync { FarmSync(farm: Farm(locations: locations)) }
    }

    private func side(_ name: String) throws -> Side {
        let home = directory.appendingPathComponent(name + "-syncthing"), folder = directory.appendingPathComponent(name + "-farm")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        // Syncthing shares a folder only where its marker is.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".stfolder"), withIntermediateDirectories: false)
        let generated = try Binary.run(executable: "/usr/bin/syncthing", ["generate", "--home=" + home.path, "--no-default-folder"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let id = try Binary.run(executable: "/usr/bin/syncthing", ["--home=" + home.path, "--device-id"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let data = directory.appendingPathComponent(name + "-data").path
        return Side(home: home, folder: folder, locations: DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": data,
                                                                                        "KALKULATOR_OPRYSKU_CONFIG_DIR": data]),
                    id: id, port: freePort())
    }

    private func configure(_ side: Side, peer: Side) throws {
        let config = """
            <configuration version="36">
                <folder id="farm" label="farm" path="\(side.folder.path)" type="sendreceive" rescanIntervalS="2" fsWatcherEnabled="true" fsWatcherDelayS="1">
                    <device id="\(side.id)"></device>
                    <device id="\(peer.id)"></device>
                    <minDiskFree unit="%">0</minDiskFree>
                </folder>
                <device id="\(side.id)" name="self" compression="metadata"><address>tcp://127.0.0.1:\(side.port)</address></device>
                <device id="\(peer.id)" name="peer" compression="metadata"><address>tcp://127.0.0.1:\(peer.port)</address></device>
                <gui enabled="true" tls="false"><address>127.0.0.1:\(freePort())</address><apikey>\(UUID().uuidString)</apikey></gui>
                <options>
                    <listenAddress>tcp://127.0.0.1:\(side.port)</listenAddress>
                    <globalAnnounceEnabled>false</globalAnnounceEnabled>
                    <localAnnounceEnabled>false</localAnnounceEnabled>
                    <relaysEnabled>false</relaysEnabled>
                    <natEnabled>false</natEnabled>
                    <startBrowser>false</startBrowser>
                    <urAccepted>-1</urAccepted>
                    <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
                    <crashReportingEnabled>false</crashReportingEnabled>
                    <reconnectionIntervalS>1</reconnectionIntervalS>
                    <minHomeDiskFree unit="%">0</minHomeDiskFree>
                </options>
            </configuration>
            """
        try Data(config.utf8).write(to: side.home.appendingPathComponent("config.xml"))
    }

    private func start(_ side: Side) throws -> Process {
        let engine = Process()
        engine.executableURL = URL(fileURLWithPath: "/usr/bin/syncthing")
        engine.arguments = ["serve", "--home=" + side.home.path, "--no-browser", "--no-restart", "--no-upgrade", "--skip-port-probing",
                            "--logfile=" + side.home.appendingPathComponent("log.txt").path]
        var environment = ProcessInfo.processInfo.environment
        environment["STNODEFAULTFOLDER"] = "1"
        environment["STNOUPGRADE"] = "1"
        // Without a monitor process: the process started is the engine, and killing it kills the engine.
        environment["STMONITORED"] = "1"
        engine.environment = environment
        engine.standardOutput = FileHandle.nullDevice
        engine.standardError = FileHandle.nullDevice
        try engine.run()
        engines.append(engine)
        return engine
    }

    /// Waits until something accepts connections on 127.0.0.1:`port` (the engine is up), for
    /// at most 30 s: an engine dialled before it listens is dialled again only after a
    /// back-off that grows to tens of seconds.
    private func waitUntilListening(_ port: Int) -> Bool {
        let clock = ContinuousClock()
        let start = clock.now
        while clock.now - start < .seconds(30) {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            close(descriptor)
            if connected == 0 { return true }
            usleep(100_000)
        }
        return false
    }

    /// Merges on both sides until `done` holds, for at most `seconds`; how long it took.
    private func converge(_ sides: [Side], within seconds: Double, until done: () -> Bool) throws -> Double? {
        let clock = ContinuousClock()
        let start = clock.now
        while clock.now - start < .seconds(seconds) {
            for side in sides { try side.sync.syncNow() }
            if done() {
                let elapsed = clock.now - start
                return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            }
            // Waiting for another program (the sync engine) to copy files: a poll with a deadline.
            usleep(250_000)
        }
        return nil
    }

    private static func details(_ parcel: String) -> TreatmentDetails {
        TreatmentDetails(date: CalendarDate(year: 2026, month: 4, day: 14)!, parcel: parcel, reason: "mszyca")
    }

    func testTwoComputersConvergeThroughSyncthing() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/syncthing") else {
            throw XCTSkip("syncthing is not installed (tools/test installs it)")
        }
        let office = try side("biuro"), tractor = try side("ciagnik")
        try configure(office, peer: tractor)
        try configure(tractor, peer: office)
        _ = try start(office)
        XCTAssertTrue(waitUntilListening(office.port), "the office's Syncthing does not listen")
        var tractorEngine = try start(tractor)
        _ = try office.sync.share(folder: office.folder.path, name: "Biuro")
        _ = try tractor.sync.share(folder: tractor.folder.path, name: "Ciągnik")

        // One record both know, then corrected on both.
        let shared = try office.records.add(Self.details("Działka 7"), at: Clock.system.now)
        try office.sync.syncNow()
        let travelled = try converge([office, tractor], within: 120) { tractor.records.record(id: shared.id) != nil }
        XCTAssertNotNil(travelled, "the first record did not reach the tractor in 120 s: " + log(of: tractor))
        guard travelled != nil else { return }

        // 100 records on each side at the same time, each side merging as it goes.
        let group = DispatchGroup()
        for (side, name) in [(office, "Biuro"), (tractor, "Ciągnik")] {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                let records = side.records, sync = side.sync
                for number in 1...(name == "Biuro" ? 99 : 100) {
                    _ = try? records.add(Self.details("\(name) \(number)"), at: Clock.system.now)
                    if number.isMultiple(of: 10) { _ = try? sync.syncNow() }
                }
            }
        }
        group.wait()
        var here = shared.details, there = shared.details
        here.reason = "mszyca brzoskwiniowa"
        there.reason = "mszyce"
        try office.records.correct(id: shared.id, to: here, note: "dokładniej", at: Clock.system.now)
        try tractor.records.correct(id: shared.id, to: there, note: "", at: Clock.system.now.addingTimeInterval(1))

        func same() -> Bool {
            let a = office.records.records.sorted { $0.id.uuidString < $1.id.uuidString }
            let b = tractor.records.records.sorted { $0.id.uuidString < $1.id.uuidString }
            return a.count == 200 && a == b && a.first { $0.id == shared.id }?.versions.count == 3
        }
        let first = try converge([office, tractor], within: 120, until: same)
        XCTAssertNotNil(first, "not the same 200 records in 120 s: \(office.records.records.count) and \(tractor.records.records.count)")
        let corrected = tractor.records.record(id: shared.id)
        XCTAssertEqual(corrected?.versions.map(\.details.reason), ["mszyca", "mszyca brzoskwiniowa", "mszyce"])
        XCTAssertEqual(corrected?.changedOnTwoComputers, true)

        // The tractor's engine killed while the office's journal grows, then started again.
        for number in 1...50 { _ = try office.records.add(Self.details("Po awarii \(number)"), at: Clock.system.now) }
        try office.sync.syncNow()
        kill(tractorEngine.processIdentifier, SIGKILL)
        tractorEngine.waitUntilExit()
        for number in 51...60 { _ = try office.records.add(Self.details("Po awarii \(number)"), at: Clock.system.now) }
        tractorEngine = try start(tractor)
        let again = try converge([office, tractor], within: 120) {
            let a = office.records.records, b = tractor.records.records
            return a.count == 260 && Set(a.map(\.id)) == Set(b.map(\.id)) && b.count == 260
        }
        XCTAssertNotNil(again, "no convergence after the restart: \(office.records.records.count) and \(tractor.records.records.count)")
        print("syncthing: the first record in \(travelled!) s, 200 records in \(first ?? -1) s, after the kill in \(again ?? -1) s")
    }

    private func log(of side: Side) -> String {
        (try? String(contentsOf: side.home.appendingPathComponent("log.txt"), encoding: .utf8)).map { String($0.suffix(2000)) } ?? ""
    }
}
