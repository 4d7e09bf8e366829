// Favorites on disk: the version-1 fixture decoded whole, damaged and newer fixtures,
// unique names, two stores on one file, and two threads saving at once.

import CoreTestSupport
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

private let rapeseed = Favorite(
    id: UUID(uuidString: "6F1C2B0E-3A4D-4E5F-8A9B-0C1D2E3F4A5B")!, name: "Rzepak – jesień",
    setup: JobInput(area: 1, areaUnit: .hectares, sprayRate: 200, tankCapacity: 2500,
                    products: [ProductInput(name: "Herbicyd", rate: d("1.5"), unit: .litresPerHectare),
                               ProductInput(name: "Adiuwant", rate: 250, unit: .millilitresPerHectare)],
                    strategy: .full))
private let garden = Favorite(
    id: UUID(uuidString: "0A7E9C55-1B2D-4C3E-9F80-7A6B5C4D3E2F")!, name: "ogród",
    setup: JobInput(area: 1, areaUnit: .ares, sprayRate: d("300.5"), tankCapacity: 16,
                    products: [ProductInput(name: "", rate: d("0.75"), unit: .kilogramsPerHectare),
                               ProductInput(name: "Mikroelementy", rate: 35, unit: .gramsPerHectare)],
                    strategy: .equal))

private func favorite(_ name: String, tank: String = "800") -> Favorite {
    Favorite(name: name, setup: JobInput(area: 1, sprayRate: 150, tankCapacity: d(tank), products: [ProductInput(rate: 15)]))
}

final class FavoritesStoreTests: TemporaryDirectoryTestCase {
    // Fixtures

    func testVersion1FileDecodesWholeAndSortsByName() throws {
        let url = try copyFixture("favorites-v1.json", as: "favorites.json")
        XCTAssertEqual(try VersionedFile<Favorite>(url: url, kind: "favorites", version: 1).load(), .init(items: [rapeseed, garden]))
        let store = FavoritesStore(file: url)
        XCTAssertEqual(store.favorites, [garden, rapeseed])
        XCTAssertEqual(store.notices, [])
        XCTAssertFalse(store.isReadOnly)
    }

    func testVersion1FileIsWrittenBackByteForByte() throws {
        let url = try copyFixture("favorites-v1.json", as: "favorites.json")
        let original = try bytes(url)
        try FavoritesStore(file: url).save(rapeseed)
        XCTAssertEqual(String(decoding: try bytes(url), as: UTF8.self), String(decoding: original, as: UTF8.self))
    }

    func testDamagedFileIsSetAsideAndAFreshOneWritten() throws {
        let url = try copyFixture("favorites-corrupt.json", as: "favorites.json")
        let original = try bytes(url)

        let store = FavoritesStore(file: url)

        XCTAssertEqual(store.favorites, [])
        XCTAssertFalse(store.isReadOnly)
        let aside = try XCTUnwrap(try listing().first { $0.hasPrefix("favorites.json.corrupt-") })
        XCTAssertEqual(store.notices, [.movedAside(original: url.path, aside: path(aside).path)])
        XCTAssertEqual(try bytes(path(aside)), original)
        XCTAssertNotNil(aside.wholeMatch(of: /favorites\.json\.corrupt-\d{8}T\d{6}Z/), aside)

        try store.save(garden)
        XCTAssertEqual(store.notices, [])
        XCTAssertEqual(FavoritesStore(file: url).favorites, [garden])
        XCTAssertEqual(try bytes(path(aside)), original)
        XCTAssertEqual(try listing(), [aside, "favorites.json", "favorites.json.lock"].sorted())
    }

    func testNewerFileIsShownReadOnlyAndNeverChanged() throws {
        let url = try copyFixture("favorites-v99.json", as: "favorites.json")
        let original = try bytes(url)

        let store = FavoritesStore(file: url)

        XCTAssertTrue(store.isReadOnly)
        XCTAssertEqual(store.notices, [.newerVersion(path: url.path, found: 99, supported: 1)])
        XCTAssertEqual(store.favorites, [Favorite(
            id: UUID(uuidString: "6F1C2B0E-3A4D-4E5F-8A9B-0C1D2E3F4A5B")!, name: "Pszenica – wiosna",
            setup: JobInput(area: 1, sprayRate: 250, tankCapacity: 3000,
                            products: [ProductInput(name: "Fungicyd", rate: d("1.2"), unit: .litresPerHectare)]))])
        for attempt in [{ try store.save(garden) }, { try store.rename(id: store.favorites[0].id, to: "x") },
                        { try store.delete(id: store.favorites[0].id) }] {
            XCTAssertThrowsError(try attempt()) { XCTAssertEqual($0 as? StorageError, .readOnly(path: url.path)) }
        }
        XCTAssertEqual(try bytes(url), original)
        XCTAssertTrue(store.isReadOnly)
    }

    func testAFailedChangeShowsTheFileAsItIsNow() throws {
        let url = try copyFixture("favorites-v1.json", as: "favorites.json")
        let store = FavoritesStore(file: url)
        // A newer version of the app replaces the file meanwhile.
        try FileManager.default.removeItem(at: url)
        _ = try copyFixture("favorites-v99.json", as: "favorites.json")
        XCTAssertThrowsError(try store.save(garden)) { XCTAssertEqual($0 as? StorageError, .readOnly(path: url.path)) }
        XCTAssertEqual(store.favorites.map(\.name), ["Pszenica – wiosna"])
        XCTAssertTrue(store.isReadOnly)
    }

    // Names

