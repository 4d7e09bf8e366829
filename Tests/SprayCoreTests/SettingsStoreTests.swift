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

    func testUnknownKeysAreKeptAndSavedBack() throws {
        let url = try write(#"{"format": "kalkulator-oprysku/settings", "version": 1, "items": [{"theme": "light", "fontScale": 1.25}]}"#,
                            to: "settings.json")
        let store = SettingsStore(file: url)
        XCTAssertEqual(store.settings.theme, .light)
        XCTAssertEqual(store.notices, [])
        try store.update { $0.language = .polish }
        let saved = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(saved.contains(#""fontScale":1.25"#), saved)
        XCTAssertEqual(SettingsStore(file: url).settings.language, .polish)
    }

    /// What a newer version (or a hand) writes that this one lacks: its default in use, the file
    /// kept as it is (no notice, nothing set aside), and saved back with the value by a change
    /// of another setting; the settings it can use still count.
    func testAValueThisVersionLacksIsItsDefaultInUseAndSavedBack() throws {
        let cases: [(label: String, item: String, kept: String, expected: Settings)] = [
            ("the theme sepia", #"{"farmName":"Gospodarstwo Nowak","modeOfActionLimit":2,"producerNumber":"123","theme":"sepia"}"#,
             #""theme":"sepia""#, Self.settings(farmName: "Gospodarstwo Nowak", producerNumber: "123", limit: 2)),
            ("the language de", #"{"farmName":"Gospodarstwo Nowak","language":"de","theme":"dark"}"#, #""language":"de""#,
             Self.settings(theme: .dark, farmName: "Gospodarstwo Nowak")),
            ("no theme", #"{"farmName":"Gospodarstwo Nowak","modeOfActionLimit":3}"#, #""farmName":"Gospodarstwo Nowak""#,
             Self.settings(farmName: "Gospodarstwo Nowak", limit: 3)),
            ("the farm's name as a number", #"{"farmName":123,"producerNumber":"123","theme":"dark"}"#, #""farmName":123"#,
             Self.settings(theme: .dark, producerNumber: "123")),
            ("a limit out of range", #"{"modeOfActionLimit":99,"theme":"light"}"#, #""modeOfActionLimit":99"#, Self.settings(theme: .light)),
            ("the shopping list's ticks of a newer shape", #"{"shoppingFavorites":[{"favorite":"x"}],"theme":"light"}"#,
             #""shoppingFavorites":[{"favorite":"x"}]"#, Self.settings(theme: .light)),
        ]
        for (label, item, kept, expected) in cases {
            let url = try write(#"{"format":"kalkulator-oprysku/settings","version":1,"items":["# + item + "]}", to: "settings.json")
            let store = SettingsStore(file: url)
            XCTAssertEqual(store.notices, [], label)
            var read = store.settings
            read.kept = KeptMembers()
            XCTAssertEqual(read, expected, label)
            XCTAssertEqual(try listing(), ["settings.json"], "\(label): nothing set aside")
            try store.update { $0.copyMadeOn = "2026-11-25" }
            let saved = try String(contentsOf: url, encoding: .utf8)
            XCTAssertTrue(saved.contains(kept), "\(label): \(saved)")
            XCTAssertTrue(saved.contains(#""copyMadeOn":"2026-11-25""#), "\(label): \(saved)")
            try FileManager.default.removeItem(at: url)
            try? FileManager.default.removeItem(at: path("settings.json.lock"))
        }
    }

    private static func settings(theme: Theme = .system, farmName: String? = nil, producerNumber: String? = nil, limit: Int? = nil) -> Settings {
        var settings = Settings(theme: theme, farmName: farmName, producerNumber: producerNumber)
        settings.modeOfActionLimit = limit
        return settings
    }

    func testAValueSetHereTakesThePlaceOfTheOneKept() throws {
        let url = try write(#"{"format":"kalkulator-oprysku/settings","version":1,"items":[{"language":"de","theme":"sepia"}]}"#,
                            to: "settings.json")
        try SettingsStore(file: url).update { $0.theme = .dark }
        let saved = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(saved.contains(#""theme":"dark""#) && !saved.contains("sepia"), saved)
        XCTAssertTrue(saved.contains(#""language":"de""#), "the other kept as it came: \(saved)")
        XCTAssertEqual(SettingsStore(file: url).settings.theme, .dark)
    }

    func testTheFarmsOwnLimitAppliesWithANewerVersionsTheme() throws {
        let config = path("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(#"{"format":"kalkulator-oprysku/settings","version":1,"items":[{"modeOfActionLimit":2,"theme":"sepia"}]}"#.utf8)
            .write(to: config.appendingPathComponent("settings.json"))
        let farm = Farm(locations: DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": path("data").path,
                                                               "KALKULATOR_OPRYSKU_CONFIG_DIR": config.path]))
        XCTAssertEqual(farm.modeOfActionLimit, 2)
        XCTAssertEqual(farm.notices, [], "nothing to tell the window's banner")
    }

    func testDamagedFileGivesDefaultsAndIsSetAsideAndSaid() throws {
        let config = path("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let url = config.appendingPathComponent("settings.json")
        try Data(#"{"format": "kalkulator-oprysku/settings", "version": 1, "items": [{"theme": "#.utf8).write(to: url)
        var said: [String] = []
        let farm = Farm(.files(DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": path("data").path,
                                                          "KALKULATOR_OPRYSKU_CONFIG_DIR": config.path]),
                               settingsNotices: { said += $0 }))
        XCTAssertEqual(farm.settings.settings, Settings())
        XCTAssertEqual(said.count, 1, "said once to the door that opened it: \(said)")
        XCTAssertEqual(farm.notices, said, "and in the window's banner")
        _ = farm.settings.settings
        XCTAssertEqual(said.count, 1)
        guard case let .movedAside(original, aside) = farm.settingsStore.notices.first else { return XCTFail("\(farm.notices)") }
        XCTAssertEqual(original, url.path)
        XCTAssertTrue(aside.hasPrefix(url.path + ".corrupt-"), aside)
        try farm.settingsStore.update { $0.theme = .dark }
        XCTAssertEqual(SettingsStore(file: url).settings, Settings(language: nil, theme: .dark))
    }
}
