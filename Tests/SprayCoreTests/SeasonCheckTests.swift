// The label's limits over a field's season: the phrases the ministry's register states them in
// (a table of real-looking texts, invented products), the treatments counted per field and
// season, and the warnings on the count, the interval and a repeated mode of action — the
// same before spraying (the calculator's plan) and on a record, in English and Polish.

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

final class SeasonCheckTests: TemporaryDirectoryTestCase {
    private static let wheat = CropChoice(eppoCode: "TRZAW", name: "pszenica ozima")
    private static func day(_ month: Int, _ day: Int, _ year: Int = 2026) -> CalendarDate { CalendarDate(year: year, month: month, day: day)! }

    func testTheRegistersPhrasesOfTheLabelsLimits() {
        let rows: [(String, Int?, Int?)] = [
            ("Maksymalna liczba zabiegów w sezonie: 2", 2, nil),
            ("Maksymalna liczba zabiegów w sezonie wegetacyjnym: 3. Odstęp pomiędzy zabiegami: 7-14 dni.", 3, 7),
            ("Zalecana dawka: 1 l/ha. Odstęp między zabiegami: 10 dni", nil, 10),
            ("Odstęp pomiędzy zabiegami: 7 – 10 dni; maksymalna liczba zabiegów: 4", 4, 7),
            ("MAKSYMALNA LICZBA ZABIEGÓW W SEZONIE: 1", 1, nil),
            ("Zalecana dawka: 0,5-1,0 l/ha (BBCH 30-59)", nil, nil),
            ("Maksymalna liczba zabiegów w sezonie: brak ograniczeń", nil, nil),
            ("Odstęp pomiędzy zabiegami: 1000 dni", nil, nil),
            ("", nil, nil),
        ]
        for (text, treatments, interval) in rows {
            let limits = OfficialRegisterText.treatmentLimits(text)
            XCTAssertEqual(limits.treatments, treatments, text)
            XCTAssertEqual(limits.intervalDays, interval, text)
        }
    }

    func testModesOfActionAreReadInTheFormLabelsPrintThem() {
        XCTAssertEqual(["FRAC 3", "frac3", " IRAC 3a ", "HRAC 4", "FRAC M5", "irac un"].map { ModeOfAction(parsing: $0)?.description },
                       ["FRAC 3", "FRAC 3", "IRAC 3A", "HRAC 4", "FRAC M5", "IRAC UN"])
        for wrong in ["FRAC", "3", "XRAC 3", "FRAC 3-4", "FRAC ABC", "FRAC 123456"] { XCTAssertNil(ModeOfAction(parsing: wrong), wrong) }
        var draft = ProductDraft()
        draft.name = "Fungorex 250 EC"
        draft.modesOfAction = "frac 3; FRAC 11, frac3"
        draft.intervalDays = "14"
        let product = try? draft.product().get()
        XCTAssertEqual(product?.modesOfAction, ["FRAC 3", "FRAC 11"])
        XCTAssertEqual(product?.intervalDays, 14)
        draft.modesOfAction = "FRAC 3, grupa 3"
        XCTAssertEqual(draft.product().failure?.errors.map { $0.field.label + ": " + $0.problem.message },
                       ["Modes of action (FRAC, HRAC or IRAC): “grupa 3” is not a mode of action as labels print it: FRAC, HRAC or IRAC and the group, e.g. “FRAC 3”, “IRAC 3A”"])
        // From elsewhere (an import, the farm folder): kept, and marked.
        let imported = LibraryProduct(name: "X", intervalDays: 400, modesOfAction: ["FRAC 3", "???"])
        XCTAssertEqual(LibraryRules.problems(of: .product(imported)).map(\.field), [.intervalDays, .modesOfAction])
    }

