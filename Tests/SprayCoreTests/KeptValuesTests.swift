// A value this version cannot use, kept as it came (KeptValues): in the version of a record or
// stock entry it came in, through a correction made here (which answers for it in a version of
// its own); in a library item through its file, the farm folder and a save here; and a library
// item this version reads whole written as before, byte for byte, so that nothing is sent again.
// The tables through every door are KeptFromElsewhereTests; the join's laws, TrailJoinLawTests.

import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import Foundation
@testable import SprayBase
@testable import SprayMix
import XCTest

final class KeptValuesTests: TemporaryDirectoryTestCase {
    private let today = CalendarDate(year: 2026, month: 11, day: 25)!
    private var now: Date { Clock.fixed(on: today).now }

    private func read<Item: JSONLineCodable>(_ line: String, as: Item.Type) throws -> Item {
        var numbers = DecimalTexts()
        return try JSONScanner.reading(Array(line.utf8)) { scanner throws(JSONReadError) in
            let item = try Item(scanner: &scanner, numbers: &numbers)
            try scanner.end()
            return item
        }
    }

    private func written(_ item: some JSONLineCodable) -> String {
        var line = "", numbers = DecimalTexts()
        item.appendJSON(to: &line, numbers: &numbers)
        return line
    }

    // MARK: Records

    private func recordLine(changing from: String, to: String) throws -> String {
        let details = TreatmentDetails(date: CalendarDate(year: 2026, month: 4, day: 14)!, startTime: ClockTime(hour: 10, minute: 0),
                                       endTime: ClockTime(hour: 12, minute: 0), windSpeed: 3, parcel: "P1", treatedSize: 2,
                                       crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"),
                                       products: [ProductUse(name: "Topsin", authorisation: "R-1/2020", dose: 1, doseUnit: .litres, quantityUsed: 2)],
                                       reason: "mączniak")
        let line = written(TreatmentRecord(id: UUID(), details: details, createdAt: now.addingTimeInterval(-86_400)))
        XCTAssertTrue(line.contains(from), line)
        return line.replacingOccurrences(of: from, with: to)
    }

