// Issue 61: the farm's number decides. The gov.pl register fixture holds "Alfazol 250 SC" twice:
// R-101/2019 (still current) and R-45/2015 h.r. (usable until 05.09.2026). A farm whose library,
// record or purchase gives R-45/2015 h.r. is told it may no longer use it, at every door; "give
// its authorisation number" comes only where no number is known.

import FarmContext
import FarmModel
import Foundation
import SprayBase
import SprayMix
import SprayViewModels
import XCTest

final class RegisterNumberDoorsTests: DataFolderTestCase {
    private let register = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SprayCoreTests/Fixtures/register/rejestr_sor_20260720.xlsx").path
    private let lapsed = "Alfazol 250 SC may be used until 2026-09-05; the treatment is on "

    private func ok(_ arguments: [String]) throws -> RunResult {
        let result = try run(arguments)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
        return result
    }

    private var farm: Farm {
        Farm(locations: DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory.path,
                                                    "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path]),
             clock: .fixed(on: commandsToday))
    }

    @MainActor func testTheLibrarysNumberPicksTheRegistersProductAtEveryDoor() async throws {
        // Every day the commands may run on is after 05.09.2026.
        XCTAssertGreaterThan(commandsToday, CalendarDate(year: 2026, month: 9, day: 5)!)
        _ = try ok(["register", "import", register])
        _ = try ok(["library", "add", "product", "--name", "Alfazol 250 SC", "--authorisation", "r-45/2015 h.r", "--rate", "1"])
        let today = commandsToday.description

        let calc = try ok(["calc", "--area", "2", "--spray-rate", "200", "--tank", "1000", "--product", "Alfazol 250 SC"])
        XCTAssertTrue(calc.stdout.contains("Forbidden: " + lapsed + today + "."), calc.stdout)
        XCTAssertFalse(calc.stdout.contains("several products"), calc.stdout)

        let farm = self.farm
        let calculator = CalculatorViewModel(farm: farm)
        _ = farm.register
        calculator.setText("2", for: .area)
        calculator.setText("200", for: .sprayRate)
        calculator.setText("1000", for: .tankCapacity)
        calculator.setText("Alfazol 250 SC", for: .productName(0))
        calculator.setText("1", for: .productRate(0))
        XCTAssertEqual(try calculator.outcome.get().warnings.map(\.advice.kind).filter { $0 != .registerOld }, [.pastUseUntil])

        let added = try ok(["record", "add", "--date", today, "--parcel", "Pole", "--treated-area", "2", "--crop", "TRZAW",
                            "--product", "Alfazol 250 SC=1 l/ha", "--reason", "septorioza"])
        XCTAssertTrue(added.stderr.contains("Forbidden: " + lapsed + today + "."), added.stderr)
        XCTAssertEqual(farm.records.records.first?.details.products.first?.authorisation, "r-45/2015 h.r", "the library's number recorded")

        // The store: a purchase that gives the number is that product; one without is not told apart.
        _ = try ok(["stock", "add", "--product", "Alfazol", "--authorisation", "R-45/2015 h.r.", "--quantity", "5 l", "--date", today])
        let numbered = try ok(["stock", "list", "--format", "json"])
        XCTAssertTrue(numbered.stdout.contains("\"use_until\": \"2026-09-05\""), numbered.stdout)
    }