    func testTreatmentsAreCountedPerFieldAndSeasonWithdrawnOnesLeftOut() throws {
        let records = RecordStore(file: path("records.json"))
        func add(_ date: CalendarDate, _ parcel: String) throws -> TreatmentRecord {
            try records.add(TreatmentDetails(date: date, parcel: parcel, crop: Self.wheat,
                                             products: [ProductUse(name: "Fungorex 250 EC", dose: 1, doseUnit: .litres)]), at: Clock.system.now)
        }
        _ = try add(Self.day(12, 31, 2025), "Za stodołą")
        let first = try add(Self.day(1, 1), "Za stodołą")
        _ = try add(Self.day(4, 2), "za stodołą ")
        _ = try add(Self.day(4, 3), "Łąka")
        let withdrawn = try add(Self.day(4, 4), "Za stodołą")
        _ = try records.withdraw(id: withdrawn.id, reason: "wpisany dwa razy", at: Clock.system.now)
        var corrected = first.details
        corrected.notes = "poprawka"
        _ = try records.correct(id: first.id, to: corrected, note: "uwagi", at: Clock.system.now)
        XCTAssertEqual(PastTreatment.on("Za stodołą", season: 2026, in: records.records).map(\.date), [Self.day(1, 1), Self.day(4, 2)],
                       "the season from 1 January; the corrected record once; the withdrawn one and the other field not")
        XCTAssertEqual(PastTreatment.on("Za stodołą", season: 2025, in: records.records).map(\.date), [Self.day(12, 31, 2025)])
    }

    /// Each check gives one text, before spraying and on the record alike.
    @MainActor func testTheCountTheIntervalAndTheModeOfActionWarnAtEveryDoor() throws {
        let library = Library(products: [
            LibraryProduct(name: "Fungorex 250 EC", rate: 1, maximumTreatments: 2, intervalDays: 14, modesOfAction: ["FRAC 3"]),
            LibraryProduct(name: "Triazol Bis", rate: 1, modesOfAction: ["FRAC 3", "FRAC 11"]),
        ], fields: [LibraryField(name: "Za stodołą", area: 4, crop: Self.wheat)])
        let records = RecordStore(file: path("records.json"))
        for date in [Self.day(4, 10), Self.day(5, 2)] {
            _ = try records.add(TreatmentDetails(date: date, parcel: "Za stodołą", crop: Self.wheat,
                                                 products: [ProductUse(name: "Fungorex 250 EC", dose: 1, doseUnit: .litres)]), at: Clock.system.now)
        }
        let advice = FarmAdvice(library: library, treatments: records.treatments(on:), today: Self.day(5, 7))
        let expected = [
            "Fungorex 250 EC on Za stodołą: this is treatment no. 3 this season; the label allows 2.",
            "Fungorex 250 EC on Za stodołą: 5 days after the last treatment with it (2026-05-02); the label asks at least 14: from 2026-05-16.",
            "FRAC 3 again on Za stodołą (last 2026-05-02, Fungorex 250 EC): alternate the mode of action.",
        ]
        let plan = try TankMixEngine.plan(JobInput(area: 4, sprayRate: 200, tankCapacity: 1000,
                                                   products: [ProductInput(name: "Fungorex 250 EC", rate: 1, unit: .litresPerHectare)])).get()
        XCTAssertEqual(advice.plan(plan, field: library.fields.first, sprayer: nil).map(\.message), expected)
        let details = TreatmentDetails(date: Self.day(5, 7), parcel: "Za stodołą", crop: Self.wheat,
                                       products: [ProductUse(name: "Fungorex 250 EC", dose: 1, doseUnit: .litres)])
        XCTAssertEqual(advice.record(details).filter { $0.kind != .recordedWhenLabelGives }.map(\.text), expected)
        XCTAssertEqual(advice.record(details).filter { $0.kind != .recordedWhenLabelGives }.map(\.kind.rawValue),
                       ["label-treatments", "label-interval", "label-mode-of-action"])
        // Saved, the record does not count against itself; the form that corrects it neither.
        let saved = try records.add(details, at: Clock.system.now)
        XCTAssertEqual(advice.record(saved.details, id: saved.id).filter { $0.kind != .recordedWhenLabelGives }.map(\.text), expected)
        let form = RecordFormViewModel(details: saved.details, correcting: saved, farm: try farm(clock: .fixed(on: Self.day(5, 7))).with(library)).warningText ?? ""
        for line in expected { XCTAssertTrue(form.contains(line), form) }

        // Another product of the same group after it; in Polish.
        let other = TreatmentDetails(date: Self.day(5, 20), parcel: "Za stodołą", crop: Self.wheat,
                                     products: [ProductUse(name: "Triazol Bis", dose: 1, doseUnit: .litres)])
        XCTAssertEqual(inPolish { advice.record(other).filter { $0.kind == .modeOfActionRepeated }.map(\.text) },
                       ["FRAC 3 ponownie na polu Za stodołą (ostatnio 07.05.2026, Fungorex 250 EC): zmień mechanizm działania."])
        // Recorded late, before every treatment on the field: the one after it is next to it.
        let late = TreatmentDetails(date: Self.day(3, 20), parcel: "Za stodołą", crop: Self.wheat,
                                    products: [ProductUse(name: "Triazol Bis", dose: 1, doseUnit: .litres)])
        XCTAssertEqual(advice.record(late).filter { $0.kind == .modeOfActionRepeated }.map(\.text),
                       ["FRAC 3 again on Za stodołą (next 2026-04-10, Fungorex 250 EC): alternate the mode of action."])
        XCTAssertEqual(inPolish { advice.record(late).filter { $0.kind == .modeOfActionRepeated }.map(\.text) },
                       ["FRAC 3 ponownie na polu Za stodołą (następny zabieg 10.04.2026, Fungorex 250 EC): zmień mechanizm działania."])
        XCTAssertEqual(inPolish { advice.record(saved.details, id: saved.id).filter { $0.kind == .treatmentInterval }.map(\.text) },
                       ["Fungorex 250 EC na polu Za stodołą: 5 dni po ostatnim zabiegu tym środkiem (02.05.2026); etykieta wymaga co najmniej 14: od 16.05.2026."])
    }

