// `record add|list|export|withdraw` option parsing, in-process: options → the record's
// details, and every bad option → its exit-2 message. The binary is run in CommandLineTests.

import FoundationEssentials
import XCTest
import CoreTestSupport
import SprayCore
@testable import SprayCommandLine

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
        XCTAssertEqual(details.products, [
            ProductUse(name: "Fungicyd", authorisation: "R-12/2024", dose: d("1.25"), doseUnit: .litres, quantityUsed: d("5.25")),
            ProductUse(name: "Adiuwant", authorisation: "", dose: 200, doseUnit: .millilitres, quantityUsed: 840),
        ])
        XCTAssertEqual(command.warnings, [])
        XCTAssertEqual(try add(job + record).get().details.treatedSize, d("4.2"), "the job's area by default")

        let seeds = try add(job + ["--date", "2026-03-02", "--parcel", "Magazyn", "--reason", "głownia", "--use", "seeds",
                                   "--seed-batch", "PL-118", "--treated-area", "2"]).get().details
        XCTAssertEqual([seeds.use.rawValue, seeds.basis.rawValue, seeds.seedBatch], ["seeds", "t", "PL-118"])
        XCTAssertNil(seeds.crop, "no crop needed for seeds")

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

    func testListExportAndWithdrawOptions() throws {
        let export = try RecordSelectionCommand.parse(["--format", "csv", "--from", "2026-01-01", "--to", "2026-12-31", "--output", "r.csv"],
                                                      exporting: true, language: .polish).get()
        XCTAssertEqual(export.separator, .semicolon)
        XCTAssertEqual(export.from, CalendarDate(year: 2026, month: 1, day: 1))
        let records = [TreatmentRecord(details: completeDetails(date: CalendarDate(year: 2025, month: 12, day: 31)!), createdAt: Date()),
                       TreatmentRecord(details: completeDetails(), createdAt: Date())]
        XCTAssertEqual(export.select(records).map(\.details.date), [CalendarDate(year: 2026, month: 4, day: 14)])

        let messages: [([String], Bool, [String])] = [
            (["--format", "pdf"], true, ["--format pdf: only together with --output"]),
            (["--format", "xml"], true, ["--format: “xml” is not one of: csv, json, pdf"]),
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
