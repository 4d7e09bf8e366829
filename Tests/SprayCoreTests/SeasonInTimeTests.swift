// The season's rules in time (issue 62, item 5): the label's interval between any two
// treatments of a product on a field, across New Year and whatever order they were entered in;
// the count per season against the crop of that season; a product once per treatment, on the
// card and in the checks alike; a treatment past midnight, its end the next day, the bees'
// flight checked over its whole span. Every case a row of a table, on a farm of its own.

import CatalogTestSupport
import CoreTestSupport
@testable import FarmContext
@testable import FarmModel
@testable import FarmStores
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayViewModels
import XCTest

final class SeasonInTimeTests: TemporaryDirectoryTestCase {
    private static let wheat = CropChoice(eppoCode: "TRZAW", name: "pszenica ozima")
    private static let barley = CropChoice(eppoCode: "HORVW", name: "jęczmień ozimy")
    private static let library = Library(products: [
        LibraryProduct(name: "Fungorex 250 EC", rate: 1, maximumTreatments: 3, intervalDays: 14, modesOfAction: ["FRAC 3"],
                       cropLimits: [CropLimit(eppo: "TRZAW", maxTreatments: 1)]),
        LibraryProduct(name: "Pszczelak", rate: 1, beeHazard: true),
    ], fields: [LibraryField(name: "Pole", area: 4, crop: wheat)])

    private static func day(_ text: String) -> CalendarDate { CalendarDate(parsing: text)! }

    private static func details(_ date: String, _ products: [String] = ["Fungorex 250 EC"], crop: CropChoice? = wheat) -> TreatmentDetails {
        TreatmentDetails(date: day(date), parcel: "Pole", treatedSize: 4, crop: crop,
                         products: products.map { ProductUse(name: $0, dose: 1, doseUnit: .litres) }, reason: "septorioza")
    }

    /// A farm of this test's folder whose records hold a treatment on each of `dates`, on `today`.
    private func farm(treatedOn dates: [String], today: String = "2026-06-30") throws -> Farm {
        let records = RecordStore(file: path("records.json"))
        for date in dates { _ = try records.add(Self.details(date), at: Clock.system.now) }
        return try Farm.inFolder(directory, library: Self.library, clock: .fixed(on: Self.day(today)))
    }

    private func intervals(_ advice: [Advice]) -> [String] { advice.filter { $0.kind == .treatmentInterval }.map(\.text) }

    /// Each row: the treatments the field holds, the one recorded now, what the interval says of it.
    func testTheIntervalHoldsAcrossNewYearAndLateEntries() throws {
        let rows: [(held: [String], new: String, said: [String])] = [
            (["2025-12-25"], "2026-01-02",
             ["Fungorex 250 EC on Pole: 8 days after the last treatment with it (2025-12-25); the label asks at least 14: from 2026-01-08."]),
            (["2026-05-20"], "2026-05-11",
             ["Fungorex 250 EC on Pole: 9 days before the next treatment with it (2026-05-20); the label asks at least 14 between them."]),
            (["2026-05-01", "2026-05-20"], "2026-05-11",
             ["Fungorex 250 EC on Pole: 10 days after the last treatment with it (2026-05-01); the label asks at least 14: from 2026-05-15."]),
            (["2026-05-11"], "2026-05-11",
             ["Fungorex 250 EC on Pole: 0 days after the last treatment with it (2026-05-11); the label asks at least 14: from 2026-05-25."]),
            (["2025-12-01"], "2026-01-02", []),
            (["2026-06-01"], "2026-05-11", []),
            (["2026-05-25"], "2026-05-11", []),
            ([], "2026-01-02", []),
        ]
        for (index, row) in rows.enumerated() {
            let folder = directory.appendingPathComponent("farm-\(index)")
            let records = RecordStore(file: folder.appendingPathComponent("records.json"))
            for date in row.held { _ = try records.add(Self.details(date), at: Clock.system.now) }
            let farm = try Farm.inFolder(folder, library: Self.library, clock: .fixed(on: Self.day(row.new)))
            XCTAssertEqual(intervals(farm.advice().record(Self.details(row.new))), row.said, "\(row.held) then \(row.new)")
            // The same treatment saved: it does not count against itself, and the others still do.
            XCTAssertEqual(farm.treatments(on: " pole").count, row.held.count)
            let saved = try farm.record([RecordDraft(details: Self.details(row.new))])
            XCTAssertEqual(intervals(saved.advice), row.said, "record: \(row.held) then \(row.new)")
            XCTAssertEqual(farm.treatments(on: "Pole").map(\.record).filter { $0 == saved.saved[0].id }.count, 1, "the new record counts from now on")
        }
        let later = try farm(treatedOn: ["2026-05-20"])
        XCTAssertEqual(inPolish { intervals(later.advice().record(Self.details("2026-05-11"))) },
                       ["Fungorex 250 EC na polu Pole: 9 dni przed następnym zabiegiem tym środkiem (20.05.2026); etykieta wymaga co najmniej 14 między nimi."])
    }