    /// Where the library gives no limit, the register's text for the crop does, and says so.
    func testTheRegistersLimitsWhereTheLibraryGivesNone() throws {
        let csv = "nazwa;NrZezw;uprawa;dawka;termin\nFungorex 250 EC;R-1/2026;pszenica ozima;Maksymalna liczba zabiegów w sezonie: 2;"
            + "Odstęp pomiędzy zabiegami: 7-14 dni\n"
        let read = try OfficialRegister.read(Array(csv.utf8), source: "x.csv", importedAt: Date())
        XCTAssertEqual(read.products[0].uses.map { [$0.maxTreatments, $0.intervalDays] }, [[2, 7]], "read from the use's texts")
        let use = OfficialRegisterUse(crop: "pszenica ozima", eppo: "TRZAW", pests: "", doseText: "Maksymalna liczba zabiegów w sezonie: 1",
                                      maxDose: nil, doseUnit: nil, timing: "Odstęp pomiędzy zabiegami: 21 dni", bbchFrom: nil, bbchTo: nil,
                                      maxTreatments: 1, intervalDays: 21)
        let register = OfficialRegisterIndex(OfficialRegister(date: Self.day(6, 26), importedAt: Date(), source: "x", products: [
            OfficialRegisterProduct(name: "Fungorex 250 EC", authorisation: "R-1/2026", kind: "Fungicyd", substances: "", authorisedUntil: nil,
                                    saleUntil: nil, useUntil: nil, uses: [use]),
        ]))
        let past = [PastTreatment(record: UUID(), date: Self.day(5, 2), products: ["Fungorex 250 EC"])]
        let advice = FarmAdvice(register: register, treatments: { _ in past }, today: Self.day(5, 7))
        let details = TreatmentDetails(date: Self.day(5, 7), parcel: "Za stodołą", crop: Self.wheat,
                                       products: [ProductUse(name: "Fungorex 250 EC", authorisation: "R-1/2026", dose: 1, doseUnit: .litres)])
        XCTAssertEqual(advice.record(details).filter { [.treatmentsAboveLabel, .treatmentInterval].contains($0.kind) }.map(\.text), [
            "Fungorex 250 EC on Za stodołą: this is treatment no. 2 this season; the ministry's register allows 1 on pszenica ozima.",
            "Fungorex 250 EC on Za stodołą: 5 days after the last treatment with it (2026-05-02); the ministry's register asks at least 21: from 2026-05-23.",
        ])
    }

