// The favorites on the shopping list: a favorite ticked with its fields adds its rates over
// their area together (table); the ticks are kept in the settings and read back; a favorite
// or a field since deleted is left out; what the list covers, with Polish plurals; the store's
// list and the shopping list as printed tables.

import CatalogTestSupport
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
import XCTest

private func d(_ text: String) -> Decimal { Decimal(string: text)! }

final class ShoppingFavoritesTests: TemporaryDirectoryTestCase {
    private let now = Date(timeIntervalSince1970: 1_795_421_700)  // 2026-11-23T08:15:00Z
    private let today = CalendarDate(year: 2026, month: 11, day: 23)!
    private let north = LibraryField(name: "Północ", area: 4)
    private let meadow = LibraryField(name: "Łąka", area: d("2.5"))
    private let spring = Favorite(name: "Wiosna", setup: JobInput(area: 7, areaUnit: .ares, sprayRate: 200, tankCapacity: 2000,
                                                                  products: [ProductInput(name: "Herbicyd", rate: 2),
                                                                             ProductInput(name: "Adiuwant", rate: 250, unit: .millilitresPerHectare)]))

    func testAFavoriteOnItsFieldsAddsItsRatesOverTheirArea() {
        let library = Library(fields: [north, meadow])
        let stock = StockLedger.stock(on: today, entries: [StockEntry(facts: StockFacts(kind: .purchase, product: "Herbicyd", quantity: 5, unit: .litres,
                                                                                        date: today, package: StockPackage(size: 5, unit: .litres)),
                                                                      createdAt: now)],
                                      records: [], library: library, today: today)
        let plan = HistoryEntry(timestamp: now, input: JobInput(area: 10, sprayRate: 200, tankCapacity: 2000, products: [ProductInput(name: "Herbicyd", rate: 1)]))
        // (fields ticked, Herbicyd needed, to buy, Adiuwant needed): the favorite's area is always its fields' together, in ha.
        let table: [([LibraryField], Decimal, Decimal, Decimal?)] = [
            ([], 10, 5, nil),
            ([north], 18, 15, 1),
            ([north, meadow], 23, 20, d("1.625")),
        ]
        for (fields, herbicide, toBuy, adjuvant) in table {
            let ticked = [ShoppingFavoriteJob(favorite: spring, fields: fields)]
            let items = ShoppingList.items(plans: [plan], ticked: ticked, stock: stock, library: library)
            let names = fields.map(\.name)
            XCTAssertEqual(items.first { $0.name == "Herbicyd" }?.needed, herbicide, "\(names)")
            XCTAssertEqual(items.first { $0.name == "Herbicyd" }?.toBuy, toBuy, "\(names): whole packages of 5 l")
            XCTAssertEqual(items.first { $0.name == "Adiuwant" }?.needed, adjuvant, "\(names)")
        }
        XCTAssertEqual(ShoppingFavoriteJob(favorite: spring, fields: [north, meadow]).text, "Wiosna: Północ, Łąka (6.5\u{A0}ha)")
        // A field named twice (--field Łąka --field Łąka) counts once.
        XCTAssertEqual(ShoppingFavoriteJob(favorite: spring, fields: [north, meadow, meadow]).job?.area,
                       ShoppingFavoriteJob(favorite: spring, fields: [north, meadow]).job?.area)
    }

    func testWhatTheListCoversInEnglishAndPolish() {
        let one = [ShoppingFavoriteJob(favorite: spring, fields: [meadow])]
        XCTAssertEqual(ShoppingList.coverage(planCount: 0, ticked: []), "No plan is saved but not recorded yet.")
        XCTAssertEqual(ShoppingList.coverage(planCount: 2, ticked: one + [ShoppingFavoriteJob(favorite: spring, fields: [])]),
                       "For 2 plans saved in the last year but not recorded yet.\nAnd for 1 favorite on its fields:\n  Wiosna: Łąka (2.5\u{A0}ha)")
        // Polish: 1 planu, 2–4 planów, 5 planów; 1 ulubionego zestawu, 2+ ulubionych zestawów.
        let table: [(Int, Int, String)] = [
            (1, 1, "Dla 1 planu zapisanego w ostatnim roku, a jeszcze nieujętego w ewidencji.\nOraz dla 1 ulubionego zestawu na jego polach:"),
            (3, 2, "Dla 3 planów zapisanych w ostatnim roku, a jeszcze nieujętych w ewidencji.\nOraz dla 2 ulubionych zestawów na ich polach:"),
            (5, 5, "Dla 5 planów zapisanych w ostatnim roku, a jeszcze nieujętych w ewidencji.\nOraz dla 5 ulubionych zestawów na ich polach:"),
        ]
        for (plans, favorites, expected) in table {
            let text = inPolish { ShoppingList.coverage(planCount: plans, ticked: Array(repeating: one[0], count: favorites)) }
            XCTAssertTrue(text.hasPrefix(expected), text)
            XCTAssertTrue(text.hasSuffix("Wiosna: Łąka (2,5\u{A0}ha)"), text)
        }
    }

