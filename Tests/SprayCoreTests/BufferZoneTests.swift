// The distances a treatment keeps (issue 53): what borders a field, typed in either language;
// the label's zone to water and its smaller zones with drift reduction; and the zone said
// the same before spraying and on the record — the larger of the label's (for this sprayer's
// class) and the regulation's, the regulation's alone from apiaries and public roads.

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

final class BufferZoneTests: XCTestCase {
    private static let field = LibraryField(name: "Za stodołą", area: 4, crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"),
                                            neighbours: [.water, .apiary, .publicRoad])
    private static let library = Library(
        products: [LibraryProduct(name: "Fungorex 250 EC", rate: 1, bufferZone: 20, reducedZones: [ReducedZone(driftReduction: 75, metres: 5),
                                                                                                 ReducedZone(driftReduction: 90, metres: 1)]),
                   LibraryProduct(name: "Herbicyd", rate: 1)],
        fields: [field],
        sprayers: [LibrarySprayer(name: "Pilmet", tankCapacity: 2500), LibrarySprayer(name: "Hardi", tankCapacity: 3000, driftReduction: 75),
                   LibrarySprayer(name: "Sadowniczy", tankCapacity: 1000, isOrchard: true)])

    func testNeighboursAndZonesAreReadInEitherLanguage() {
        XCTAssertEqual(FieldNeighbour.list("woda, Pasieka; droga publiczna\nbudynki").neighbours, [.water, .apiary, .publicRoad, .buildings])
        XCTAssertEqual(FieldNeighbour.list("water, an apiary, a public road, buildings, water").neighbours, [.water, .apiary, .publicRoad, .buildings])
        XCTAssertEqual(FieldNeighbour.list("woda, las").unreadable, ["las"])
        XCTAssertEqual(ReducedZone.list("75: 5, 90 %: 1 m").zones, [ReducedZone(driftReduction: 75, metres: 5), ReducedZone(driftReduction: 90, metres: 1)])
        XCTAssertEqual(ReducedZone.list("75 5").unreadable, ["75 5"])
        var draft = FieldDraft(Self.field, format: NumberFormat(language: .english))
        XCTAssertEqual(draft.neighbours, "water, an apiary, a public road")
        XCTAssertEqual(try? draft.field(id: Self.field.id).get(), Self.field, "what the editor shows reads back")
        draft.neighbours = "woda, las"
        XCTAssertEqual(draft.field().failure?.errors.map(\.field), [.neighbours])
        XCTAssertEqual(LibraryRules.problems(of: .product(LibraryProduct(name: "X", bufferZone: 600, reducedZones: [ReducedZone(driftReduction: 60, metres: 1)])))
            .map(\.field), [.bufferZone, .reducedZones])
    }

