// Favorites through the view-model and a real file: save without the area, fill the
// form, replace by name, rename, delete, and refuse setups that are not valid.

import CatalogTestSupport
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

final class FavoritesViewModelTests: TemporaryDirectoryTestCase {
    private var file: URL { path("favorites.json") }

    private let seedForm = JobForm(
        areaText: "15", sprayRateText: "150", tankText: "800",
        products: [ProductForm(name: "Herbicyd", rateText: "1,5"), ProductForm(name: "Adiuwant", rateText: "300", unit: .millilitresPerHectare)],
        strategy: .equal
    )

    @MainActor func testRoundTripThroughTheFileFillsTheFormButNotTheArea() async throws {
        let model = FavoritesViewModel(farm: farm())
        var changes = 0
        model.onChange = { changes += 1 }
        let saved = try model.save(seedForm, named: "Rzepak jesień").get()
        XCTAssertEqual(changes, 1)
        XCTAssertEqual(saved.setup.sprayRate, 150)
        XCTAssertEqual(saved.setup.area, 1, "the area is not part of a favorite")
        XCTAssertEqual(saved.setup.products, [ProductInput(name: "Herbicyd", rate: Decimal(string: "1.5")!),
                                        ProductInput(name: "Adiuwant", rate: 300, unit: .millilitresPerHectare)])

        // Another run of the app reads the same file.
        let later = FavoritesViewModel(farm: farm())
        let favorite = try XCTUnwrap(later.favorites.first)
        XCTAssertEqual(favorite.name, "Rzepak jesień")
        let current = JobForm(areaText: "7,5", areaUnit: .hectares)
        let filled = inPolish { later.form(applying: favorite, to: current) }
        XCTAssertEqual(filled, JobForm(
            areaText: "7,5", sprayRateText: "150", tankText: "800",
            products: [ProductForm(name: "Herbicyd", rateText: "1,5"), ProductForm(name: "Adiuwant", rateText: "300", unit: .millilitresPerHectare)],
            strategy: .equal
        ))
        XCTAssertEqual(try filled.plan().get().loads.map(\.count), [2], "the filled form computes")
    }

    @MainActor func testAnEmptyAreaDoesNotStopSavingButAnInvalidSetupDoes() async throws {
        let model = FavoritesViewModel(farm: farm())
        var form = seedForm
        form.areaText = ""
        XCTAssertNoThrow(try model.save(form, named: "Bez pola").get())

        form.tankText = "0"
        form.products[1].rateText = "abc"
        guard case let .failure(problem) = model.save(form, named: "Zły") else { return XCTFail("saved an invalid setup") }
        XCTAssertEqual(problem, .invalidSetup([FieldError(.tankCapacity, .notPositive), FieldError(.productRate(1), .notANumber)]))
        XCTAssertEqual(problem.message, "To save a favorite, first correct: tank capacity, product rates.")
        XCTAssertEqual(model.favorites.map(\.name), ["Bez pola"])
    }

    @MainActor func testSavingUnderAnExistingNameReplacesIt() async throws {
        let model = FavoritesViewModel(farm: farm())
        let first = try model.save(seedForm, named: "Pszenica").get()
        XCTAssertEqual(model.existing(named: " pszenica ")?.id, first.id)
        var changed = seedForm
        changed.tankText = "1000"
        let second = try model.save(changed, named: "PSZENICA").get()
        XCTAssertEqual(second.id, first.id)
        XCTAssertEqual(model.favorites.count, 1)
        XCTAssertEqual(model.favorites[0].setup.tankCapacity, 1000)
    }

    @MainActor func testTheNameHintSaysWhichFavoriteANameReplaces() async throws {
        let model = FavoritesViewModel(farm: farm())
        XCTAssertNil(model.save(JobForm(sprayRateText: "150", tankText: "800", products: [ProductForm(rateText: "1")]), named: "Rzepak").failure)
        let id = try XCTUnwrap(model.favorites.first?.id)
        XCTAssertEqual(model.nameHint(" rzepak ", otherwise: FavoritesViewModel.saveHint), "Replaces the favorite “Rzepak”.")
        XCTAssertEqual(model.nameHint("Pszenica", otherwise: FavoritesViewModel.saveHint), FavoritesViewModel.saveHint)
        XCTAssertNil(model.nameHint("Rzepak", renaming: id), "renaming a favorite to its own name replaces nothing")
    }

    @MainActor func testRenameAndDelete() async throws {
        let model = FavoritesViewModel(farm: farm())
        let a = try model.save(seedForm, named: "A").get()
        _ = try model.save(seedForm, named: "B").get()
        XCTAssertNoThrow(try model.rename(id: a.id, to: "C").get())
        XCTAssertEqual(model.favorites.map(\.name), ["B", "C"])
        XCTAssertEqual(model.rename(id: a.id, to: "  ").failure, .storage("Enter a name for the favorite"))
        XCTAssertNoThrow(try model.delete(id: a.id).get())
        XCTAssertEqual(FavoritesStore(file: file).favorites.map(\.name), ["B"])
    }

    @MainActor func testSummaryAndSuggestedName() async throws {
        let model = FavoritesViewModel(farm: farm())
        let favorite = try model.save(seedForm, named: "X").get()
        XCTAssertEqual(inPolish { model.summary(of: favorite) },
                       "150 l/ha · 800 l · Herbicyd 1,5 l/ha · Adiuwant 300 ml/ha · Równe napełnienia")
        XCTAssertEqual(model.suggestedName(for: seedForm), "Herbicyd + Adiuwant")
        XCTAssertEqual(model.suggestedName(for: JobForm(sprayRateText: "200", tankText: "")), "200 l/ha")
    }
}