    func testSavingReplacesTheSameIdOrTheSameName() throws {
        let store = FavoritesStore(file: path("favorites.json"))
        var wheat = favorite("Pszenica")
        try store.save(wheat)
        wheat.setup.tankCapacity = 1000
        try store.save(wheat)
        XCTAssertEqual(store.favorites, [wheat])

        let sameName = favorite("  pSZENICA \t", tank: "2000")
        try store.save(sameName)
        XCTAssertEqual(store.favorites.map(\.id), [sameName.id])
        XCTAssertEqual(store.favorites.map(\.name), ["pSZENICA"])
        XCTAssertEqual(store.favorites.map(\.setup.tankCapacity), [2000])
    }

    func testNamesSortCaseInsensitively() throws {
        let store = FavoritesStore(file: path("favorites.json"))
        for name in ["pszenica", "Buraki", "żyto", "aronia", "Łubin"] {
            try store.save(favorite(name))
        }
        XCTAssertEqual(store.favorites.map(\.name), ["aronia", "Buraki", "pszenica", "Łubin", "żyto"])
    }

    func testRenameAndDelete() throws {
        let store = FavoritesStore(file: path("favorites.json"))
        let (a, b, c) = (favorite("A"), favorite("B"), favorite("C"))
        for item in [a, b, c] { try store.save(item) }

        try store.rename(id: a.id, to: " Rzepak ")
        XCTAssertEqual(store.favorites.map(\.name), ["B", "C", "Rzepak"])
        try store.rename(id: b.id, to: "c")
        XCTAssertEqual(store.favorites.map(\.id), [b.id, a.id])
        XCTAssertEqual(store.favorites.map(\.name), ["c", "Rzepak"])
        try store.rename(id: c.id, to: "gone")
        try store.delete(id: a.id)
        try store.delete(id: a.id)
        XCTAssertEqual(store.favorites.map(\.id), [b.id])
        XCTAssertEqual(FavoritesStore(file: path("favorites.json")).favorites.map(\.id), [b.id])
    }

    func testEmptyNamesAreRefused() throws {
        let url = path("favorites.json")
        let store = FavoritesStore(file: url)
        let kept = favorite("Kept")
        try store.save(kept)
        let before = try bytes(url)
        for name in ["", "  ", "\u{00A0}\t"] {
            XCTAssertThrowsError(try store.save(favorite(name))) { XCTAssertEqual($0 as? FavoriteError, .emptyName) }
            XCTAssertThrowsError(try store.rename(id: kept.id, to: name)) { XCTAssertEqual($0 as? FavoriteError, .emptyName) }
        }
        XCTAssertEqual(try bytes(url), before)
        XCTAssertEqual(FavoriteError.emptyName.message, "Enter a name for the favorite")
    }

    // Sharing the file

    func testTwoStoresSeeEachOthersChanges() throws {
        let url = path("favorites.json")
        let window = FavoritesStore(file: url), commandLine = FavoritesStore(file: url)
        try window.save(garden)
        try commandLine.save(rapeseed)
        XCTAssertEqual(commandLine.favorites, [garden, rapeseed])
        try window.delete(id: rapeseed.id)
        XCTAssertEqual(window.favorites, [garden])
        commandLine.reload()
        XCTAssertEqual(commandLine.favorites, [garden])
    }

    func testTwoThreadsSavingAtOnceLoseNothing() throws {
        let url = path("favorites.json")
        let failures = Mutex<[String]>([])
        let group = DispatchGroup()
        for prefix in ["window", "cli"] {
            group.enter()
            Thread {
                defer { group.leave() }
                let store = FavoritesStore(file: url, patience: .saving)  // its own lock descriptor on every save
                for number in 1...100 {
                    do {
                        try store.save(favorite("\(prefix) \(number)"))
                    } catch {
                        failures.withLock { $0.append("\(prefix) \(number): \(error)") }
                    }
                }
            }.start()
        }
        group.wait()
        XCTAssertEqual(failures.withLock { $0 }, [])
        let names = Set(FavoritesStore(file: url).favorites.map(\.name))
        XCTAssertEqual(names.count, 200)
        XCTAssertTrue(names.contains("window 100") && names.contains("cli 1"))
    }

    // Places

    func testUnwritablePlaceThrowsAnErrorNamingThePath() throws {
        let folder: URL, expected: StorageError
        if geteuid() == 0 {
            // Root ignores permission bits, but no one can make a folder inside a regular file.
            _ = try write("not a folder", to: "afile")
            folder = path("afile/sub")
            expected = .cannotCreateDirectory(path: folder.path, errno: ENOTDIR)
        } else {
            folder = path("read-only")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            chmod(folder.path, 0o500)
            expected = .cannotLock(path: folder.appendingPathComponent("favorites.json.lock").path, errno: EACCES)
        }
        let url = folder.appendingPathComponent("favorites.json")
        let store = FavoritesStore(file: url)
        // A folder inside a regular file is not "no favorites yet": that is said at once.
        XCTAssertEqual(store.notices, geteuid() == 0 ? [.failed(.cannotRead(path: url.path, errno: ENOTDIR))] : [])

        XCTAssertThrowsError(try store.save(garden)) { error in
            XCTAssertEqual(error as? StorageError, expected)
            let message = (error as? StorageError)?.message ?? ""
            XCTAssertTrue(message.contains(folder.path), message)
        }
        XCTAssertEqual(store.favorites, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
    }

    func testStandardStoreUsesTheDataDirectory() throws {
        let key = "KALKULATOR_OPRYSKU_DATA_DIR"
        let previous = ProcessInfo.processInfo.environment[key]
        setenv(key, path("data").path, 1)
        defer { if let previous { setenv(key, previous, 1) } else { unsetenv(key) } }
        try FavoritesStore.standard().save(garden)
        XCTAssertEqual(FavoritesStore(file: path("data/favorites.json")).favorites, [garden])
    }
}