    func testTheyAreKeptInTheLibrary() throws {
        let data = try JSONEncoder().encode(Self.library.products[0])
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains(#""reduced_zones":[{"#), String(decoding: data, as: UTF8.self))
        XCTAssertEqual(try JSONDecoder().decode(LibraryProduct.self, from: data), Self.library.products[0])
        XCTAssertEqual(try JSONDecoder().decode(LibraryField.self, from: try JSONEncoder().encode(Self.field)), Self.field)
        let orchard = Self.library.sprayers[2]
        XCTAssertTrue(String(decoding: try JSONEncoder().encode(orchard), as: UTF8.self).contains(#""orchard":true"#))
        XCTAssertEqual(try JSONDecoder().decode(LibrarySprayer.self, from: try JSONEncoder().encode(orchard)), orchard)
        XCTAssertFalse(String(decoding: try JSONEncoder().encode(Self.library.sprayers[0]), as: UTF8.self).contains("orchard"))
        var draft = SprayerDraft(orchard, format: NumberFormat(language: .english))
        XCTAssertEqual(draft.orchard, "yes")
        XCTAssertEqual(try? draft.sprayer(id: orchard.id).get(), orchard, "what the editor shows reads back")
        draft.orchard = "maybe"
        XCTAssertEqual(draft.sprayer().failure?.errors.map(\.field), [.orchard])
        XCTAssertFalse(String(decoding: try JSONEncoder().encode(LibraryField(name: "Łąka", area: 1)), as: UTF8.self).contains("neighbours"))
    }

    private func zones(_ sprayer: String?, _ products: [String] = ["Fungorex 250 EC"]) -> [String] {
        let details = TreatmentDetails(date: CalendarDate(year: 2026, month: 5, day: 12)!, parcel: "Za stodołą", treatedSize: 4,
                                       crop: Self.field.crop, products: products.map { ProductUse(name: $0, dose: 1, doseUnit: .litres) },
                                       reason: "septorioza", sprayer: sprayer)
        return FarmAdvice(library: Self.library).record(details).filter { $0.kind == .bufferZone }.map(\.text)
    }

    func testTheZoneToKeepForThisSprayer() throws {
        let road = "Public road: keep 3 m from its edge (the regulation's least)."
        let apiary = "Apiary: keep 20 m from it (the regulation's least for ground spraying)."
        XCTAssertEqual(zones("Pilmet"), ["Fungorex 250 EC: keep 20 m from water (the label: 20 m; 5 m with 75 % drift reduction; 1 m with 90 % drift reduction).",
                                         apiary, road])
        XCTAssertEqual(zones("Hardi").first,
                       "Fungorex 250 EC: keep 5 m from water (the label: 20 m; 5 m with 75 % drift reduction — this sprayer; 1 m with 90 % drift reduction).")
        XCTAssertEqual(zones(nil, ["Herbicyd"]), ["Water: keep 1 m from it (the regulation's least for a field sprayer).", apiary, road])
        // An orchard sprayer keeps 3 m from water by the regulation, and at least that under a label's smaller zone.
        XCTAssertEqual(zones("Sadowniczy", ["Herbicyd"]).first, "Water: keep 3 m from it (the regulation's least for an orchard sprayer).")
        XCTAssertEqual(SprayingLaw.waterDistance(Self.library.sprayer(named: "Sadowniczy")), 3)
        XCTAssertEqual(SprayingLaw.waterDistance(nil), 1)
        XCTAssertEqual(inPolish { zones("Sadowniczy", ["Herbicyd"]) }.first,
                       "Woda: zachowaj 3 m odległości (najmniej według rozporządzenia dla opryskiwacza sadowniczego).")
        XCTAssertEqual(inPolish { zones(nil, ["Herbicyd"]) }.last, "Droga publiczna: zachowaj 3 m od krawędzi jezdni (najmniej według rozporządzenia).")
        // Before spraying, the same lines.
        let plan = try TankMixEngine.plan(JobInput(area: 4, sprayRate: 200, tankCapacity: 1000,
                                                   products: [ProductInput(name: "Fungorex 250 EC", rate: 1, unit: .litresPerHectare)])).get()
        let before = FarmAdvice(library: Self.library).plan(plan, field: Self.field, sprayer: Self.library.sprayer(named: "Hardi"))
        XCTAssertEqual(before.filter { $0.kind == .bufferZone }.map(\.message), zones("Hardi"))
        XCTAssertEqual(AdviceKind.bufferZone.severity, .advice)
    }

    /// A product hazardous to bees sprayed during their flight (6:00–20:00) asks whether the crop was flowering.
    func testAProductHazardousToBeesDuringTheirFlight() {
        let library = Library(products: [LibraryProduct(name: "Owadex 100 EC", rate: 1, beeHazard: true), LibraryProduct(name: "Fungorex 250 EC", rate: 1)])
        func said(_ hour: String?, _ products: [String] = ["Owadex 100 EC", "Fungorex 250 EC"]) -> [String] {
            let details = TreatmentDetails(date: CalendarDate(year: 2026, month: 5, day: 12)!, startTime: hour.flatMap(ClockTime.init(parsing:)),
                                           parcel: "Pole", products: products.map { ProductUse(name: $0, dose: 1, doseUnit: .litres) })
            return FarmAdvice(library: library).record(details).filter { $0.kind == .beeHazard }.map(\.text)
        }
        XCTAssertEqual(said("10:00"), ["Owadex 100 EC is hazardous to bees and the treatment started at 10:00, during their flight (6:00–20:00): "
                                       + "was the crop, or the weeds in it, flowering? Spray it after the bees' flight."])
        XCTAssertEqual(said("05:59"), [])
        XCTAssertEqual(said("20:00"), [])
        XCTAssertEqual(said(nil), [], "no start hour: nothing to compare")
        XCTAssertEqual(said("10:00", ["Fungorex 250 EC"]), [])
        var draft = ProductDraft(library.products[0], format: NumberFormat(language: .english))
        XCTAssertEqual(draft.beeHazard, "yes")
        XCTAssertEqual(try? draft.product(id: library.products[0].id).get(), library.products[0])
        draft.beeHazard = "nie"
        XCTAssertEqual(try? draft.product().get().beeHazard, false)
        draft.beeHazard = "perhaps"
        XCTAssertEqual(draft.product().failure?.errors.map(\.field), [.beeHazard])
    }
}
