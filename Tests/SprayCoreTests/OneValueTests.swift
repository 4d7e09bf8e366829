// One value or a refusal, in the library's window and the calculator (issue 62, item 6): the
// library's line of a product shows every limit it holds (a crop's own, the reduced zones); the
// editor refuses in Polish what `library add` refuses (LibraryOneValueTests holds the two doors
// to one table); the calculator leaves an empty product row out of the plan and names a product
// that has no rate yet.

import CatalogTestSupport
import CoreTestSupport
@testable import FarmContext
@testable import FarmModel
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayViewModels
import XCTest

final class OneValueTests: TemporaryDirectoryTestCase {
    private static func number(_ text: String) -> Decimal { Decimal(string: text)! }

    /// `library list` and the library window's row: every limit of a product, a crop's own too.
    func testTheLibrarysLineShowsEveryLimit() {
        let product = LibraryProduct(name: "Fungorex 250 EC", rate: 1, maximumTreatments: 3, intervalDays: 7, modesOfAction: ["FRAC 3"],
                                     bufferZone: 20, reducedZones: [ReducedZone(driftReduction: 75, metres: 5),
                                                                    ReducedZone(driftReduction: 90, metres: Self.number("2.5"))],
                                     cropLimits: [CropLimit(eppo: "TRZAW", maxTreatments: 1, intervalDays: 21), CropLimit(eppo: "HORVW", intervalDays: 10)])
        let library = Library(products: [product])
        let today = CalendarDate(year: 2026, month: 5, day: 1)!
        XCTAssertEqual(LibraryRow.rows(of: .product, in: library, on: today).map(\.summary), [
            "1 l/ha · 3 treatments a season · at least 7 days apart · TRZAW: 1 treatment a season, at least 21 days apart · "
                + "HORVW: at least 10 days apart · FRAC 3 · 20 m from water · 5 m with 75 % drift reduction · 2.5 m with 90 % drift reduction",
        ])
        XCTAssertEqual(inPolish { LibraryRow.rows(of: .product, in: library, on: today).map(\.summary) }, [
            "1 l/ha · 3 zabiegi w sezonie · co najmniej 7 dni odstępu · TRZAW: 1 zabieg w sezonie, co najmniej 21 dni odstępu · "
                + "HORVW: co najmniej 10 dni odstępu · FRAC 3 · 20 m od wody · 5 m przy ograniczeniu znoszenia o 75 % · "
                + "2,5 m przy ograniczeniu znoszenia o 90 %",
        ])
    }

    /// The library's editor says in Polish what it refuses, as `library add` does (LibraryOneValueTests).
    @MainActor func testTheEditorsRefusalsInPolish() async throws {
        let product = LibraryProduct(name: "Fungorex 250 EC", rate: 1, bufferZone: 20)
        let library = LibraryViewModel(farm: try Farm.inFolder(directory, library: Library(products: [product])))
        let rows: [(LibraryFormField, String, String)] = [
            (.maximumTreatments, "TRZAW: 1; TRZAW: 2", "Dozwolona liczba zabiegów w sezonie: TRZAW podano dwa razy (1, 2): podaj jedną wartość"),
            (.maximumTreatments, " ; ", "Dozwolona liczba zabiegów w sezonie: „ ; ” nie zawiera żadnej wartości"),
            (.reducedZones, "75: 30", "Mniejsze strefy przy ograniczeniu znoszenia (%: m): strefa 30 m przy ograniczeniu znoszenia nie jest mniejsza "
                + "od strefy buforowej 20 m"),
            (.reducedZones, "75: 5; 75: 3", "Mniejsze strefy przy ograniczeniu znoszenia (%: m): 75 % podano dwa razy (5 m, 3 m): podaj jedną wartość"),
        ]
        for (field, text, said) in rows {
            let editor = library.editor(for: .product, id: product.id)
            inPolish {
                editor.setText(text, for: field)
                XCTAssertFalse(editor.save())
                XCTAssertEqual(editor.saveError, said, text)
            }
        }
    }

    /// An empty product row above a filled one is left out of the plan; a row with a name and
    /// no rate is named in the hint.
    @MainActor func testTheCalculatorLeavesAnEmptyRowOutAndNamesARowWithoutARate() async throws {
        let calculator = CalculatorViewModel(farm: farm(clock: .fixed(on: CalendarDate(year: 2026, month: 5, day: 1)!)))
        for (text, field) in [("4", FormTextField.area), ("200", .sprayRate), ("1000", .tankCapacity)] { calculator.setText(text, for: field) }
        calculator.addProduct()
        calculator.setText("Fungorex 250 EC", for: .productName(1))
        calculator.setText("1", for: .productRate(1))
        let plan = try calculator.outcome.get()
        XCTAssertEqual(plan.input.products.map(\.name), ["Fungorex 250 EC"])
        XCTAssertEqual(plan.productTotals, [4])

        calculator.setText("Herbicyd", for: .productName(0))
        XCTAssertEqual(calculator.results, .prompt("No rate yet for Herbicyd: fill it in, and the results appear as you type."))
        calculator.addProduct()
        calculator.setText("Adiuwant", for: .productName(2))
        XCTAssertEqual(inPolish { calculator.results },
                       .prompt("Brak jeszcze dawki: Herbicyd, Adiuwant. Wpisz je, a wyniki pojawią się w trakcie wpisywania."))
        // Calculate shows every problem, each under its own row.
        calculator.calculate()
        XCTAssertEqual(calculator.problem(for: .productRate(0)), "enter a value")
        XCTAssertNil(calculator.problem(for: .productRate(1)))
        XCTAssertEqual(calculator.problem(for: .productRate(2)), "enter a value")
    }
}
