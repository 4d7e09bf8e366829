// The treatment record: completeness per type of use (a table), the pickers' catalogues,
// a record made from a plan, and the store — every Annex field round-tripping, corrections
// with a trail, withdrawal, removal only past 3 years, merging another machine's export
// (twice = once), daily backups, and one damaged record among good ones.

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

final class RecordCompletenessTests: XCTestCase {
    func testWhatEachTypeOfUseRequires() {
        let complete = completeDetails()
        func with(_ change: (inout TreatmentDetails) -> Void) -> TreatmentDetails {
            var details = complete
            change(&details)
            return details
        }
        let rows: [(name: String, details: TreatmentDetails, missing: [String])] = [
            ("complete surface", complete, []),
            ("BBCH and start hour are optional", with { $0.bbch = nil; $0.startTime = nil; $0.operatorName = "" }, []),
            ("no reason (Poland)", with { $0.reason = "  " }, ["Reason"]),
            ("no crop", with { $0.crop = nil }, ["Crop (EPPO code)"]),
            ("no place: neither name nor identifiers", with { $0.parcel = ""; $0.parcelIDs = [] }, ["Parcel or place"]),
            ("identifiers alone locate it", with { $0.parcel = "" }, []),
            ("no size", with { $0.treatedSize = nil }, ["Size treated"]),
            ("a size of 0", with { $0.treatedSize = 0 }, ["Size treated"]),
            ("no products", with { $0.products = [] }, ["Products"]),
            ("a product without authorisation", with { $0.products[1].authorisation = "" }, ["Authorisation number of Adiuwant"]),
            ("a product without name or dose", with { $0.products[0].name = ""; $0.products[0].dose = nil },
             ["Product name of product 1", "Dose of product 1"]),
            ("seeds need a batch, not a crop", with { $0.use = .seeds; $0.basis = .tonne; $0.crop = nil }, ["Seed batch number"]),
            ("seeds with a batch", with { $0.use = .seeds; $0.basis = .tonne; $0.crop = nil; $0.seedBatch = "PL-2026/118" }, []),
            ("a closed space needs no crop", with { $0.use = .closedSpace; $0.basis = .cubicMetre; $0.crop = nil }, []),
        ]
        for row in rows {
            let missing = RecordCompleteness.missing(in: row.details)
            XCTAssertEqual(missing.map { $0.title(in: row.details) }, row.missing, row.name)
            let record = TreatmentRecord(details: row.details, createdAt: Date(timeIntervalSince1970: 0))
            XCTAssertEqual(record.status, row.missing.isEmpty ? .complete : .incomplete, row.name)
        }
    }

    func testCataloguesAndShapes() {
        XCTAssertEqual(CropCatalog.all.count, 66)
        XCTAssertEqual(CropCatalog.crop(code: "trzaw")?.polishName, "pszenica ozima")
        XCTAssertEqual(CropCatalog.search("psz oz").map(\.eppoCode), ["TRZAW", "TTLWI"], "pszenica and pszenżyto")
        XCTAssertEqual(CropCatalog.search("JECZMIEN jary").map(\.eppoCode), ["HORVS"], "no diacritics needed")
        XCTAssertEqual(CropCatalog.search("winter rape").map(\.eppoCode), ["BRSNW"])
        XCTAssertEqual(CropCatalog.search("").count, 66)
        for (code, shaped) in [("TRZAW", true), ("3GRAC", true), ("1BRSG", true), ("trzaw", false), ("TRZ", false),
                               ("12345", false), ("TRZAW7X", false), ("TRZ-W", false)] {
            XCTAssertEqual(CropCatalog.hasEPPOShape(code), shaped, code)
        }
        XCTAssertEqual(BBCHStage.principal.count, 10)
        XCTAssertEqual(BBCHStage.of(code: "31")?.englishName, "Stem elongation or rosette growth / shoot development (main shoot)")
        XCTAssertEqual(BBCHStage.of(code: "65")?.polishName, "Kwitnienie (pęd główny)")
        for code in ["3", "100", "3a", " 31", ""] { XCTAssertNil(BBCHStage.of(code: code), code) }
        XCTAssertEqual(ClockTime(parsing: "6:30")?.description, "06:30")
        XCTAssertEqual(ClockTime(parsing: "0630")?.description, "06:30")
        for text in ["24:00", "6:3", "6.30", "", "630"] { XCTAssertNil(ClockTime(parsing: text), text) }
    }

