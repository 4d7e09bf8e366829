// `record add|list|export|withdraw` option parsing, in-process: options → the record's
// details, and every bad option → its exit-2 message. The binary is run in CommandLineTests.

import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import FoundationEssentials
@testable import SprayBase
@testable import SprayCommandLine
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class RecordCommandTests: XCTestCase {
    private let job = ["--area", "4,2", "--spray-rate", "200", "--tank", "2500", "--product", "Fungicyd=1,25 l/ha",
                       "--product", "Adiuwant=200 ml/ha"]
    private let record = ["--date", "2026-04-14", "--parcel", "Działka 7", "--crop", "trzaw", "--reason", "septorioza"]

    private func add(_ arguments: [String]) -> Result<RecordAddCommand, CommandLineErrors> {
        RecordAddCommand.parse(arguments, language: .polish)
    }

    func testOptionsBecomeTheRecordsDetails() throws {
        let command = try add(job + record + [
            "--start", "6:30", "--parcel-id", "141201_1.0001.123/4", "--parcel-id", "141201_1.0001.124", "--treated-area", "4",
            "--bbch", "31", "--operator", "Łukasz", "--authorisation", "fungicyd=R-12/2024", "--notes", "wiatr 2 m/s",
        ]).get()
        let details = command.details
        XCTAssertEqual(details.use, .surface)
        XCTAssertEqual(details.date, CalendarDate(year: 2026, month: 4, day: 14))
        XCTAssertEqual(details.startTime, ClockTime(hour: 6, minute: 30))
        XCTAssertEqual(details.parcel, "Działka 7")
        XCTAssertEqual(details.parcelIDs, ["141201_1.0001.123/4", "141201_1.0001.124"])
        XCTAssertEqual(details.treatedSize, 4)
        XCTAssertEqual(details.basis, .hectare)
        XCTAssertEqual(details.crop, CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"))
        XCTAssertEqual(details.bbch, "31")
        XCTAssertEqual(details.reason, "septorioza")
        XCTAssertEqual(details.operatorName, "Łukasz")
        XCTAssertEqual(details.notes, "wiatr 2 m/s")
        XCTAssertEqual(command.drafts[0].stored.products, [
            ProductUse(name: "Fungicyd", authorisation: "R-12/2024", dose: d("1.25"), doseUnit: .litres, quantityUsed: 5),
            ProductUse(name: "Adiuwant", authorisation: "", dose: 200, doseUnit: .millilitres, quantityUsed: 800),
        ], "the plan's doses on the size treated")
        XCTAssertEqual(try add(job + record).get().details.products.map(\.quantityUsed), [d("5.25"), 840], "the plan's quantities")
        XCTAssertEqual(command.warnings, [])
        XCTAssertEqual(try add(job + record).get().details.treatedSize, d("4.2"), "the job's area by default")

        let seeds = try add(["--product", "Zaprawa=200 ml/t", "--date", "2026-03-02", "--parcel", "Magazyn", "--reason", "głownia",
                             "--use", "seeds", "--seed-batch", "PL-118", "--treated-area", "2"]).get().details
        XCTAssertEqual([seeds.use.rawValue, seeds.basis.rawValue, seeds.seedBatch], ["seeds", "t", "PL-118"])
        XCTAssertNil(seeds.crop, "no crop needed for seeds")
        // The fields of another type of use (RecordRules.records) are refused where they are typed.
        let seedOptions = ["--product", "Zaprawa=200 ml/t", "--date", "2026-03-02", "--parcel", "Magazyn", "--reason", "głownia",
                           "--treated-area", "2"]
        for (use, extra, message) in [
            ("seeds", ["--crop", "TRZAW", "--bbch", "31"], ["--crop: a seed record has no crop or growth stage: give the seed batch",
                                                              "--bbch: a seed record has no crop or growth stage: give the seed batch"]),
            ("surface", ["--crop", "TRZAW", "--seed-batch", "PL-118"], ["--seed-batch: a surface record has no seed batch (give it with --use seeds)"]),
        ] {
            let product = use == "seeds" ? "Zaprawa=200 ml/t" : "Topsin=1 l/ha"
            let refused = withLanguage(.english) { add(seedOptions.map { $0 == "Zaprawa=200 ml/t" ? product : $0 } + ["--use", use] + extra) }
            XCTAssertEqual(withLanguage(.english) { refused.failure?.messages }, message, use)
        }

        let unknownCrop = try add(job + record.map { $0 == "trzaw" ? "ABCDE" : $0 }).get()
        XCTAssertEqual(unknownCrop.details.crop, CropChoice(eppoCode: "ABCDE", name: ""))
        XCTAssertEqual(unknownCrop.warnings, ["--crop: ABCDE is not in the list of crops; it is recorded as given — check the code"])
    }

    func testEveryBadOptionIsNamed() {
        let rows: [(arguments: [String], messages: [String])] = [
            (job, ["--date: this option is required", "--parcel: this option is required", "--crop: this option is required",
                   "--reason: this option is required"]),
            (job + record + ["--date", "2026-04-15"], ["--date: given more than once"]),
            (job + record.map { $0 == "2026-04-14" ? "14.04.2026" : $0 }, ["--date: “14.04.2026” is not a date (write YYYY-MM-DD, e.g. 2026-04-15)"]),
            (job + record + ["--start", "6.30"], ["--start: “6.30” is not a time (write HH:MM, e.g. 06:30)"]),
            (job + record.map { $0 == "trzaw" ? "pszenica" : $0 }, ["--crop: “pszenica” is not an EPPO crop code (five or six capital letters or digits, e.g. TRZAW)"]),
            (job + record + ["--bbch", "3"], ["--bbch: “3” is not a BBCH stage (two digits, 00 to 99)"]),
            (job + record + ["--treated-area", "0"], ["--treated-area: must be greater than 0"]),
            (job + record + ["--use", "air"], ["--use: “air” is not one of: surface, closed-space, seeds"]),
            (job + record + ["--authorisation", "R-12/2024"], ["--authorisation: “R-12/2024” is not PRODUCT=NUMBER (e.g. \"Herbicyd=R-12/2024\")"]),
            (job + record + ["--authorisation", "Herbicyd=R-1/2020"], ["--authorisation: no product of the job is called “Herbicyd”"]),
            (job + ["--date", "2026-04-14", "--crop", "TRZAW", "--parcel", "--reason", "x"], ["--parcel: needs a value"]),
            (job + record + ["--operator", "Łukasz\u{1B}[31m"], ["--operator: " + InputProblem.controlCharacter.message]),
            (job + record.map { $0 == "septorioza" ? String(repeating: "x", count: 201) : $0 }, ["--reason: " + InputProblem.tooLong(limit: 200).message]),
        ]
        for row in rows {
            XCTAssertEqual(add(row.arguments).failure?.messages, row.messages, row.arguments.joined(separator: " "))
        }
    }

    /// The Annex's bases: every dose in its record's unit, dose × size = quantity, mixes refused.
    func testDosesWithoutAPlanInTheUnitOfTheirTypeOfUse() throws {
        let place = ["--date", "2026-04-14", "--parcel", "Magazyn", "--reason", "wołek"]
        let rows: [(arguments: [String], basis: DoseBasis, size: String, doses: [String], quantities: [String])] = [
            (["--product", "Topsin=1,5 l/ha", "--product", "Adiuwant=200 ml", "--treated-area", "4,2", "--crop", "TRZAW"],
             .hectare, "4.2", ["1.5", "200"], ["6.3", "840"]),
            (["--product", "Topsin=0,8", "--treated-area", "3", "--crop", "TRZAW"], .hectare, "3", ["0.8"], ["2.4"]),
            (["--use", "closed-space", "--product", "Fumigant=5 g/m3", "--treated-area", "300"], .cubicMetre, "300", ["5"], ["1500"]),
            (["--use", "closed-space", "--product", "Fumigant=2 g/m²", "--treated-area", "120"], .squareMetre, "120", ["2"], ["240"]),
            (["--use", "seeds", "--product", "Zaprawa=200 ml/t", "--treated-area", "2,5"], .tonne, "2.5", ["200"], ["500"]),
            (["--use", "seeds", "--product", "Zaprawa=0,2 ml/kg", "--treated-area", "800"], .kilogram, "800", ["0.2"], ["160"]),
            // A plan's per-hectare rates in a closed space: converted per m², never relabelled.
            (["--use", "closed-space", "--area", "300", "--area-unit", "m2", "--spray-rate", "100", "--tank", "10",
              "--product", "Fumigant=5 g/ha"], .squareMetre, "300", ["0.0005"], ["0.15"]),
        ]
        for row in rows {
            let command = try add(row.arguments + place).get()
            let stored = command.drafts[0].stored
            XCTAssertEqual(stored.basis, row.basis, "\(row.arguments)")
            XCTAssertEqual(stored.treatedSize, d(row.size), "\(row.arguments)")
            XCTAssertEqual(stored.products.map(\.dose), row.doses.map(d), "\(row.arguments)")
            XCTAssertEqual(stored.products.map(\.quantityUsed), row.quantities.map(d), "\(row.arguments)")
            for product in stored.products { XCTAssertEqual(product.dose! * stored.treatedSize!, product.quantityUsed!, "dose × size") }
        }
        let refused: [([String], [String])] = [
            (["--use", "closed-space", "--product", "Fumigant=5 g/ha", "--treated-area", "300"],
             ["--product “Fumigant”: a closed-space record takes doses per m² or m³ (e.g. “Fumigant=5 g/m3”)"]),
            (["--use", "closed-space", "--product", "Fumigant=5 g", "--treated-area", "300"],
             ["--product “Fumigant”: a closed-space record takes doses per m² or m³ (e.g. “Fumigant=5 g/m3”)"]),
            (["--use", "seeds", "--product", "Zaprawa=200 ml/ha"],
             ["--product “Zaprawa”: a seed record takes doses per t or kg of seed (e.g. “Zaprawa=200 ml/t”)"]),
            (["--product", "Topsin=1 l/t", "--crop", "TRZAW"], ["--product “Topsin”: a surface record takes doses per ha (e.g. “Herbicyd=1,5 l/ha”)"]),
            (["--use", "closed-space", "--product", "A=5 g/m3", "--product", "B=1 g/m2"],
             ["--product: every dose of one record is per the same unit (all per m² or all per m³, all per t or all per kg)"]),
            (["--use", "seeds", "--area", "2", "--spray-rate", "100", "--tank", "10", "--product", "Zaprawa=200 ml/ha"],
             ["--use: a seed record takes doses per t or kg of seed (e.g. “Zaprawa=200 ml/t”)"]),
            (["--treated-area", "3", "--crop", "TRZAW"], ["--product: this option is required"]),
            (["--product", "X=1 l", "--crop", "TRZAW", "--kind", "X=manure"],
             ["--kind: “X=manure” is not PRODUCT=KIND, KIND one of ppp, adjuvant, fertiliser (e.g. \"Nawóz=fertiliser\")"]),
        ]
        for (arguments, messages) in refused {
            XCTAssertEqual(withLanguage(.english) { add(arguments + place).failure?.messages }, messages, arguments.joined(separator: " "))
        }
        let fertiliser = try add(["--product", "Topsin=1 l", "--product", "Nawóz=2 l", "--kind", "nawóz=nawóz", "--crop", "TRZAW",
                                  "--treated-area", "1"] + place).get()
        XCTAssertEqual(fertiliser.details.products.map(\.kind), [.plantProtection, .notPlantProtection])
    }

    func testLikeAnEarlierRecordFromASavedPlanAndOnSeveralFields() throws {
        var earlier = TreatmentRecord(details: completeDetails(), createdAt: Clock.system.now, calculation: nil)
        earlier.corrections = [RecordRevision(details: completeDetails(), savedAt: Clock.system.now, note: "x")]
        let entry = HistoryEntry(timestamp: Clock.system.now, input: JobInput(area: d("4.2"), sprayRate: 200, tankCapacity: 2500,
                                                                    products: [ProductInput(name: "Fungicyd", rate: d("1.25"))]),
                                 parcel: "Działka 7", crop: "pszenica ozima", notes: "wiatr")
        let sources = RecordSources(record: { $0 == earlier.id ? earlier : nil }, plan: { $0 == entry.id ? entry : nil })
        func add(_ arguments: [String]) -> Result<RecordAddCommand, CommandLineErrors> {
            RecordAddCommand.parse(arguments, language: .polish, library: JobLibrary(library: library), sources: sources)
        }
        let like = try add(["--like", earlier.id.uuidString, "--date", "2026-05-20", "--bbch", "39"]).get().details
        var expected = completeDetails(date: CalendarDate(year: 2026, month: 5, day: 20)!)
        expected.bbch = "39"
        XCTAssertEqual(like, expected, "everything but the date, and what the options change")

        let fromPlan = try add(["--from-plan", entry.id.uuidString, "--date", "2026-05-21", "--reason", "septorioza"]).get()
        XCTAssertEqual(fromPlan.drafts[0].planID, entry.id)
        XCTAssertEqual(fromPlan.drafts[0].calculation, entry.input)
        XCTAssertEqual([fromPlan.details.parcel, fromPlan.details.crop?.eppoCode, fromPlan.details.notes], ["Działka 7", "TRZAW", "wiatr"])
        XCTAssertEqual(fromPlan.details.products.map(\.quantityUsed), [d("5.25")])

        let several = try add(["--product", "Topsin=1,5 l/ha", "--field", "Za stodołą", "--field", "Pod lasem", "--date", "2026-05-02",
                               "--reason", "mączniak"]).get().drafts.map(\.stored)
        XCTAssertEqual(several.map(\.parcel), ["Za stodołą", "Pod lasem"])
        XCTAssertEqual(several.map(\.crop?.eppoCode), ["TRZAW", "HORVS"])
        XCTAssertEqual(several.map(\.treatedSize), [d("4.2"), d("2.5")])
        XCTAssertEqual(several.map { $0.products[0].quantityUsed }, [d("6.3"), d("3.75")])

        let refused: [([String], [String])] = [
            (["--like", UUID().uuidString, "--date", "2026-05-20"], ["--like: no record has the id"]),
            (["--from-plan", "nonsense", "--date", "2026-05-20", "--reason", "x"], ["--from-plan: no saved plan has the id “nonsense”"]),
            (["--from-plan", entry.id.uuidString, "--like", earlier.id.uuidString, "--date", "2026-05-20"],
             ["--like: the plan named by --from-plan gives it: leave this option out"]),
            (["--product", "Topsin=1,5 l/ha", "--field", "Za stodołą", "--field", "Pod lasem", "--treated-area", "3", "--date", "2026-05-02",
              "--reason", "x"], ["--treated-area: only with one --field: with several, each field gives its own"]),
        ]
        for (arguments, messages) in refused {
            let found = withLanguage(.english) { add(arguments).failure?.messages } ?? []
            XCTAssertEqual(found.count, messages.count, "\(arguments): \(found)")
            for (message, prefix) in zip(found, messages) { XCTAssertTrue(message.hasPrefix(prefix), message) }
        }
    }

    /// A name two items of the library share (an older library.json, marked) names neither:
    /// `record add` says so instead of "not in the library".
    func testANameTwoLibraryItemsShareIsSaidSo() {
        var shared = Library()
        shared.fields = [LibraryField(name: "Pole", area: 1), LibraryField(name: "POLE ", area: 2)]
        shared.sprayers = [LibrarySprayer(name: "Pilmet", tankCapacity: 2500), LibrarySprayer(name: "pilmet", tankCapacity: 1000)]
        shared.products = [LibraryProduct(name: "Topsin", rate: 1), LibraryProduct(name: "topsin", rate: 2)]
        let messages = withLanguage(.english) {
            RecordAddCommand.parse(["--field", "pole", "--sprayer", "PILMET", "--product", "Topsin", "--date", "2026-05-02", "--reason", "x",
                                    "--crop", "TRZAW"], language: .english, library: JobLibrary(library: shared)).failure?.messages ?? []
        }
        for (option, kind) in [("--field", LibraryKind.field), ("--sprayer", .sprayer), ("--product", .product)] {
            let expected = withLanguage(.english) { InputProblem.sharedName(kind).message }
            XCTAssertTrue(messages.contains { $0.hasPrefix(option) && $0.hasSuffix(expected) }, "\(option): \(messages)")
        }
        XCTAssertFalse(messages.contains { $0.contains("not in the library") }, "\(messages)")
    }

    private var library: Library {
        var library = Library()
        library.fields = [
            LibraryField(name: "Za stodołą", area: d("4.2"), crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima")),
            LibraryField(name: "Pod lasem", area: d("2.5"), crop: CropChoice(eppoCode: "HORVS", name: "jęczmień jary")),
        ]
        return library
    }

    func testPendingPlansOptionsAndText() throws {
        XCTAssertEqual(try RecordPendingCommand.parse(["--days", "7", "--format", "json"]).get(), RecordPendingCommand(days: 7, format: .json))
        XCTAssertEqual(RecordPendingCommand.parse(["--days", "-1"]).failure?.messages, ["--days: must be a whole number, 0 or more"])
        let entry = HistoryEntry(id: UUID(uuidString: "6806B878-8A33-4D0D-8C39-C6532B98F0F5")!, timestamp: Date(timeIntervalSince1970: 1_776_148_200),
                                 input: JobInput(area: d("4.2"), sprayRate: 200, tankCapacity: 2500,
                                                 products: [ProductInput(name: "Fungicyd", rate: d("1.25"))]), parcel: "Działka 7")
        let json = RecordPendingCommand(days: 30, format: .json).render([entry])
        XCTAssertTrue(json.contains(#""id": "6806B878-8A33-4D0D-8C39-C6532B98F0F5""#), json)
        XCTAssertTrue(json.contains(#""area": 4.2"#), json)
        let text = withLanguage(.english) { RecordPendingCommand(days: 30, format: .text).render([entry]) }
        XCTAssertTrue(text.hasPrefix("1 saved plan is not in the register\n"), text)
        XCTAssertTrue(text.contains("Działka 7 · 4.2 ha · Fungicyd 1.25 l/ha · 6806B878-8A33-4D0D-8C39-C6532B98F0F5"), text)
    }

    func testListExportAndWithdrawOptions() throws {
        let export = try RecordSelectionCommand.parse(["--format", "csv", "--from", "2026-01-01", "--to", "2026-12-31", "--output", "r.csv"],
                                                      exporting: true, language: .polish).get()
        XCTAssertEqual(export.separator, .semicolon)
        XCTAssertEqual(export.from, CalendarDate(year: 2026, month: 1, day: 1))
        let records = [TreatmentRecord(details: completeDetails(date: CalendarDate(year: 2025, month: 12, day: 31)!), createdAt: Clock.system.now),
                       TreatmentRecord(details: completeDetails(), createdAt: Clock.system.now)]
        XCTAssertEqual(export.select(records).map(\.details.date), [CalendarDate(year: 2026, month: 4, day: 14)])

        let messages: [([String], Bool, [String])] = [
            (["--format", "pdf"], true, ["--format pdf: only together with --output"]),
            (["--format", "xml"], true, ["--format: “xml” is not one of: csv, json, pdf, xlsx"]),
            (["--format", "xlsx"], true, ["--format xlsx: only together with --output"]),
            (["--format", "pdf", "--output", "x.pdf", "--no-bom"], true, ["--no-bom: only together with --format csv"]),
            (["--no-bom"], false, ["unknown option “--no-bom” (see --help)"]),
            (["--format", "csv"], false, ["--format: “csv” is not one of: text, json"]),
            (["--format", "json", "--separator", ","], true, ["--separator: only together with --format csv"]),
            (["--from", "2026-05-01", "--to", "2026-04-01"], false, ["--to: 2026-04-01 is before the --from date 2026-05-01"]),
            (["--output", "x"], false, ["unknown option “--output” (see --help)"]),
        ]
        for (arguments, exporting, expected) in messages {
            XCTAssertEqual(RecordSelectionCommand.parse(arguments, exporting: exporting, language: .english).failure?.messages, expected,
                           arguments.joined(separator: " "))
        }

        let id = UUID()
        XCTAssertEqual(try RecordWithdrawCommand.parse([id.uuidString, "--reason", " dwa razy "]).get(),
                       RecordWithdrawCommand(id: id, reason: "dwa razy"))
        XCTAssertEqual(RecordWithdrawCommand.parse([id.uuidString]).failure?.messages, ["--reason: this option is required"])
        XCTAssertEqual(RecordWithdrawCommand.parse(["12", "--reason", "x"]).failure?.messages,
                       ["ID: “12” is not a record id (see kalkulator-oprysku record list)"])
        XCTAssertEqual(RecordWithdrawCommand.parse(["--reason", "x"]).failure?.messages, ["ID: this option is required"])
    }
}