    /// A label's limits on one crop win over those for every crop (typed "3; TRZAW: 1").
    func testLimitsOnOneCrop() throws {
        var draft = ProductDraft()
        draft.name = "Fungorex 250 EC"
        draft.maximumTreatments = "3; trzaw: 1"
        draft.intervalDays = "TRZAW: 21"
        let product = try draft.product().get()
        XCTAssertEqual(product.maximumTreatments, 3)
        XCTAssertEqual(product.cropLimits, [CropLimit(eppo: "TRZAW", maxTreatments: 1, intervalDays: 21)])
        XCTAssertEqual(ProductDraft(product).maximumTreatments, "3; TRZAW: 1")
        XCTAssertEqual(ProductDraft(product).intervalDays, "TRZAW: 21")
        draft.maximumTreatments = "3; pszenica: 1"
        XCTAssertEqual(draft.product().failure?.errors.map(\.field), [.maximumTreatments])

        let library = Library(products: [product])
        let past = [PastTreatment(record: UUID(), date: Self.day(5, 2), products: ["Fungorex 250 EC"])]
        func said(_ crop: CropChoice) -> [String] {
            let details = TreatmentDetails(date: Self.day(5, 7), parcel: "Pole", crop: crop, products: [ProductUse(name: "Fungorex 250 EC", dose: 1, doseUnit: .litres)])
            return FarmAdvice(library: library, treatments: { _ in past }).record(details)
                .filter { [.treatmentsAboveLabel, .treatmentInterval].contains($0.kind) }.map(\.kind.rawValue)
        }
        XCTAssertEqual(said(Self.wheat), ["label-treatments", "label-interval"], "wheat: once, 21 days apart")
        XCTAssertEqual(said(CropChoice(eppoCode: "HORVW", name: "jęczmień ozimy")), [], "barley: three times, no interval")
    }
}

/// The farm's own most treatments with one mode of action a season (Preferences): counted per
/// treatment (two products of one group are one use), said once per group, kept in the
/// settings, typed in Preferences, and given by every door through FarmAdvice.
final class OwnModeOfActionLimitTests: TemporaryDirectoryTestCase {
    private static let library = Library(products: [
        LibraryProduct(name: "Fungorex 250 EC", rate: 1, modesOfAction: ["FRAC 3"]),
        LibraryProduct(name: "Triazol Bis", rate: 1, modesOfAction: ["FRAC 3", "FRAC 11"]),
        LibraryProduct(name: "Strobi", rate: 1, modesOfAction: ["FRAC 11"]),
    ])
    private static func day(_ month: Int, _ day: Int) -> CalendarDate { CalendarDate(year: 2026, month: month, day: day)! }