    /// Before spraying, on 3 January: the treatment of 30 December counts.
    func testThePlanOnThirdJanuaryAfterThirtiethDecember() throws {
        let farm = try self.farm(treatedOn: ["2025-12-30"], today: "2026-01-03")
        let plan = try TankMixEngine.plan(JobInput(area: 4, sprayRate: 200, tankCapacity: 1000,
                                                   products: [ProductInput(name: "Fungorex 250 EC", rate: 1)])).get()
        XCTAssertEqual(farm.advice().plan(plan, field: farm.library.field(named: "Pole"), sprayer: nil)
            .filter { $0.kind == .treatmentInterval }.map(\.message),
                       ["Fungorex 250 EC on Pole: 4 days after the last treatment with it (2025-12-30); the label asks at least 14: from 2026-01-13."])
        // The count is this season's: the treatment of 30 December is last season's.
        XCTAssertEqual(farm.advice().plan(plan, field: farm.library.field(named: "Pole"), sprayer: nil)
            .filter { $0.kind == .treatmentsAboveLabel }.count, 0)
    }

    /// The count is per season, each against the crop of that season: the field grew barley in
    /// 2025 (3 treatments a season) and wheat in 2026 (1), as its records say and the library now.
    func testTheCountIsPerSeasonAgainstThatSeasonsCrop() throws {
        let records = RecordStore(file: path("records.json"))
        for date in ["2025-04-10", "2025-05-10"] { _ = try records.add(Self.details(date, crop: Self.barley), at: Clock.system.now) }
        _ = try records.add(Self.details("2026-04-10"), at: Clock.system.now)
        let farm = try Farm.inFolder(directory, library: Self.library, clock: .fixed(on: Self.day("2026-06-30")))
        let rows: [(season: Int, line: String)] = [
            (2025, "  Fungorex 250 EC: 2 of 3 treatments, next from 2025-05-24"),
            (2026, "  Fungorex 250 EC: 1 of 1 treatments, no more this season"),
        ]
        for row in rows {
            let card = FieldCard.make(field: "Pole", season: row.season, records: farm.records.records, library: farm.library)
            XCTAssertEqual(card.lines(in: .english).first { $0.hasPrefix("  Fungorex") }, row.line, "\(row.season)")
        }
        // A treatment recorded late in 2025, on its barley: the third of three allowed.
        XCTAssertEqual(farm.advice().record(Self.details("2025-06-10", crop: Self.barley)).filter { $0.kind == .treatmentsAboveLabel }, [])
        XCTAssertEqual(farm.advice().record(Self.details("2026-06-10")).filter { $0.kind == .treatmentsAboveLabel }.map(\.text),
                       ["Fungorex 250 EC on Pole: this is treatment no. 2 this season; the label allows 1."])
    }

    /// A product listed twice in one treatment is one treatment with it: on the card, in the
    /// count, and said once.
    func testAProductOnceATreatment() throws {
        let records = RecordStore(file: path("records.json"))
        _ = try records.add(Self.details("2025-04-10", ["Fungorex 250 EC", "fungorex 250 ec "], crop: Self.barley), at: Clock.system.now)
        let farm = try Farm.inFolder(directory, library: Self.library, clock: .fixed(on: Self.day("2026-06-30")))
        let card = FieldCard.make(field: "Pole", season: 2025, records: farm.records.records, library: farm.library)
        XCTAssertEqual(card.products.map(\.treatments), [1])
        XCTAssertEqual(card.entries.map(\.ordinal), [1])
        XCTAssertEqual(card.treatments.map { $0.products.map(\.name) }, [["Fungorex 250 EC"]])
        let twice = Self.details("2025-06-10", ["Fungorex 250 EC", "Fungorex 250 EC"], crop: Self.barley)
        XCTAssertEqual(farm.advice().record(twice).filter { [.treatmentsAboveLabel, .treatmentInterval].contains($0.kind) }, [],
                       "the second treatment with it of three allowed, 61 days after the first")
        let soon = Self.details("2025-04-20", ["Fungorex 250 EC", "Fungorex 250 EC"], crop: Self.barley)
        XCTAssertEqual(intervals(farm.advice().record(soon)),
                       ["Fungorex 250 EC on Pole: 10 days after the last treatment with it (2025-04-10); the label asks at least 14: from 2025-04-24."],
                       "said once")
        XCTAssertEqual(PastTreatment.on("Pole", season: 2025, in: farm.records.records).map(\.products), [["Fungorex 250 EC"]])
        XCTAssertEqual(PastTreatment.byField(farm.records.records)["pole"], PastTreatment.on("Pole", in: farm.records.records),
                       "the farm's treatments by field are those PastTreatment.on gives")
    }

