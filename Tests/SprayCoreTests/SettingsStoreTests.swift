// Settings on disk: defaults, the version-1 fixture, round trips and damaged files.

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

final class SettingsStoreTests: TemporaryDirectoryTestCase {
    func testMissingFileGivesDefaultsAndCreatesNothing() throws {
        let store = SettingsStore(file: path("config/settings.json"))
        XCTAssertEqual(store.settings, Settings(language: nil, theme: .system))
        XCTAssertEqual(store.notices, [])
        XCTAssertEqual(try listing(), [])
    }

    func testVersion1FileDecodesWhole() throws {
        let url = try copyFixture("settings-v1.json", as: "settings.json")
        XCTAssertEqual(SettingsStore(file: url).settings, Settings(language: .polish, theme: .dark))
    }

    func testUpdatesRoundTrip() throws {
        let url = path("config/settings.json")
        let examples: [Settings] = [
            Settings(language: .english, theme: .light),
            Settings(language: nil, theme: .dark),
            Settings(language: .polish, theme: .system),
        ]
        for expected in examples {
            try SettingsStore(file: url).update { $0 = expected }
            XCTAssertEqual(SettingsStore(file: url).settings, expected)
        }
    }

    func testUpdateStartsFromTheFile() throws {
        let url = path("settings.json")
        let window = SettingsStore(file: url), other = SettingsStore(file: url)
        try other.update { $0.language = .english }
        try window.update { $0.theme = .dark }
        XCTAssertEqual(window.settings, Settings(language: .english, theme: .dark))
    }

    func testUnknownKeysAreIgnored() throws {
        let url = try write(#"{"format": "kalkulator-oprysku/settings", "version": 1, "items": [{"theme": "light", "fontScale": 1.25}]}"#,
                            to: "settings.json")
        XCTAssertEqual(SettingsStore(file: url).settings, Settings(language: nil, theme: .light))
    }

    func testDamagedFileGivesDefaultsAndIsSetAside() throws {
        let url = try write(#"{"format": "kalkulator-oprysku/settings", "version": 1, "items": [{"theme": "sepia"}]}"#,
                            to: "settings.json")
        let store = SettingsStore(file: url)
        XCTAssertEqual(store.settings, Settings())
        XCTAssertEqual(store.notices.count, 1)
        guard case let .movedAside(original, aside) = store.notices.first else { return XCTFail("\(store.notices)") }
        XCTAssertEqual(original, url.path)
        XCTAssertTrue(aside.hasPrefix(url.path + ".corrupt-"), aside)
        try store.update { $0.theme = .dark }
        XCTAssertEqual(SettingsStore(file: url).settings, Settings(language: nil, theme: .dark))
    }
}