    func testTheLimitCountsTreatmentsWithTheGroup() {
        let past = [PastTreatment(record: UUID(), date: Self.day(4, 10), products: ["Fungorex 250 EC", "Triazol Bis"]),
                    PastTreatment(record: UUID(), date: Self.day(5, 2), products: ["Strobi"])]
        func said(_ products: [String], limit: Int?) -> [String] {
            SeasonCheck.warnings(for: products.map { SeasonCheck.Product(name: $0, shown: $0) }, field: "Za stodołą", crop: nil, on: Self.day(5, 20),
                                 past: past, library: Self.library, register: nil, modeOfActionLimit: limit)
                .filter { $0.kind == .ownModeOfActionLimit }.map(\.message)
        }
        let rows: [([String], Int?, [String])] = [
            (["Fungorex 250 EC"], 2, []),
            (["Fungorex 250 EC"], 1, ["FRAC 3 on Za stodołą: treatment no. 2 with it this season; the farm's own limit is 1 (Preferences)."]),
            (["Triazol Bis", "Fungorex 250 EC"], 1, [
                "FRAC 3 on Za stodołą: treatment no. 2 with it this season; the farm's own limit is 1 (Preferences).",
                "FRAC 11 on Za stodołą: treatment no. 3 with it this season; the farm's own limit is 1 (Preferences).",
            ]),
            (["Strobi"], 2, ["FRAC 11 on Za stodołą: treatment no. 3 with it this season; the farm's own limit is 2 (Preferences)."]),
            (["Strobi"], nil, []),
            (["Nieznany"], 1, []),
        ]
        for (products, limit, expected) in rows { XCTAssertEqual(said(products, limit: limit), expected, "\(products) \(String(describing: limit))") }
        XCTAssertEqual(inPolish { said(["Strobi"], limit: 2) },
                       ["FRAC 11 na polu Za stodołą: zabieg nr 3 z tą grupą w sezonie; własny limit gospodarstwa to 2 (Ustawienia)."])
        XCTAssertEqual(AdviceKind.ownModeOfActionLimit.rawValue, "farm-mode-of-action-limit")
    }

    @MainActor func testTheLimitIsKeptAndTypedInPreferences() async throws {
        do {
            let model = PreferencesViewModel(farm: farm())
            XCTAssertEqual(model.modeOfActionLimit, "")
            XCTAssertNil(model.saveModeOfActionLimit(" 2 "))
            XCTAssertEqual(SettingsStore(file: path("settings.json")).settings.modeOfActionLimit, 2, "kept in the file")
            for wrong in ["0", "51", "dwa", "1,5"] {
                XCTAssertEqual(model.saveModeOfActionLimit(wrong),
                               "Treatments with one mode of action a season: write a whole number from 1 to 50, or leave it empty for no limit.")
            }
            XCTAssertEqual(model.modeOfActionLimit, "2", "a wrong value saves nothing")
            XCTAssertNil(model.saveModeOfActionLimit(""))
            XCTAssertNil(SettingsStore(file: path("settings.json")).settings.modeOfActionLimit, "empty is no limit")
            // The farm's name and number have their limits, said naming the field; nothing is saved then.
            XCTAssertEqual(model.saveFarm(name: "Nowak", producerNumber: String(repeating: "1", count: 31)),
                           "Producer number: " + InputProblem.tooLong(limit: 30).message)
            XCTAssertEqual(model.saveFarm(name: String(repeating: "N", count: 201), producerNumber: "012345678"),
                           "Farm (name): " + InputProblem.tooLong(limit: 200).message)
            XCTAssertNil(SettingsStore(file: path("settings.json")).settings.producerNumber)
            XCTAssertNil(model.saveFarm(name: "Nowak", producerNumber: "012345678"))
            XCTAssertEqual(SettingsStore(file: path("settings.json")).settings.producerNumber, "012345678")
        }
        // A hand-edited file: a limit out of range is no limit, the rest is read.
        let edited = #"{"format":"kalkulator-oprysku/settings","version":1,"items":[{"theme":"dark","farmName":"Nowak","modeOfActionLimit":900}]}"#
        try Data(edited.utf8).write(to: directory.appendingPathComponent("edited.json"))
        let read = SettingsStore(file: directory.appendingPathComponent("edited.json")).settings
        XCTAssertEqual(read.farmName, "Nowak")
        XCTAssertNil(read.modeOfActionLimit)
    }
}