    @MainActor
    func testTheTicksAreKeptInTheSettingsAndWhatWasDeletedIsLeftOut() async throws {
        let settingsFile = directory.appendingPathComponent("settings.json")
        let libraryStore = LibraryStore(file: directory.appendingPathComponent("library.json"))
        try libraryStore.save(.field(north))
        try libraryStore.save(.field(meadow))
        let favoritesStore = FavoritesStore(file: directory.appendingPathComponent("favorites.json"))
        try favoritesStore.save(spring)
        func model(of farm: Farm) -> ShoppingListViewModel {
            ShoppingListViewModel(farm: farm, stock: StockViewModel(farm: farm))
        }
        let first = model(of: farm(clock: .fixed(on: today)))
        XCTAssertEqual(first.choices.map(\.isTicked), [false])
        XCTAssertEqual(first.choices.first?.fieldsText, "Choose the fields it is for")
        first.setField(meadow.id, of: spring.id, ticked: true)
        first.setField(north.id, of: spring.id, ticked: true)
        XCTAssertEqual(first.choices.first?.isTicked, true, "a field ticks its favorite")
        XCTAssertEqual(first.items.map(\.needed), [d("1.625"), 13])
        XCTAssertFalse(first.document().rows.isEmpty)

        // Read back by another session.
        let later = farm(clock: .fixed(on: today))
        let second = model(of: later)
        XCTAssertEqual(second.choices.first?.fields.map(\.isTicked), [true, true])
        XCTAssertEqual(second.choices.first?.fieldsText, "Łąka, Północ (6.5\u{A0}ha)")
        XCTAssertEqual(second.items.map(\.needed), [d("1.625"), 13])

        // A field deleted from the library, then the favorite: each is left out, nothing fails.
        try later.libraryBook.remove(id: north.id)
        second.refresh()
        XCTAssertEqual(second.items.map(\.needed), [d("0.625"), 5])
        try later.favorites.deleteAll()
        second.refresh()
        XCTAssertEqual(second.items, [])
        XCTAssertTrue(second.coverageText.hasPrefix("No plan"))

        // Unticked: forgotten, and the settings say nothing of it.
        try later.favorites.save(spring)
        second.setTicked(spring.id, false)
        XCTAssertNil(SettingsStore(file: settingsFile).settings.shoppingFavorites)
    }

    /// Ticks this version cannot read are dropped; the farm's name and number stay.
    func testTicksThatCannotBeReadCostNothingElse() throws {
        let file = directory.appendingPathComponent("settings.json")
        for ticks in [#""oops""#, #"[{"favorite":"not-a-uuid","fields":[]}]"#, #"{"a":1}"#] {
            let text = #"{"format":"kalkulator-oprysku/settings","version":1,"items":[{"theme":"dark","farmName":"Gospodarstwo Nowak","#
                + #""producerNumber":"012345678","shoppingFavorites":"# + ticks + "}]}"
            try Data(text.utf8).write(to: file)
            let settings = SettingsStore(file: file).settings
            XCTAssertEqual(settings.farmName, "Gospodarstwo Nowak", ticks)
            XCTAssertEqual(settings.producerNumber, "012345678", ticks)
            XCTAssertEqual(settings.theme, .dark, ticks)
            XCTAssertNil(settings.shoppingFavorites, ticks)
        }
    }

    @MainActor
    func testASettingsFileThatCannotBeWrittenIsSaid() async throws {
        // A folder inside a regular file cannot be made, even by root.
        let blocker = directory.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let farm = try Farm.inFolder(directory, library: Library(fields: [north]), clock: .fixed(on: today))
        try farm.favorites.save(spring)
        var opening = farm.opening
        opening.settings = { SettingsStore(file: blocker.appendingPathComponent("settings.json")) }
        let blocked = Farm(opening, clock: farm.clock)
        let model = ShoppingListViewModel(farm: blocked, stock: StockViewModel(farm: blocked))
        model.setField(north.id, of: spring.id, ticked: true)
        XCTAssertTrue(model.saveProblem?.hasPrefix("The ticks were not kept for next time:") == true, model.saveProblem ?? "nothing said")
        XCTAssertEqual(model.items.map(\.needed), [1, 8], "the ticks count for this session")
    }
}