    /// An end before the start is the next day; the bees' flight (6:00–20:00) is checked over
    /// the whole span, and with no end at the start.
    func testATreatmentPastMidnightAndTheBeesFlightOverItsSpan() throws {
        let rows: [(start: String, end: String?, said: String?)] = [
            ("22:00", "00:30", nil),
            ("05:00", "07:00", "Pszczelak is hazardous to bees and the treatment, 05:00–07:00, was during their flight (6:00–20:00): "
                + "was the crop, or the weeds in it, flowering? Spray it after the bees' flight."),
            ("19:30", "21:00", "Pszczelak is hazardous to bees and the treatment, 19:30–21:00, was during their flight (6:00–20:00): "
                + "was the crop, or the weeds in it, flowering? Spray it after the bees' flight."),
            ("21:00", "06:30", "Pszczelak is hazardous to bees and the treatment, 21:00–06:30, was during their flight (6:00–20:00): "
                + "was the crop, or the weeds in it, flowering? Spray it after the bees' flight."),
            ("20:00", "22:00", nil),
            ("04:00", "06:00", nil),
            ("23:30", "05:59", nil),
            ("12:00", "12:00", "Pszczelak is hazardous to bees and the treatment, 12:00–12:00, was during their flight (6:00–20:00): "
                + "was the crop, or the weeds in it, flowering? Spray it after the bees' flight."),
            ("07:30", nil, "Pszczelak is hazardous to bees and the treatment started at 07:30, during their flight (6:00–20:00): "
                + "was the crop, or the weeds in it, flowering? Spray it after the bees' flight."),
            ("05:30", nil, nil),
        ]
        for row in rows {
            var details = Self.details("2026-05-11", ["Pszczelak"])
            details.startTime = ClockTime(parsing: row.start)
            details.endTime = row.end.flatMap(ClockTime.init(parsing:))
            XCTAssertEqual(RecordRules.problems(in: details).map(\.message), [], "\(row.start)–\(row.end ?? "")")
            XCTAssertEqual(SprayingLaw.beeAdvice(details, library: Self.library).map(\.text), row.said.map { [$0] } ?? [],
                           "\(row.start)–\(row.end ?? "")")
        }
        // The wind is the whole span's too.
        var night = Self.details("2026-05-11", ["Pszczelak"])
        (night.startTime, night.endTime, night.windSpeed) = (ClockTime(hour: 22, minute: 0), ClockTime(hour: 0, minute: 30), 5)
        XCTAssertEqual(try farm(treatedOn: []).advice().record(night).map(\.kind), [.windAboveLaw])
        XCTAssertEqual(inPolish { SprayingLaw.beeAdvice({ var details = night; details.startTime = ClockTime(hour: 19, minute: 0); return details }(),
                                                        library: Self.library).map(\.text) },
                       ["Pszczelak jest niebezpieczny dla pszczół, a zabieg, 19:00–00:30, trwał w czasie ich oblotu (6:00–20:00): "
                        + "czy uprawa albo chwasty w niej kwitły? Stosuj go po oblocie pszczół."])
    }

    /// The night treatment through the doors a person types it in: the form and the grid save it.
    @MainActor func testTheFormAndTheGridTakeANightTreatment() async throws {
        let farm = try self.farm(treatedOn: [])
        var details = Self.details("2026-05-11", ["Pszczelak"])
        (details.startTime, details.endTime) = (ClockTime(hour: 22, minute: 0), ClockTime(hour: 0, minute: 30))
        let form = RecordFormViewModel(details: details, farm: farm)
        XCTAssertEqual(form.problems.map(\.message), [])
        XCTAssertNoThrow(try form.save().get())
        let grid = TranscriptionViewModel(farm: farm)
        for (column, text) in [(TranscriptionColumn.date, "12.05.2026"), (.start, "22:00"), (.end, "00:30"), (.field, "Pole"),
                               (.crop, "TRZAW"), (.size, "4"), (.reason, "septorioza"), (.product, "Pszczelak"), (.dose, "1"), (.unit, "l/ha")] {
            grid.setText(text, row: 0, column: column)
        }
        XCTAssertEqual(grid.summaryText, "1 treatment ready to save (1 row)")
        XCTAssertTrue(grid.save())
        XCTAssertEqual(farm.records.records.map { [$0.details.startTime?.description, $0.details.endTime?.description] },
                       [["22:00", "00:30"], ["22:00", "00:30"]])
    }
}
