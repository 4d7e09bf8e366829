// What the fuzzers and the sanitizers found (docs/FUZZING.md), each read again through the
// app's own reader: the inputs are kept in Fixtures/fuzz (tools/fuzz also seeds its runs
// with them, by the target named at the start of each file's name).

import CoreTestSupport
import FileFormats
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class FuzzRegressionTests: TemporaryDirectoryTestCase {
    private func fixture(_ name: String) throws -> [UInt8] {
        let url = try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/fuzz"))
        return Array(try Data(contentsOf: url))
    }

    /// `tools/fuzz journal`: a line whose time has microseconds (another writer's) is read
    /// with them; the app writes it to the nearest millisecond, and that reads back as the same line
    /// within the millisecond, again and again alike. The damaged lines around it are refused.
    func testAJournalLineWithMicrosecondsReadsAndWritesToTheMillisecond() throws {
        let bytes = try fixture("journal-microseconds-ad6f236c.jsonl")
        var numbers = DecimalTexts()
        var read: [JournalLine] = [], damaged = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) where !line.isEmpty {
            switch JournalLine.read(line, numbers: &numbers) {
            case let .line(entry): read.append(entry)
            case .damaged: damaged += 1
            case let .newerVersion(version): XCTFail("read as of version \(version)")
            }
        }
        XCTAssertEqual(read.count, 2)
        XCTAssertEqual(damaged, 9)
        XCTAssertEqual(read.map(\.change), [.computer(name: "Biuro"), .computer(name: "Biuro")])
        let precise = try XCTUnwrap(read.last)
        XCTAssertEqual(precise.at.timeIntervalSince1970, try XCTUnwrap(Timestamp.parse("2026-11-25T18:37:27.972868Z")).timeIntervalSince1970,
                       accuracy: 0.000_001)

        let written = precise.encoded(numbers: &numbers)
        XCTAssertTrue(String(decoding: written, as: UTF8.self).contains("\"at\":\"2026-11-25T18:37:27.973Z\""))
        guard case let .line(again) = JournalLine.read(written.dropLast(), numbers: &numbers) else {
            return XCTFail("the line written is not read")
        }
        XCTAssertEqual(again.change, precise.change)
        XCTAssertEqual(again.computer, precise.computer)
        XCTAssertEqual(again.at.timeIntervalSince(precise.at), 0, accuracy: 0.001)
        XCTAssertEqual(again.encoded(numbers: &numbers), written)
    }

    /// tools/test-sanitizers address: listing a folder copied all 256 bytes of each entry's
    /// d_name, past the end of glibc's shorter last entry (heap-buffer-overflow in
    /// POSIXFile.removeTemporaries). Names of every length, enough to fill several of
    /// readdir's 32 KiB buffers, are listed whole and exactly.
    func testAFolderOfNamesOfEveryLengthIsListedExactly() throws {
        let folder = path("names").path
        try POSIXFile.createDirectories(folder)
        var expected: [String] = []
        for length in 1...255 {
            for letter in ["a", "ż"] where letter.utf8.count <= length {
                let name = String(repeating: letter, count: length / letter.utf8.count)
                guard !expected.contains(name) else { continue }
                XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/" + name, contents: nil), name)
                expected.append(name)
            }
        }
        XCTAssertEqual(try POSIXFile.names(in: folder, limit: 10_000), expected.sorted())
        // Temporary siblings of one file are told from the rest and removed; nothing else is.
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/.a.Xy12Zq", contents: nil))
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/.b.Xy12Zq", contents: nil))
        POSIXFile.removeTemporaries(of: folder + "/a")
        XCTAssertEqual(try POSIXFile.names(in: folder, limit: 10_000), (expected + [".b.Xy12Zq"]).sorted())
    }

    /// `tools/fuzz kept-register`, in the first 20-second pass of CI's: a kept register
    /// imported "in the year 26" read as two days later than written (Foundation's ISO 8601
    /// reader counts days before 1582 on the Julian calendar; the app writes the proleptic
    /// Gregorian day), so each save moved it. It reads and saves the same now.
    func testAKeptRegisterOfTheYear26KeepsItsDayThroughASave() throws {
        let original = path("kept.bin"), again = path("again.bin")
        try Data(try fixture("kept-register-year-26-258f69aa.bin")).write(to: original)
        let register = try XCTUnwrap(try OfficialRegisterStore.load(original))
        XCTAssertEqual(Timestamp.utc(register.importedAt), "0026-06-21T00:00:00Z")
        XCTAssertEqual(register.products.count, 6)
        try OfficialRegisterStore.save(register, to: again)
        XCTAssertEqual(try OfficialRegisterStore.load(again), register)
    }

    /// The time of an import is kept to the millisecond, as Timestamp writes it, and read back.
    func testAKeptRegisterImportedAtAFractionOfASecondLoadsWithIt() throws {
        let original = path("kept.bin"), again = path("again.bin")
        try Data(try fixture("kept-register-year-26-258f69aa.bin")).write(to: original)
        var register = try XCTUnwrap(try OfficialRegisterStore.load(original))
        register.importedAt = Date(timeIntervalSince1970: 1_782_000_000.25)
        try OfficialRegisterStore.save(register, to: again)
        XCTAssertEqual(try OfficialRegisterStore.load(again)?.importedAt, register.importedAt)
    }

    /// Issue 62: a date-, time- or number-styled cell holding NaN, inf, -inf, 1e308,
    /// 9.2233720368547e18, 2958466, 1e15 or -693594 killed `register import` and `record import`
    /// (SIGILL: a Double turned into an Int unchecked); the fuzzers missed it (docs/FUZZING.md).
    /// The seeds of tools/fuzz register, sheet-records and xlsx-cells hold them
    /// (Fixtures/fuzz/make-number-seeds.py): each such date is kept as written and said, each
    /// such row of a season reported at its place, and the register kept reads back.
    func testWorkbookCellsOfNaNInfinitiesAndSerialsPast9999() throws {
        let register = try OfficialRegister.read(try fixture("register-nan-cells.xlsx"), source: "rejestr.xlsx",
                                                 importedAt: Date(timeIntervalSince1970: 1_782_000_000))
        XCTAssertEqual(register.products.count, 24)
        for product in register.products {
            XCTAssertEqual(product.unreadableDates?.count, 3, product.name)
            XCTAssertNil(product.lastDayOfUse, product.name)
        }
        let kept = path("kept.bin")
        try OfficialRegisterStore.save(register, to: kept)
        XCTAssertEqual(try OfficialRegisterStore.load(kept), register)

        let season = try SpreadsheetFile.read(try fixture("sheet-records-nan-cells.xlsx"), name: "sezon.xlsx")
        let reading = SpreadsheetImport(table: season, season: 2026).read()
        XCTAssertEqual(season.rows.count, 1 + 72)
        XCTAssertEqual(reading.drafts.count + Set(reading.skipped.map(\.row)).count, 72, "every row a record or reported")
        for row in stride(from: 2, through: 73, by: 3) {
            XCTAssertEqual(reading.skipped.first { $0.row == row }?.column, "Data", "row \(row)")
        }
        XCTAssertTrue(String(decoding: try fixture("xlsx-cells-nan-cells.txt"), as: UTF8.self).hasPrefix("r\n6Produkt 1\n6R-1/2020\n6Fungicyd\n1NaN\n"))
    }

    /// `tools/fuzz library`: a library.json whose field lists a number among its parcel
    /// identifiers. The list is kept as it came, and was written as an empty list: the item read
    /// back was another. Now the kept list is written in its place and reads back the same.
    func testALibraryListWithANumberAmongItsTextsIsWrittenBackAsItCame() throws {
        let bytes = try fixture("library-parcel-ids-number-9a3effc3.json")
        let file = VersionedFile<LibraryItem>(url: directory.appendingPathComponent("library.json"), kind: "library",
                                              version: LibraryStore.formatVersion, codec: .lines, keepsUnreadableItems: true)
        let contents = try XCTUnwrap(file.contents(of: bytes))
        let written = try FileCodec<LibraryItem>.lines.encode(contents.items, keeping: contents.unreadable, format: file.format, version: file.version)
        XCTAssertEqual(try XCTUnwrap(file.contents(of: written)).items, contents.items)
        XCTAssertTrue(String(decoding: written, as: UTF8.self).contains(#""parcel_ids":[5,"141201_1.0001.123/4"]"#))
    }

    /// `tools/fuzz records`: a record whose details hold two values this version cannot use
    /// (wind as an object, the end hour as a list), in an order other than the writer's. Each is
    /// written back in its member's place, so the record read again held them in the writer's
    /// order and compared unequal to the record first read. The same values in either order
    /// are the same record.
    func testARecordsKeptValuesReadInAnotherOrderAreTheSameRecord() throws {
        let bytes = try fixture("records-two-kept-values-61dad2bd.json")
        let file = VersionedFile<TreatmentRecord>(url: directory.appendingPathComponent("records.json"), kind: "records",
                                                  version: RecordStore.formatVersion, codec: .lines, keepsUnreadableItems: true)
        let contents = try XCTUnwrap(file.contents(of: bytes))
        XCTAssertEqual(contents.items.count, 1)
        let written = try FileCodec<TreatmentRecord>.lines.encode(contents.items, keeping: contents.unreadable, format: file.format, version: file.version)
        let again = try XCTUnwrap(file.contents(of: written))
        XCTAssertEqual(again.items, contents.items)
        XCTAssertEqual(again.unreadable, contents.unreadable)
        let text = String(decoding: written, as: UTF8.self)
        XCTAssertTrue(text.contains(#""wind":{"eppo":"TRZAW""#), text)
        XCTAssertTrue(text.contains(#""end_time":[{"authorisation":"""#), text)
        XCTAssertEqual(try FileCodec<TreatmentRecord>.lines.encode(again.items, keeping: again.unreadable, format: file.format, version: file.version), written)
    }
}
