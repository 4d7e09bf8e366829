// Where files go, as a table: environment → data and config directories.

import Foundation
import XCTest
@testable import SprayCore

final class DataLocationsTests: XCTestCase {
    private let examples: [(name: String, environment: [String: String], data: String, config: String)] = [
        ("HOME only", ["HOME": "/home/ania"],
         "/home/ania/.local/share/kalkulator-oprysku", "/home/ania/.config/kalkulator-oprysku"),
        ("XDG directories", ["HOME": "/home/ania", "XDG_DATA_HOME": "/srv/data", "XDG_CONFIG_HOME": "/srv/config"],
         "/srv/data/kalkulator-oprysku", "/srv/config/kalkulator-oprysku"),
        ("app overrides win over XDG",
         ["HOME": "/home/ania", "XDG_DATA_HOME": "/srv/data", "XDG_CONFIG_HOME": "/srv/config",
          "KALKULATOR_OPRYSKU_DATA_DIR": "/mnt/usb/dane", "KALKULATOR_OPRYSKU_CONFIG_DIR": "/mnt/usb/ustawienia"],
         "/mnt/usb/dane", "/mnt/usb/ustawienia"),
        ("empty values are unset",
         ["HOME": "/home/ania", "XDG_DATA_HOME": "", "KALKULATOR_OPRYSKU_DATA_DIR": "", "KALKULATOR_OPRYSKU_CONFIG_DIR": ""],
         "/home/ania/.local/share/kalkulator-oprysku", "/home/ania/.config/kalkulator-oprysku"),
        ("relative XDG paths are ignored", ["HOME": "/home/ania", "XDG_DATA_HOME": "data", "XDG_CONFIG_HOME": "./cfg"],
         "/home/ania/.local/share/kalkulator-oprysku", "/home/ania/.config/kalkulator-oprysku"),
        ("trailing slashes", ["HOME": "/home/ania/", "XDG_CONFIG_HOME": "/srv/config/"],
         "/home/ania/.local/share/kalkulator-oprysku", "/srv/config/kalkulator-oprysku"),
        ("one override alone", ["HOME": "/home/ania", "KALKULATOR_OPRYSKU_CONFIG_DIR": "/etc/ko"],
         "/home/ania/.local/share/kalkulator-oprysku", "/etc/ko"),
        ("no HOME", [:], "/.local/share/kalkulator-oprysku", "/.config/kalkulator-oprysku"),
    ]

    func testDirectoriesFollowTheEnvironment() {
        for example in examples {
            let locations = DataLocations(environment: example.environment)
            XCTAssertEqual(locations.dataDirectory, example.data, example.name)
            XCTAssertEqual(locations.configDirectory, example.config, example.name)
        }
    }

    func testFilesLiveInTheirDirectories() {
        let locations = DataLocations(environment: ["HOME": "/home/ania", "KALKULATOR_OPRYSKU_DATA_DIR": "/d"])
        XCTAssertEqual(locations.favoritesFile.path, "/d/favorites.json")
        XCTAssertEqual(locations.historyFile.path, "/d/history.json")
        XCTAssertEqual(locations.settingsFile.path, "/home/ania/.config/kalkulator-oprysku/settings.json")
    }

    func testCurrentReadsTheProcessEnvironment() {
        let key = "KALKULATOR_OPRYSKU_DATA_DIR"
        let previous = ProcessInfo.processInfo.environment[key]
        setenv(key, "/tmp/kalkulator-oprysku-env-test", 1)
        defer { if let previous { setenv(key, previous, 1) } else { unsetenv(key) } }
        XCTAssertEqual(DataLocations.current.dataDirectory, "/tmp/kalkulator-oprysku-env-test")
        XCTAssertFalse(DataLocations.current.configDirectory.isEmpty)
    }
}
