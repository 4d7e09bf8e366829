// The calculator's behaviour without GTK: typing, validation states, commands, results text.

import CatalogTestSupport
import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import FoundationEssentials
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class CalculatorViewModelTests: TemporaryDirectoryTestCase {
    @MainActor private func typeSeed(into model: CalculatorViewModel) {
        model.setText("15", for: .area)
        model.setText("150", for: .sprayRate)
        model.setText("800", for: .tankCapacity)
        model.setText("Środek", for: .productName(0))
        model.setText("15", for: .productRate(0))
    }

    @MainActor func testTypingTheSeedExampleShowsItsCards() async throws {
        let model = CalculatorViewModel(farm: farm())
        var changes: [CalculatorViewModel.Change] = []
        model.onChange = { changes.append($0) }
        XCTAssertFalse(model.hasPlan)
        typeSeed(into: model)
        XCTAssertEqual(changes.count, 5, "every keystroke recomputes")
        XCTAssertTrue(model.hasPlan)

        guard case let .plan(plan) = withLanguage(.english, { model.results }) else {
            return XCTFail("expected a plan, got \(model.results)")
        }
        let nbsp = "\u{00A0}"
        XCTAssertEqual(plan.cards.map(\.kind), [.liquid, .toBuy, .loads, .recipe(.full), .recipe(.partial), .mixing])
        XCTAssertEqual(plan.cards[0].headline, "2,250\(nbsp)l")
        XCTAssertEqual(plan.cards[0].detail, "water 2,025\(nbsp)l + products")
        XCTAssertEqual(plan.cards[1].rows, [ResultCard.Row(label: "Środek", value: "225\(nbsp)l")])
        XCTAssertEqual(plan.cards[2].headline, "2 full tanks + 1 partial tank")
        XCTAssertEqual(plan.cards[3].title, "Full tank composition")
        XCTAssertEqual(plan.cards[3].headline, "2\(nbsp)×\(nbsp)800\(nbsp)l")
        XCTAssertEqual(plan.cards[3].rows.map(\.value), ["720\(nbsp)l", "80\(nbsp)l"])
        XCTAssertEqual(plan.cards[4].rows.map(\.value), ["585\(nbsp)l", "65\(nbsp)l"])
        XCTAssertEqual(plan.cards[5].rows.map(\.label), ["1. Half a tank of water, agitator on", "2. Środek — type unknown, with the liquids",
                                                          "3. The rest of the water"])
        XCTAssertEqual(plan.cards[5].detail, "Jar test, in 1 l of water: Środek 100\(nbsp)ml\n"
                       + "Where a product label gives another order, follow the label.")
        XCTAssertEqual(plan.warnings, [])
    }

    @MainActor func testSeedExampleInPolish() async {
        let model = CalculatorViewModel(farm: farm())
        typeSeed(into: model)
        guard case let .plan(plan) = inPolish({ model.results }) else { return XCTFail() }
        XCTAssertEqual(plan.cards.map(\.title), ["Ciecz robocza", "Środek do kupienia", "Napełnienia zbiornika",
                                                  "Skład pełnego zbiornika", "Skład częściowego zbiornika", "Kolejność napełniania zbiornika"])
        XCTAssertEqual(plan.cards[0].headline, "2250\u{00A0}l")
        XCTAssertEqual(plan.cards[2].headline, "2 pełne zbiorniki + 1 częściowy zbiornik")
        XCTAssertEqual(plan.cards[3].rows.map(\.label), ["Woda", "Środek"])
    }

    @MainActor func testPolishPluralsOfLoads() async {
        XCTAssertTrue(PolishCatalog.entries[""]?.first?.contains(PolishCatalog.pluralForms) == true, "pl.po declares the rule the tests use")
        let rows: [(String, String)] = [
            ("1", "1 pełny zbiornik"), ("2", "2 pełne zbiorniki"), ("5", "5 pełnych zbiorników"),
            ("12", "12 pełnych zbiorników"), ("22", "22 pełne zbiorniki"), ("1,5", "1 pełny zbiornik + 1 częściowy zbiornik"),
        ]
        for (area, expected) in rows {
            let model = CalculatorViewModel(farm: farm(), form: JobForm(areaText: area, sprayRateText: "100", tankText: "100",
                                                          products: [ProductForm(rateText: "1")]))
            guard case let .plan(plan) = inPolish({ model.results }) else { return XCTFail(area) }
            XCTAssertEqual(plan.cards[2].headline, expected, area)
        }
        let equal = CalculatorViewModel(farm: farm(), form: JobForm(areaText: "5", sprayRateText: "100", tankText: "100",
                                                      products: [ProductForm(rateText: "1")], strategy: .equal))
        guard case let .plan(plan) = inPolish({ equal.results }) else { return XCTFail() }
        XCTAssertEqual(plan.cards[2].headline, "5 równych napełnień")
    }

    @MainActor func testProblemsShowOnceTheFieldIsEditedAndEmptyOnesAfterCalculate() async {
        let model = CalculatorViewModel(farm: farm())
        XCTAssertEqual(model.results, .prompt(model.results.promptText ?? ""))
        XCTAssertNil(model.problem(for: .area), "an untouched empty field shows nothing")

        model.setText("abc", for: .area)
        XCTAssertEqual(model.problem(for: .area), "not a number (write e.g. 1,5 or 1.5)")
        XCTAssertEqual(model.text(of: .area), "abc", "what the user typed is kept")
        XCTAssertEqual(model.results, .fix(["Field area: not a number (write e.g. 1,5 or 1.5)"]))

        model.setText("", for: .area)
        XCTAssertNil(model.problem(for: .area), "emptying a field is not an error while typing")

        XCTAssertFalse(model.calculate())
        XCTAssertEqual(model.problem(for: .tankCapacity), "enter a value")
        XCTAssertEqual(model.firstProblemField, .area)
        XCTAssertEqual(model.results, .fix([
            "Field area: enter a value", "Spray volume: enter a value", "Tank capacity: enter a value",
            "Rate of Product: enter a value",
        ]))
    }

    @MainActor func testCalculateRecordsValidJobsOnly() async throws {
        let farm = farm()
        let model = CalculatorViewModel(farm: farm)
        var animated = 0
        model.onRecorded = { _ in animated += 1 }
        XCTAssertFalse(model.calculate())
        XCTAssertTrue(farm.history.entries.isEmpty)

        typeSeed(into: model)
        let when = Date(timeIntervalSince1970: 1_800_000_000)
        XCTAssertTrue(model.calculate(at: when))
        XCTAssertEqual(farm.history.entries.count, 1)
        XCTAssertEqual(farm.history.entries.first?.input.products, [ProductInput(name: "Środek", rate: 15)])
        XCTAssertEqual(farm.history.entries.first?.timestamp, when)
        XCTAssertEqual(animated, 1)
        XCTAssertNil(model.recordingError)

        // A history written by a newer version is kept as it is: nothing is recorded into it.
        let newer = Farm.inFolder(path("newer"))
        try Data(#"{"format":"kalkulator-oprysku/history","version":99,"items":[]}"#.utf8).write(to: newer.locations.historyFile)
        let blocked = CalculatorViewModel(farm: newer)
        blocked.onRecorded = { _ in animated += 1 }
        typeSeed(into: blocked)
        XCTAssertTrue(blocked.calculate(), "the results stand even when the history cannot be written")
        XCTAssertNotNil(blocked.recordingError)
        XCTAssertEqual(animated, 1, "nothing was recorded, so no tractor")
    }

    @MainActor func testProductsCanBeAddedAndRemovedButNotTheLastOne() async {
        let model = CalculatorViewModel(farm: farm())
        XCTAssertFalse(model.canRemoveProduct)
        model.removeProduct(at: 0)
        XCTAssertEqual(model.form.products.count, 1)

        model.addProduct()
        model.addProduct()
        model.setText("x", for: .productRate(1))
        model.setText("0", for: .productRate(2))
        XCTAssertEqual(model.problem(for: .productRate(2)), "must be greater than 0")
        model.removeProduct(at: 1)
        XCTAssertEqual(model.form.products.count, 2)
        XCTAssertEqual(model.problem(for: .productRate(1)), "must be greater than 0", "problems follow their row")
        XCTAssertEqual(model.label(of: .productRate(1)), "Rate of Product 2")
    }

    @MainActor func testClearAndEmptiness() async {
        let model = CalculatorViewModel(farm: farm())
        XCTAssertTrue(model.isEmpty)
        model.setAreaUnit(.ares)
        model.setStrategy(.equal)
        XCTAssertTrue(model.isEmpty, "units and strategy are not typed content")
        model.setText(" ", for: .productName(0))
        XCTAssertTrue(model.isEmpty)
        model.setText("1", for: .tankCapacity)
        XCTAssertFalse(model.isEmpty)

        var changes: [CalculatorViewModel.Change] = []
        model.onChange = { changes.append($0) }
        model.clear()
        XCTAssertTrue(model.isEmpty)
        XCTAssertEqual(model.form, JobForm())
        XCTAssertEqual(changes.map { "\($0)" }, ["form"])
    }

    @MainActor func testWarningsAppearWithTheResults() async {
        let model = CalculatorViewModel(farm: farm(), form: JobForm(areaText: "600", sprayRateText: "100", tankText: "100",
                                                      products: [ProductForm(rateText: "1")]))
        guard case let .plan(plan) = model.results else { return XCTFail() }
        XCTAssertEqual(plan.warnings.count, 1)
        XCTAssertTrue(plan.warnings[0].contains("600"), plan.warnings[0])
    }
}

extension ResultsPresentation {
    var promptText: String? {
        if case let .prompt(text) = self { text } else { nil }
    }
}