    /// Details share their fields until one copy is changed (TreatmentDetails' box).
    func testACopyOfDetailsChangesAloneAndEqualDetailsAreEqual() throws {
        let date = try XCTUnwrap(CalendarDate(year: 2026, month: 5, day: 4))
        let product = ProductUse(name: "Herbicyd", dose: 1.5, doseUnit: .litres)
        let original = TreatmentDetails(date: date, parcel: "Działka 7", parcelIDs: ["141201_1.0001.12"], products: [product],
                                        reason: "chwasty", operatorName: "Jan")
        var copy = original
        XCTAssertEqual(copy, original)
        copy.parcel = "Działka 8"
        copy.products[0].name = "Fungicyd"
        copy.parcelIDs.append("141201_1.0001.13")
        XCTAssertEqual(original.parcel, "Działka 7", "the original keeps its fields")
        XCTAssertEqual(original.products.map { $0.name }, ["Herbicyd"])
        XCTAssertEqual(original.parcelIDs, ["141201_1.0001.12"])
        XCTAssertEqual(copy.parcel, "Działka 8")
        XCTAssertEqual(copy.products.map { $0.name }, ["Fungicyd"])
        XCTAssertNotEqual(copy, original)

        // Equal fields in two boxes: equal, the same hash, and the same JSON both ways.
        let rebuilt = TreatmentDetails(date: date, parcel: "Działka 7", parcelIDs: ["141201_1.0001.12"], products: [product],
                                       reason: "chwasty", operatorName: "Jan")
        XCTAssertEqual(rebuilt, original)
        XCTAssertEqual(Set<TreatmentDetails>([rebuilt, original]).count, 1)
        var changedBack = copy
        changedBack.parcel = "Działka 7"
        changedBack.products = [product]
        changedBack.parcelIDs = ["141201_1.0001.12"]
        XCTAssertEqual(changedBack, original)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(original)
        XCTAssertEqual(try JSONDecoder().decode(TreatmentDetails.self, from: json), original)
        XCTAssertEqual(String(decoding: json, as: UTF8.self).contains("\"operator\":\"Jan\""), true)
    }

    func testARecordFromAPlan() throws {
        let input = JobInput(area: 420, areaUnit: .ares, sprayRate: 200, tankCapacity: 2500,
                             products: [ProductInput(name: " Fungicyd ", rate: d("1.25")), ProductInput(name: "", rate: 200, unit: .millilitresPerHectare)])
        let plan = try TankMixEngine.plan(input).get()
        let details = TreatmentDetails.prefilled(from: plan, on: CalendarDate(year: 2026, month: 4, day: 14)!, parcel: "Działka 7",
                                                 lists: FarmLists(earlier: { $0 == "Fungicyd" ? ["R-12/2024"] : [] }))
        XCTAssertEqual(details.treatedSize, d("4.2"))
        XCTAssertEqual(details.basis, .hectare)
        XCTAssertEqual(details.parcel, "Działka 7")
        XCTAssertEqual(details.products, [
            ProductUse(name: "Fungicyd", authorisation: "R-12/2024", dose: d("1.25"), doseUnit: .litres, quantityUsed: d("5.25")),
            ProductUse(name: "", authorisation: "", dose: 200, doseUnit: .millilitres, quantityUsed: 840),
        ])
        XCTAssertEqual(RecordCompleteness.missing(in: details).map(\.code),
                       ["crop", "productName[2]", "authorisation[2]", "reason"])
    }
}

final class RecordStoreTests: TemporaryDirectoryTestCase {
    private let april = Date(timeIntervalSince1970: 1_776_148_200)  // 2026-04-14T06:30:00Z
    private var today = CalendarDate(year: 2026, month: 4, day: 14)!

    private func store(_ name: String = "records.json") -> RecordStore {
        let day = today
        return RecordStore(file: path(name), clock: .fixed(on: day))
    }