    @MainActor func testWithoutANumberTheNameIsToldApartOnlyWhereItCanBe() async throws {
        _ = try ok(["register", "import", register])
        let today = commandsToday.description
        // Before spraying, the day tells which one may be used: until 31.12.2029 R-101/2019, the
        // only one still current; after it neither, and the later one's date says so.
        let calc = try ok(["calc", "--area", "2", "--spray-rate", "200", "--tank", "1000", "--product", "Alfazol 250 SC=1"])
        let said = calc.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("Note: ") || $0.hasPrefix("Forbidden: ") }
            .filter { $0.contains("Alfazol") }
        if commandsToday <= CalendarDate(year: 2029, month: 12, day: 31)! {
            XCTAssertEqual(said, [], "R-101/2019 meant")
        } else {
            XCTAssertEqual(said, ["Forbidden: Alfazol 250 SC may be used until 2029-12-31; the treatment is on \(today)."])
        }
        // A bottle in the store may be either: only its number tells.
        _ = try ok(["stock", "add", "--product", "Alfazol 250 SC", "--quantity", "5 l", "--date", today])
        let list = try ok(["stock", "list"])
        if commandsToday <= CalendarDate(year: 2029, month: 12, day: 31)! {
            XCTAssertTrue(list.stdout.contains("several products of this name (R-101/2019, R-45/2015 h.r.): give its authorisation number"), list.stdout)
        } else {
            XCTAssertTrue(list.stdout.contains("its use-until date 2029-12-31 has passed"), list.stdout)
        }
    }

    /// Issue 61: an organic farm is told, at every door, of a product the register does not mark
    /// for organic production (Zeta 480 SL; Betamix 500 SC is marked 6).
    @MainActor func testAnOrganicFarmIsWarnedOfAProductTheRegisterDoesNotMarkForIt() async throws {
        _ = try ok(["register", "import", register])
        let today = commandsToday.description
        let notOrganic = "Zeta 480 SL is not marked in the register of 2026-07-20 for organic production: an organic farm may not use it."
        let products = ["--product", "Zeta 480 SL=2", "--product", "Betamix 500 SC=1"]
        XCTAssertFalse(try ok(["calc", "--area", "2", "--spray-rate", "200", "--tank", "1000"] + products).stdout.contains("organic"),
                       "not an organic farm: nothing said")

        XCTAssertNil(PreferencesViewModel(farm: farm).setOrganicFarm(true))
        XCTAssertTrue(PreferencesViewModel(farm: farm).organicFarm, "kept in settings.json")
        let calc = try ok(["calc", "--area", "2", "--spray-rate", "200", "--tank", "1000"] + products)
        XCTAssertTrue(calc.stdout.contains("Forbidden: " + notOrganic), calc.stdout)
        XCTAssertEqual(calc.stdout.components(separatedBy: "organic production").count, 2, "Betamix 500 SC is marked for it")

        let details = TreatmentDetails(date: commandsToday, parcel: "Pole", treatedSize: 2, crop: CropCatalog.crop(code: "TRZAW")!.choice(in: .english),
                                       products: [ProductUse(name: "Zeta 480 SL", dose: 2, doseUnit: .litres),
                                                  ProductUse(name: "Betamix 500 SC", dose: 1, doseUnit: .litres)],
                                       reason: "chwasty")
        let farm = self.farm
        _ = farm.register
        XCTAssertEqual(farm.advice().record(details).filter { $0.kind == .notForOrganic }.map(\.text), [notOrganic], "the farm's advice")
        let form = RecordFormViewModel(details: details, farm: farm)
        XCTAssertTrue(form.warningText?.contains("Forbidden: " + notOrganic) == true, form.warningText ?? "")
        let calculator = CalculatorViewModel(farm: farm)
        calculator.setText("2", for: .area)
        calculator.setText("200", for: .sprayRate)
        calculator.setText("1000", for: .tankCapacity)
        calculator.addProduct()
        for (index, (name, rate)) in [("Zeta 480 SL", "2"), ("Betamix 500 SC", "1")].enumerated() {
            calculator.setText(name, for: .productName(index))
            calculator.setText(rate, for: .productRate(index))
        }
        XCTAssertEqual(try calculator.outcome.get().warnings.map(\.advice).filter { $0.kind == .notForOrganic }.map(\.text), [notOrganic])

        let added = try ok(["record", "add", "--date", today, "--parcel", "Pole", "--treated-area", "2", "--crop", "TRZAW",
                            "--product", "Zeta 480 SL=2 l/ha", "--product", "Betamix 500 SC=1 l/ha", "--reason", "chwasty"])
        XCTAssertTrue(added.stderr.contains("Forbidden: " + notOrganic), added.stderr)
    }
}