    func testARecordsValueItCannotUseIsWrittenBackInItsPlaceAndMarked() throws {
        let cases: [(from: String, to: String, problem: String)] = [
            (#""end_time":"12:00""#, #""end_time":"24:00""#, "End time: “24:00”"),
            (#""start_time":"10:00""#, #""start_time":"25:61""#, "Date: the start time “25:61”"),
            (#""wind":3"#, #""wind":"4,5""#, "Wind (m/s): “4,5”"),
            (#""treated_size":2"#, #""treated_size":1e300"#, "Size treated: “1e300”"),
            (#""crop":{"eppo":"TRZAW","name":"pszenica ozima"}"#, #""crop":"TRZAW""#, "Crop (EPPO code): “TRZAW”"),
            (#""parcel":"P1""#, #""parcel":["P1","P2"]"#, #"Parcel or place: “["P1","P2"]”"#),
            (#""dose":1"#, #""dose":"1 l""#, "Dose of Topsin: “1 l”"),
            (#""dose_unit":"l","#, #""dose_unit":"l","kind":"biostimulant","#, "Product name of Topsin: the kind of product “biostimulant”"),
            (#""quantity_used":2"#, #""phi_days":-3,"quantity_used":2"#, "Dose of Topsin: the pre-harvest interval “-3”"),
            (#""id":"#, #""plan_id":"none","id":"#, "Products: the saved plan it was made from “none”"),
        ]
        for (from, to, problem) in cases {
            let line = try recordLine(changing: from, to: to)
            let record = try read(line, as: TreatmentRecord.self)
            XCTAssertEqual(written(record).utf8.count, line.utf8.count, "\(to): written back whole")
            // In its place: where this version writes the member (a plan's after the id, as the keys sort).
            let member = to.hasPrefix(#""plan_id""#) ? #","plan_id":"none""# : to
            XCTAssertTrue(written(record).contains(member), "\(to): in its place")
            let texts = record.problems(today: today).map { $0.text(in: record.details) }
            XCTAssertTrue(texts.contains { $0.hasPrefix(problem + " is a value this version of the app cannot use") }, "\(to): \(texts)")
            XCTAssertNotNil(record.keptButNeedsChecking(today: today))
        }
    }

    func testACorrectionAnswersForTheValueAndTheVersionThatHeldItStays() throws {
        let record = try read(try recordLine(changing: #""end_time":"12:00""#, to: #""end_time":"24:00""#), as: TreatmentRecord.self)
        XCTAssertNil(record.details.endTime)
        // Corrected to what it shows, the end hour left empty: a version of its own, the record no longer needing checking.
        let confirmed = try record.corrected(to: record.details, note: "sprawdzone", at: now)
        XCTAssertEqual(confirmed.versions.count, 2)
        XCTAssertEqual(confirmed.problems(today: today), [])
        // Corrected to another end hour: the same, the value kept with the version it came in.
        var details = record.details
        details.endTime = ClockTime(hour: 18, minute: 0)
        let corrected = try record.corrected(to: details, note: "godzina", at: now)
        XCTAssertEqual(corrected.problems(today: today), [])
        let line = written(corrected)
        XCTAssertEqual(line.components(separatedBy: #""end_time":"24:00""#).count, 2, "once, in the correction: \(line)")
        XCTAssertTrue(line.contains(#""end_time":"18:00""#))
        let again = try read(line, as: TreatmentRecord.self)
        XCTAssertEqual(again, corrected)
        XCTAssertEqual(again.corrections[0].preserved.kept.details.json(of: "end_time"), Array(#""24:00""#.utf8))
        // The same details again change nothing.
        XCTAssertEqual(try corrected.corrected(to: details, note: "", at: now + 60), corrected)
    }

    func testARecordFromAnExportKeepsItsValuesAndStepsOverWhatItDoesNotKnow() throws {
        var record = try read(try recordLine(changing: #""wind":3"#, to: #""wind":"4,5","zz_drone":true"#), as: TreatmentRecord.self)
        record.withdrawal = nil
        let export = try RecordExport.json([record], exportedAt: now)
        XCTAssertTrue(export.contains(#""wind" : "4,5""#), export)
        XCTAssertFalse(export.contains("zz_drone"), "members of a newer version are not exported")
        let imported = try XCTUnwrap(try RecordExport.records(fromJSON: Array(export.utf8)).first)
        XCTAssertEqual(imported.preserved.kept, record.preserved.kept)
        XCTAssertTrue(imported.preserved.details.isEmpty)
    }

    // MARK: Stock

    func testAStockEntrysValueIsKeptAndACorrectionAnswersForIt() throws {
        let entry = StockEntry(id: UUID(), facts: StockFacts(kind: .purchase, product: "Topsin", quantity: 20, unit: .litres, date: today, lot: "A1"),
                               createdAt: now)
        let line = written(entry).replacingOccurrences(of: #""lot":"A1""#, with: #""lot":17"#)
        let kept = try read(line, as: StockEntry.self)
        XCTAssertEqual(written(kept), line, "written back byte for byte")
        XCTAssertEqual(kept.problems(today: today).map(\.text),
                       ["Lot number: “17” is a value this version of the app cannot use; it is kept as it came (correct it, or update the app)"])
        let corrected = kept.corrected(to: kept.facts, note: "sprawdzone", at: now + 60)
        XCTAssertEqual(corrected.problems(today: today), [])
        XCTAssertTrue(written(corrected).contains(#""lot":17"#), "the version that held it stays")
    }

    // MARK: The library

    /// What JSONEncoder wrote for an item (the farm folder's lines until this version).
    private func encoded(_ item: LibraryItem) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(item), as: UTF8.self)
    }

    func testALibraryItemReadWholeIsWrittenAsBeforeByteForByte() throws {
        let store = LibraryStore(file: try copyFixture("library-v1.json", as: "library.json"))
        let day = CalendarDate(year: 2026, month: 3, day: 1)!
        let more: [LibraryItem] = [
            .product(LibraryProduct(name: "Pełny \"cudzysłów\" \\ / ó", authorisation: "R-2/2021", formulation: .wg, rate: Decimal(string: "0.75"),
                                    unit: .gramsPerHectare, maximumRate: 1000, maximumTreatments: 3, intervalDays: 14,
                                    modesOfAction: ["FRAC 3", "FRAC 11"], bufferZone: 20,
                                    reducedZones: [ReducedZone(driftReduction: 75, metres: 5), ReducedZone(driftReduction: 90, metres: Decimal(string: "2.5")!)],
                                    beeHazard: true, cropLimits: [CropLimit(eppo: "TRZAW", maxTreatments: 1), CropLimit(eppo: "HORVW", intervalDays: 21)],
                                    preHarvestDays: 35, notes: "linia\nnowa\tz tabulatorem")),
            .field(LibraryField(name: "Nad rzeką", area: Decimal(string: "1.05")!, neighbours: [.water, .apiary, .publicRoad, .buildings])),
            .sprayer(LibrarySprayer(name: "Sadowniczy", tankCapacity: 1000, bought: day, driftReduction: 90, isOrchard: true)),
            .operator(LibraryOperator(name: "Anna", certificate: "", validUntil: nil)),
        ]
        for item in store.library.items + more {
            XCTAssertEqual(JournalLine.libraryJSON(item), try encoded(item), item.name)
            XCTAssertEqual(try read(JournalLine.libraryJSON(item), as: LibraryItem.self), item, item.name)
        }
    }

    private func sprayerLine(id: UUID) -> String {
        #"{"colour":"red","id":""# + id.uuidString + #"","kind":"sprayer","name":"Sad","orchard":"yes","tank":1000}"#
    }

    func testALibraryItemKeepsWhatANewerVersionWroteInItsFileAndTheFarmFolder() throws {
        let id = UUID()
        let sprayer = try read(sprayerLine(id: id), as: LibraryItem.self)
        guard case let .sprayer(read) = sprayer else { return XCTFail("\(sprayer)") }
        XCTAssertFalse(read.isOrchard, "a value it cannot use: the default in use")
        XCTAssertEqual(LibraryRules.problems(of: sprayer, today: today).map(\.text),
                       ["Orchard sprayer (yes or no): “yes” is a value this version of the app cannot use; it is kept as it came (correct it, or update the app)"])
        XCTAssertEqual(JournalLine.libraryJSON(sprayer), #"{"id":""# + id.uuidString + #"","kind":"sprayer","name":"Sad","orchard":"yes","tank":1000,"colour":"red"}"#,
                       "the value in its place, the unknown member after the known ones")
        var numbers = DecimalTexts()
        let line = JournalLine(computer: UUID(), at: now, change: .library(sprayer)).encoded(numbers: &numbers)
        guard case let .line(journal) = JournalLine.read(line.dropLast(), numbers: &numbers) else { return XCTFail("unread") }
        XCTAssertEqual(journal.change, .library(sprayer))

        let url = try write(#"{"format":"kalkulator-oprysku/library","version":1,"items":["# + "\n" + sprayerLine(id: id) + "\n]}\n", to: "library.json")
        let store = LibraryStore(file: url)
        XCTAssertEqual(store.items, [sprayer])
        try store.save(.product(LibraryProduct(name: "Topsin")))
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.contains(#""orchard":"yes""#) && text.contains(#""colour":"red""#), text)
    }

    func testASaveHereKeepsWhatItDoesNotKnowAndAnswersForWhatItTyped() throws {
        let id = UUID()
        let url = try write(#"{"format":"kalkulator-oprysku/library","version":1,"items":["# + "\n" + sprayerLine(id: id) + "\n]}\n", to: "library.json")
        let store = LibraryStore(file: url)
        // A calibration saved on the sprayer: the value it holds is not the user's to answer for.
        guard case var .sprayer(sprayer) = store.items[0] else { return XCTFail() }
        sprayer.calibration = SprayerCalibration(flowPerNozzle: 1, speed: 7, date: today)
        try store.save(.sprayer(sprayer))
        var text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.contains(#""orchard":"yes""#) && text.contains(#""calibration":{"#), text)
        // The editor's item, typed anew: what it says takes the value's place; the unknown member stays.
        try store.save(.sprayer(LibrarySprayer(id: id, name: "Sad", tankCapacity: 1000, isOrchard: true)))
        text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.contains(#""orchard":true"#) && !text.contains(#""yes""#) && text.contains(#""colour":"red""#), text)
        XCTAssertEqual(store.library.problems, [:])
    }
}

extension KeptValuesTests {
    /// Found by `tools/fuzz all 20`: a field whose parcel identifiers hold a number among the
    /// texts, in a pretty file, is the same item when written and read again.
    func testAListWithAValueItCannotUseReadsBackTheSame() throws {
        let pretty = """
        {
          "area" : 4.2,
          "id" : "A739B27D-6CE5-4711-ACEE-6F136EA2C041",
          "kind" : "field",
          "name" : "Za stodołą",
          "parcel_ids" : [
            5,
            "141201_1.0001.123/4"
          ]
        }
        """
        let field = try read(pretty, as: LibraryItem.self)
        let line = JournalLine.libraryJSON(field)
        XCTAssertEqual(line, #"{"area":4.2,"id":"A739B27D-6CE5-4711-ACEE-6F136EA2C041","kind":"field","name":"Za stodołą","parcel_ids":[5,"141201_1.0001.123/4"]}"#)
        let again = try read(line, as: LibraryItem.self)
        XCTAssertEqual(again, field)
        XCTAssertEqual(JournalLine.libraryJSON(again), line)
        // Every member written even when empty keeps what it could not use in the same way.
        for kept in [#"{"authorisation":12,"id":"A739B27D-6CE5-4711-ACEE-6F136EA2C041","kind":"product","name":"P","notes":["a"],"unit":"l/ha"}"#,
                     #"{"certificate":7,"id":"A739B27D-6CE5-4711-ACEE-6F136EA2C041","kind":"operator","name":"Jan"}"#] {
            let item = try read(kept, as: LibraryItem.self)
            XCTAssertEqual(JournalLine.libraryJSON(item), kept)
            XCTAssertEqual(try read(JournalLine.libraryJSON(item), as: LibraryItem.self), item)
        }
    }
}

extension KeptValuesTests {
    /// Found by `tools/fuzz all 20`: two values kept in one object are the same whichever order
    /// they were read in (a file read again gives them in the writer's order), and hash alike.
    func testTwoKeptValuesInEitherOrderAreTheSame() throws {
        func kept(_ members: [(String, String)]) -> KeptValues {
            var values = KeptValues()
            for (name, json) in members { values.keep(name, json: Array(json.utf8)) }
            return values
        }
        let read = kept([("wind", #"{"a":1}"#), ("end_time", "[2]")])
        let written = kept([("end_time", "[2]"), ("wind", #"{"a":1}"#)])
        XCTAssertEqual(read, written)
        XCTAssertEqual(read.hashValue, written.hashValue)
        XCTAssertNotEqual(read, kept([("wind", #"{"a":1}"#), ("end_time", "[3]")]))
        XCTAssertNotEqual(read, kept([("wind", #"{"a":1}"#)]))
        XCTAssertNotEqual(read, kept([("wind", "[2]"), ("end_time", #"{"a":1}"#)]))
    }
}