    func testEveryAnnexFieldRoundTripsThroughTheFile() throws {
        let calculation = JobInput(area: d("4.2"), sprayRate: 200, tankCapacity: 2500, products: [ProductInput(name: "Fungicyd Ś", rate: d("1.25"))])
        let saved = try store().add(completeDetails(), calculation: calculation, at: april.addingTimeInterval(0.7))
        let reread = store()
        XCTAssertEqual(reread.records, [saved])
        XCTAssertEqual(reread.records[0].details, completeDetails())
        XCTAssertEqual(reread.records[0].calculation, calculation)
        XCTAssertEqual(reread.records[0].createdAt, april, "whole seconds")
        XCTAssertEqual(reread.notices, [])
        let text = String(decoding: try bytes(path("records.json")), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix(#"{"format":"kalkulator-oprysku/records","version":1,"items":["#), text)
        for fragment in [#""eppo":"TRZAW""#, #""bbch":"31""#, #""start_time":"06:30""#, #""date":"2026-04-14""#,
                         #""dose":1.25"#, #""authorisation":"R-12/2024""#, #""treated_size":4.2"#, #""created_at":"2026-04-14T06:30:00Z""#,
                         #""parcel_ids":["141201_1.0001.123/4","141201_1.0001.124"]"#, #""reason":"septorioza liści""#] {
            XCTAssertTrue(text.contains(fragment), fragment)
        }
        XCTAssertEqual(text.split(separator: "\n").count, 3, "one record per line")
    }

    func testTheLineFormatIsTheCodableShape() throws {
        var record = TreatmentRecord(details: completeDetails(), createdAt: april,
                                     calculation: JobInput(area: d("4.2"), sprayRate: 200, tankCapacity: 2500, products: [ProductInput(rate: 1)]))
        record.corrections = [RecordRevision(details: completeDetails(date: today), savedAt: april, note: "zła data")]
        record.withdrawal = Withdrawal(at: april, reason: "dwa razy")
        record.planID = UUID()
        record.details.products[1].kind = .adjuvant
        record.details.products.append(ProductUse(name: "Nawóz dolistny", kind: .notPlantProtection, dose: 2, doseUnit: .litres))
        var seeds = TreatmentRecord(details: TreatmentDetails(use: .seeds, date: today, basis: .tonne, seedBatch: "PL-1"), createdAt: april)
        seeds.details.products = [ProductUse(name: "Z", dose: nil, doseUnit: .grams)]
        for original in [record, seeds] {
            var line = "", numbers = DecimalTexts()
            original.appendJSON(to: &line, numbers: &numbers)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            XCTAssertEqual(try decoder.decode(TreatmentRecord.self, from: Data(line.utf8)), original, line)
            let read = try JSONScanner.reading(Array(line.utf8)) { scanner throws(JSONReadError) in
                try TreatmentRecord(scanner: &scanner, numbers: &numbers)
            }
            XCTAssertEqual(read, original)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            var codable = String(decoding: try encoder.encode(original), as: UTF8.self)
            // Codable writes the calculation's keys sorted; the line keeps the history's order.
            if let calculation = original.calculation {
                var input = "", numbers = DecimalTexts()
                calculation.appendJSON(to: &input, numbers: &numbers, preserved: PreservedMembers())
                let sorted = String(decoding: try encoder.encode(calculation), as: UTF8.self)
                codable = codable.replacing(sorted, with: input)
            }
            XCTAssertEqual(line, codable)
        }
    }

    func testMembersOfANewerVersionSurviveARewrite() throws {
        try store().add(completeDetails(), at: april)
        var text = String(decoding: try bytes(path("records.json")), as: UTF8.self)
        text = text.replacing(#""use":"surface""#, with: #""use":"surface","weather":{"cloud":"low"}"#)
            .replacing(#""created_at""#, with: #""signed_by":"Łukasz","created_at""#)
            .replacing(#""dose_unit":"ml""#, with: #""dose_unit":"ml","formulation":"SL""#)
        try Data(text.utf8).write(to: path("records.json"))
        let records = store()
        try records.add(completeDetails(date: today), at: april)
        let written = String(decoding: try bytes(path("records.json")), as: UTF8.self)
        for member in [#""weather":{"cloud":"low"}"#, #""signed_by":"Łukasz""#, #""formulation":"SL""#] {
            XCTAssertTrue(written.contains(member), member)
        }
        XCTAssertEqual(store().notices, [])
    }

    func testACorrectionKeepsTheVersionItReplaces() throws {
        let records = store()
        let first = try records.add(completeDetails(), at: april)
        var fixed = completeDetails()
        fixed.products[0].dose = d("1.5")
        // The gate holds for a correction too: a quantity that is no longer dose × size is refused.
        XCTAssertThrowsError(try records.correct(id: first.id, to: fixed, note: "zła dawka", at: april.addingTimeInterval(3600))) {
            XCTAssertEqual($0 as? RecordError, .invalidDraft(RecordRules.problems(in: fixed)[0].text(in: fixed)))
        }
        fixed.products[0].quantityUsed = d("6.3")
        let corrected = try records.correct(id: first.id, to: fixed, note: "zła dawka", at: april.addingTimeInterval(3600))
        XCTAssertEqual(corrected.details, fixed)
        XCTAssertEqual(corrected.corrections, [RecordRevision(details: completeDetails(), savedAt: april, note: "zła dawka")])
        XCTAssertEqual(corrected.versions.map(\.savedAt), [april, april.addingTimeInterval(3600)])
        XCTAssertEqual(store().records, [corrected])
        XCTAssertEqual(try records.correct(id: first.id, to: fixed, note: "again", at: april), corrected, "no change, no version")
    }

    func testAWithdrawnRecordStaysAndCannotBeChanged() throws {
        let records = store()
        let record = try records.add(completeDetails(), at: april)
        XCTAssertThrowsError(try records.withdraw(id: record.id, reason: " ", at: april)) {
            XCTAssertEqual($0 as? RecordError, .withdrawalNeedsReason)
        }
        let withdrawn = try records.withdraw(id: record.id, reason: "wpisany dwa razy", at: april.addingTimeInterval(60))
        XCTAssertEqual(withdrawn.status, .withdrawn)
        XCTAssertEqual(store().records, [withdrawn])
        XCTAssertThrowsError(try records.correct(id: record.id, to: completeDetails(date: today), note: "", at: april)) {
            XCTAssertEqual($0 as? RecordError, .withdrawn)
        }
        XCTAssertThrowsError(try records.withdraw(id: record.id, reason: "again", at: april)) {
            XCTAssertEqual($0 as? RecordError, .withdrawn)
        }
    }

    func testARecordIsRemovedOnlyPastThreeYears() throws {
        let records = store()
        let old = try records.add(completeDetails(date: CalendarDate(year: 2023, month: 4, day: 13)!), at: april)
        let recent = try records.add(completeDetails(date: CalendarDate(year: 2023, month: 4, day: 14)!), at: april)
        let today = CalendarDate(year: 2026, month: 4, day: 14)!
        XCTAssertThrowsError(try records.remove(id: recent.id, today: today)) {
            XCTAssertEqual($0 as? RecordError, .tooRecentToRemove)
        }
        try records.remove(id: old.id, today: today)
        XCTAssertEqual(store().records.map(\.id), [recent.id])
        XCTAssertTrue(TreatmentRecord(details: completeDetails(date: CalendarDate(year: 2024, month: 2, day: 29)!), createdAt: april)
            .isPastRetention(today: CalendarDate(year: 2027, month: 3, day: 1)!))
    }

    func testMergingAnExportTwiceIsMergingItOnce() throws {
        let here = store()
        let shared = try here.add(completeDetails(), at: april)
        let there = store("elsewhere.json")
        try there.merge([shared])
        var changed = completeDetails()
        changed.reason = "mączniak prawdziwy"
        try there.correct(id: shared.id, to: changed, note: "", at: april.addingTimeInterval(7200))
        let theirsOnly = try there.add(completeDetails(date: CalendarDate(year: 2026, month: 5, day: 2)!), at: april.addingTimeInterval(9000))
        // Here, meanwhile, the same record was corrected differently.
        var local = completeDetails()
        local.operatorName = "Anna Nowak"
        try here.correct(id: shared.id, to: local, note: "wykonawca", at: april.addingTimeInterval(3600))

        let exported = try RecordExport.json(there.records, exportedAt: april)
        let incoming = try RecordExport.records(fromJSON: Array(exported.utf8))
        XCTAssertEqual(incoming, there.records)

        XCTAssertEqual(try here.merge(incoming), ImportSummary(added: 1, updated: 1, unchanged: 0))
        let afterOnce = store().records
        XCTAssertEqual(try here.merge(incoming), ImportSummary(added: 0, updated: 0, unchanged: 2))
        XCTAssertEqual(store().records, afterOnce)

        let merged = try XCTUnwrap(afterOnce.first { $0.id == shared.id })
        XCTAssertEqual(merged.versions.map(\.details), [completeDetails(), local, changed], "every version kept, latest current")
        XCTAssertEqual(merged.corrections.map(\.note), ["wykonawca", ""], "a note says why its version was replaced")
        XCTAssertTrue(afterOnce.contains { $0.id == theirsOnly.id })
    }

    func testADamagedRecordAmongGoodOnesIsKeptAndCounted() throws {
        let records = store()
        let good = try records.add(completeDetails(), at: april)
        var text = String(decoding: try bytes(path("records.json")), as: UTF8.self)
        let damaged = #"{"id":"0BAD0000-0000-4000-8000-000000000000","details":{"use":"orbit"}}"#
        text = text.replacing("\n]}", with: ",\n" + damaged + "\n]}")
        try Data(text.utf8).write(to: path("records.json"))

        let reread = store()
        XCTAssertEqual(reread.records, [good])
        XCTAssertEqual(reread.notices, [.unreadableItems(path: path("records.json").path, count: 1)])
        try reread.add(completeDetails(date: today), at: april)
        XCTAssertTrue(String(decoding: try bytes(path("records.json")), as: UTF8.self).contains(damaged))
        XCTAssertEqual(store().records.count, 2)
    }

    /// A file of hundreds of records is read on every core: the items keep their order, and
    /// damaged ones anywhere are kept, in their order, when the file is written again.
    func testALargeFileKeepsItsOrderAndItsDamagedItemsWhereTheyWere() throws {
        let records = store()
        let drafts = try (1...700).map { number -> TreatmentRecord in
            var details = completeDetails()
            details.parcel = "Działka \(number)"
            return try RecordDraft(details: details).checkedRecord(at: april)
        }
        try records.merge(drafts)
        var lines = String(decoding: try bytes(path("records.json")), as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 702, "the header, 700 records and the end")
        let damaged = [#"{"id":"0BAD0000-0000-4000-8000-000000000001","details":{"use":"orbit"}},"#,
                       #"{"id":"0BAD0000-0000-4000-8000-000000000002","details":{"use":"orbit"}},"#]
        lines.insert(damaged[1], at: 651)
        lines.insert(damaged[0], at: 301)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: path("records.json"))

        let reread = store()
        XCTAssertTrue(reread.items.map(\.details.parcel) == drafts.map(\.details.parcel), "in the file's order")
        XCTAssertEqual(reread.notices, [.unreadableItems(path: path("records.json").path, count: 2)])
        try reread.add(completeDetails(date: today), at: april)
        let written = String(decoding: try bytes(path("records.json")), as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(written.count, 705)
        XCTAssertEqual(Array(written[1...3].map { $0.contains("\"Działka 1\"") }), [true, false, false])
        XCTAssertTrue(written[702].hasPrefix(#"{"id":"0BAD0000-0000-4000-8000-000000000001""#), "after every record read, in their order")
        XCTAssertTrue(written[703].hasPrefix(#"{"id":"0BAD0000-0000-4000-8000-000000000002""#))
        XCTAssertEqual(store().records.count, 701)
        XCTAssertTrue(store().items.prefix(700).map(\.details.parcel) == drafts.map(\.details.parcel))
    }

    func testADailyCopyOfTheLastSevenDays() throws {
        var day = CalendarDate(year: 2026, month: 4, day: 1)!
        var contents: [String: Data] = [:]
        for _ in 0..<10 {
            let current = day
            let records = RecordStore(file: path("records.json"), clock: .fixed(on: current))
            let before = try? bytes(path("records.json"))
            try records.add(completeDetails(date: day), at: april)
            try records.add(completeDetails(date: day), at: april)  // the second change of a day copies nothing
            if let before { contents[day.description] = before }
            day = CalendarDate(daysSinceEpoch: day.daysSinceEpoch + 1)
        }
        let copies = try FileManager.default.contentsOfDirectory(atPath: path("backups").path).sorted()
        XCTAssertEqual(copies, (4...10).map { "records-2026-04-\($0 < 10 ? "0" : "")\($0).json" })
        for name in copies {
            let date = String(name.dropFirst("records-".count).dropLast(5))
            XCTAssertEqual(try bytes(path("backups/" + name)), contents[date], name)
        }
        XCTAssertEqual(RecordStore(file: path("records.json")).records.count, 20)
    }

    /// The day's copy is a second name of the file as it was, which the write then replaces:
    /// the copy keeps the old bytes and is a file of its own after. A file that has another
    /// name already (which could change it in place) is copied byte by byte instead.
    func testTheDailyCopyIsTheOldFileUnderASecondName() throws {
        func inode(_ url: URL) throws -> (inode: UInt64, links: UInt64) {
            var info = stat()
            guard lstat(url.path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
            return (UInt64(info.st_ino), UInt64(info.st_nlink))
        }
        let first = CalendarDate(year: 2026, month: 4, day: 1)!, second = first.adding(days: 1), third = first.adding(days: 2)
        try RecordStore(file: path("records.json"), clock: .fixed(on: first)).add(completeDetails(date: first), at: april)
        let before = try bytes(path("records.json")), oldFile = try inode(path("records.json"))
        try RecordStore(file: path("records.json"), clock: .fixed(on: second)).add(completeDetails(date: second), at: april)
        let copy = path("backups/records-2026-04-02.json")
        XCTAssertEqual(try bytes(copy), before)
        XCTAssertEqual(try inode(copy).inode, oldFile.inode, "the old file itself, not a copy written")
        XCTAssertEqual(try inode(copy).links, 1, "the write put a new file in its place")
        XCTAssertNotEqual(try bytes(path("records.json")), before)

        // records.json with a second name of the user's: copied, and the copy stays as it was.
        XCTAssertEqual(link(path("records.json").path, path("elsewhere.json").path), 0)
        let beforeThird = try bytes(path("records.json"))
        try RecordStore(file: path("records.json"), clock: .fixed(on: third)).add(completeDetails(date: third), at: april)
        let thirdCopy = path("backups/records-2026-04-03.json")
        XCTAssertEqual(try bytes(thirdCopy), beforeThird)
        XCTAssertNotEqual(try inode(thirdCopy).inode, try inode(path("elsewhere.json")).inode)
        XCTAssertEqual(try inode(thirdCopy).links, 1)
        XCTAssertEqual(RecordStore(file: path("records.json")).records.count, 3)
    }

    @MainActor func testDeleteAllDataTakesTheDailyCopiesToo() async throws {
        let day = today
        let records = RecordStore(file: path("records.json"), clock: .fixed(on: day))
        try records.add(completeDetails(), at: april)
        try records.add(completeDetails(), at: april)  // the second change keeps a copy of the first
        XCTAssertEqual(records.dailyCopies.map { URL(fileURLWithPath: $0).lastPathComponent }, ["records-2026-04-14.json"])
        let transcription = TranscriptionStore(file: path("transcription.json"))
        try transcription.keep([TranscriptionRow(season: 2026, cells: [.date: "14.04"])])
        let deletion = DataDeletion(farm: farm(clock: .fixed(on: day)),
                                    keptCopies: [KeptCopy(kind: .second, path: "/media/usb/kalkulator-oprysku-copy-2026-04-14.json",
                                                          date: april, bytes: 10)])
        XCTAssertTrue(deletion.whatGoes[1].hasSuffix("records.json), and its 1 daily copy (\(path("backups").path))"), deletion.whatGoes[1])
        XCTAssertEqual(deletion.whatGoes.last, "1 row typed in Transcribe from Paper, not saved yet (\(path("transcription.json").path))")
        XCTAssertEqual(deletion.whatStays, ["1 second copy (/media/usb)"], "what is not deleted is said")
        XCTAssertEqual(deletion.perform(), [])
        XCTAssertEqual(TranscriptionStore(file: path("transcription.json")).rows, [])
        records.reload()
        XCTAssertEqual(records.records, [])
        XCTAssertEqual(records.dailyCopies, [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("backups").path), [])
    }

    func testAuthorisationNumbersAreSuggestedFromEarlierRecords() throws {
        let records = store()
        try records.add(completeDetails(), at: april)
        var later = completeDetails(date: today)
        later.products[0].authorisation = "R-99/2026"
        try records.add(later, at: april.addingTimeInterval(60))
        XCTAssertEqual(records.authorisations(forProduct: "fungicyd s"), ["R-99/2026", "R-12/2024"])
        XCTAssertEqual(records.authorisations(forProduct: "Nieznany"), [])
    }
}

final class RecordPreloadTests: TemporaryDirectoryTestCase {
    func testAPreloadedStoreHoldsWhatTheFileHolds() throws {
        let file = path("records.json")
        let saved = try RecordStore(file: file).add(completeDetails(), at: Date(timeIntervalSince1970: 1_776_148_200))
        let preload = RecordPreload(file: file)
        let store = RecordStore(preloaded: preload)
        XCTAssertEqual(store.records, [saved])
        XCTAssertEqual(RecordStore(preloaded: preload).records, [saved], "a second store does not wait for ever")
        try store.add(completeDetails(), at: Date(timeIntervalSince1970: 1_776_148_260))
        XCTAssertEqual(RecordStore(file: file).records.count, 2, "the preloaded store writes the same file")
    }
}
