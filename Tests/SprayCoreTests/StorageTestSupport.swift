// Shared by the storage tests: a fresh temporary directory per test, fixture copies,
// and raw file access for checking bytes on disk.

@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

/// A test case with its own empty directory, removed (permissions restored) after each test.
class TemporaryDirectoryTestCase: XCTestCase {
    private(set) var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kalkulator-oprysku-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        if let enumerator = FileManager.default.enumerator(atPath: directory.path) {
            for case let relative as String in enumerator {
                chmod(directory.appendingPathComponent(relative).path, 0o700)
            }
        }
        chmod(directory.path, 0o700)
        try FileManager.default.removeItem(at: directory)
    }

    /// `name` inside the test's directory.
    func path(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    /// The farm of the test's directory (records.json, library.json… in it), on `clock`.
    func farm(clock: Clock = .system) -> Farm {
        Farm.inFolder(directory, clock: clock)
    }

    /// Copies `Fixtures/<fixture>` to `name` in the test's directory and returns its URL.
    func copyFixture(_ fixture: String, as name: String) throws -> URL {
        let source = try XCTUnwrap(Bundle.module.url(forResource: fixture, withExtension: nil, subdirectory: "Fixtures"))
        let target = path(name)
        try FileManager.default.copyItem(at: source, to: target)
        return target
    }

    func bytes(_ url: URL) throws -> Data {
        try Data(contentsOf: url)
    }

    func write(_ text: String, to name: String) throws -> URL {
        let url = path(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The names in `url` (the test's directory by default), sorted.
    func listing(_ url: URL? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: (url ?? directory).path).sorted()
    }
}

extension LockPatience {
    /// For threads that save as fast as they can: on a busy machine one of them may wait for
    /// the other's hundred saves, longer than a window's one second would allow.
    static let saving = LockPatience(tellAfter: .seconds(60), giveUpAfter: .seconds(60))
}
