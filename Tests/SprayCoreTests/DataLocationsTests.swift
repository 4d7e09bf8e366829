// Where files go, as a table: environment → data and config directories.

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

    // Names are bytes: a variable that decides a folder and is not UTF-8 is refused by name,
    // never read as another name (U+FFFD for each bad byte: two folders would become one).

    private func checked(_ environment: [String: [UInt8]], home: [UInt8]? = nil) -> Result<DataLocations, UndecodableVariable> {
        Result { () throws(UndecodableVariable) in try DataLocations.checked({ environment[$0] }, home: { home }) }
    }

    func testAVariableThatDecidesAFolderAndIsNotUTF8IsRefusedByName() {
        let latin2Home = Array("/home/j".utf8) + [0xF3] + Array("zef".utf8)
        XCTAssertEqual(checked(["KALKULATOR_OPRYSKU_DATA_DIR": Array("/srv/dane".utf8) + [0xFF], "HOME": Array("/home/ania".utf8)]),
                       .failure(UndecodableVariable(name: "KALKULATOR_OPRYSKU_DATA_DIR")))
        XCTAssertEqual(checked(["KALKULATOR_OPRYSKU_CONFIG_DIR": [0x2F, 0xFE], "HOME": Array("/home/ania".utf8)]),
                       .failure(UndecodableVariable(name: "KALKULATOR_OPRYSKU_CONFIG_DIR")))
        XCTAssertEqual(checked(["XDG_DATA_HOME": Array("/srv/d".utf8) + [0xC3], "HOME": Array("/home/ania".utf8)]),
                       .failure(UndecodableVariable(name: "XDG_DATA_HOME")))
        XCTAssertEqual(checked(["HOME": latin2Home]), .failure(UndecodableVariable(name: "HOME")))
        // HOME unset: the user database's home directory, the same way.
        XCTAssertEqual(checked([:], home: latin2Home), .failure(UndecodableVariable(name: "HOME")))
        XCTAssertEqual(UndecodableVariable(name: "HOME").message,
                       "HOME: the folder’s name is not UTF-8 text; rename the folder or set the variable to another")
    }

    func testAVariableThatDecidesNothingIsNotAsked() throws {
        let latin2Home = Array("/home/j".utf8) + [0xF3] + Array("zef".utf8)
        // Both of the app's folders named: HOME and the XDG variables decide nothing.
        let overridden = try checked(["KALKULATOR_OPRYSKU_DATA_DIR": Array("/mnt/usb/dane".utf8),
                                      "KALKULATOR_OPRYSKU_CONFIG_DIR": Array("/mnt/usb/ustawienia".utf8),
                                      "HOME": latin2Home, "XDG_DATA_HOME": [0x2F, 0xFF]]).get()
        XCTAssertEqual(overridden.dataDirectory, "/mnt/usb/dane")
        XCTAssertEqual(overridden.configDirectory, "/mnt/usb/ustawienia")
        // A relative XDG path is ignored whatever its bytes; HOME set, the user database is not asked.
        let relative = try checked(["XDG_CONFIG_HOME": [0x63, 0xFF], "HOME": Array("/home/ania".utf8)], home: latin2Home).get()
        XCTAssertEqual(relative.configDirectory, "/home/ania/.config/kalkulator-oprysku")
        // U+FFFD typed as such is a name like any other.
        XCTAssertEqual(try checked(["KALKULATOR_OPRYSKU_DATA_DIR": Array("/srv/dane\u{FFFD}".utf8), "HOME": Array("/h".utf8)]).get().dataDirectory,
                       "/srv/dane\u{FFFD}")
    }

    func testAFileChosenInADialogIsTakenOnlyAsItsExactName() {
        XCTAssertNil(PathName.text(Array("/home/ania/a".utf8) + [0xFF] + Array(".csv".utf8)))
        XCTAssertEqual(PathName.text(Array("/home/ania/ewidencja.csv".utf8)), "/home/ania/ewidencja.csv")
        let cString: [CChar] = (Array("in".utf8) + [0xFF, 0]).map { CChar(bitPattern: $0) }
        XCTAssertNil(cString.withUnsafeBufferPointer { PathName.text(cString: $0.baseAddress!) })
    }
}
