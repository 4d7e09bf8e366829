// The printed treatment register as tables of worked examples: the cells of each kind of
// record in English and Polish, the column widths, pagination of row heights (records kept
// whole, a row never split, the signature after the last row), pages laid out with the fake
// measurer.

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

private let from = CalendarDate(year: 2026, month: 1, day: 1)!
private let to = CalendarDate(year: 2026, month: 12, day: 31)!
/// 14 April 2026, local noon: that calendar day in any time zone.
let recordSavedAt = Clock.fixed(on: CalendarDate(year: 2026, month: 4, day: 14)!).now

/// A record of `details` saved at `recordSavedAt`, withdrawn for `reason` when given.
func treatmentRecord(_ details: TreatmentDetails, withdrawn reason: String? = nil) -> TreatmentRecord {
    var record = TreatmentRecord(details: details, createdAt: recordSavedAt)
    record.withdrawal = reason.map { Withdrawal(at: recordSavedAt, reason: $0) }
    return record
}

/// `count` records as a farm usually writes them: one product, a parcel with its IACS number.
private func typical(_ count: Int, reason: (Int) -> String = { _ in "mączniak" }) -> [TreatmentRecord] {
    (0..<count).map { index in
        treatmentRecord(TreatmentDetails(
            use: .surface, date: CalendarDate(year: 2026, month: 4, day: 1 + index % 28)!, startTime: ClockTime(hour: 7, minute: 0),
            parcel: "Pole \(index + 1)", parcelIDs: ["141201_1.0001.\(100 + index)"], treatedSize: 10,
            crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"), bbch: "31",
            products: [ProductUse(name: "Fungicyd Zielony", authorisation: "R-12/2024", dose: 1, doseUnit: .litres)],
            reason: reason(index), operatorName: "Jan Kowalski"))
    }
}

private func slice(_ entry: Int, _ rows: Range<Int>) -> RegisterSlice { RegisterSlice(entry: entry, rows: rows) }

final class RegisterDocumentTests: XCTestCase {
    func testCellsOfEachKindOfRecord() {
        var seeds = TreatmentDetails(use: .seeds, date: CalendarDate(year: 2026, month: 9, day: 20)!, parcel: "Magazyn",
                                     treatedSize: 2, basis: .tonne, seedBatch: "PL-0456", reason: "śnieć")
        seeds.products = [ProductUse(name: "Zaprawa", authorisation: "R-31/2022", dose: 2, doseUnit: .litres)]
        let records = [
            treatmentRecord(completeDetails()), treatmentRecord(seeds), treatmentRecord(completeDetails(), withdrawn: "wpisany dwa razy"),
            treatmentRecord(TreatmentDetails(date: CalendarDate(year: 2026, month: 6, day: 1)!, parcel: "Łąka", treatedSize: 3)),
        ]
        let rows: [(Language, [[[String]]], [StatusNote?])] = [
            (.english, [
                [["1", "surface area", "Fungicyd Ś\nR-12/2024", "2026-04-14\n06:30", "1.25 l/ha",
                  "Działka 7 „za stodołą”\n141201_1.0001.123/4, 141201_1.0001.124\n50% of the parcel", "4.2 ha",
                  "pszenica ozima\nTRZAW · BBCH 31", "septorioza liści", "Łukasz Nowak"],
                 ["", "", "Adiuwant\nR-3/2021", "", "200 ml/ha", "", "", "", "", ""]],
                [["2", "seeds", "Zaprawa\nR-31/2022", "2026-09-20", "2 l/t", "Magazyn", "2 t", "seed batch PL-0456",
                  "śnieć", ""]],
                [["3", "surface area", "Fungicyd Ś\nR-12/2024", "2026-04-14\n06:30", "1.25 l/ha",
                  "Działka 7 „za stodołą”\n141201_1.0001.123/4, 141201_1.0001.124\n50% of the parcel", "4.2 ha",
                  "pszenica ozima\nTRZAW · BBCH 31", "septorioza liści", "Łukasz Nowak"],
                 ["", "", "Adiuwant\nR-3/2021", "", "200 ml/ha", "", "", "", "", ""]],
                [["4", "surface area", "", "2026-06-01", "", "Łąka", "3 ha", "", "", ""]],
            ], [nil, nil, StatusNote(label: "WITHDRAWN", text: "2026-04-14: wpisany dwa razy"),
                StatusNote(label: "INCOMPLETE", text: "missing: Crop (EPPO code), Products, Reason")]),
            (.polish, [
                [["1", "powierzchnia", "Fungicyd Ś\nR-12/2024", "14.04.2026\n06:30", "1,25 l/ha",
                  "Działka 7 „za stodołą”\n141201_1.0001.123/4, 141201_1.0001.124\n50% działki", "4,2 ha",
                  "pszenica ozima\nTRZAW · BBCH 31", "septorioza liści", "Łukasz Nowak"],
                 ["", "", "Adiuwant\nR-3/2021", "", "200 ml/ha", "", "", "", "", ""]],
                [["2", "nasiona", "Zaprawa\nR-31/2022", "20.09.2026", "2 l/t", "Magazyn", "2 t", "partia nasion PL-0456",
                  "śnieć", ""]],
                [["3", "powierzchnia", "Fungicyd Ś\nR-12/2024", "14.04.2026\n06:30", "1,25 l/ha",
                  "Działka 7 „za stodołą”\n141201_1.0001.123/4, 141201_1.0001.124\n50% działki", "4,2 ha",
                  "pszenica ozima\nTRZAW · BBCH 31", "septorioza liści", "Łukasz Nowak"],
                 ["", "", "Adiuwant\nR-3/2021", "", "200 ml/ha", "", "", "", "", ""]],
                [["4", "powierzchnia", "", "01.06.2026", "", "Łąka", "3 ha", "", "", ""]],
            ], [nil, nil, StatusNote(label: "WYCOFANY", text: "14.04.2026: wpisany dwa razy"),
                StatusNote(label: "NIEKOMPLETNY", text: "brak: Uprawa (kod EPPO), Środki, Przyczyna")]),
        ]
        for (language, cells, statuses) in rows {
            let document = language == .polish
                ? inPolish { RegisterDocument(records: records, from: from, to: to, settings: Settings(), language: .polish, on: to) }
                : RegisterDocument(records: records, from: from, to: to, settings: Settings(), language: .english, on: to)
            XCTAssertEqual(document.entries.map { plain($0.rows) }, cells, "\(language)")
            XCTAssertEqual(document.entries.map(\.status), statuses, "\(language)")
            XCTAssertEqual(document.entries.map(\.withdrawn), [false, false, true, false])
        }
    }

    func testHeaderInEnglishAndPolish() {
        let farm = Settings(farmName: " Gospodarstwo Kowalskich ", producerNumber: "071234567")
        let english = RegisterDocument(records: [], from: from, to: to, settings: farm, language: .english, on: to)
        XCTAssertEqual([english.title, english.farm.label, english.farm.value, english.producerNumber.value, plain(english.period)],
                       ["Plant protection treatment record", "Farm:", "Gospodarstwo Kowalskich", "071234567",
                        "Period: 2026-01-01 – 2026-12-31"])
        XCTAssertEqual(english.columns.count, RegisterColumn.allCases.count)
        let polish = inPolish { RegisterDocument(records: [], from: from, to: to, settings: Settings(), language: .polish, on: to) }
        XCTAssertEqual([polish.title, polish.farm.label, polish.farm.value, polish.producerNumber.label, polish.producerNumber.value,
                        plain(polish.period), polish.signatureLabel],
                       ["Ewidencja zabiegów ochrony roślin", "Gospodarstwo:", "", "Numer producenta:", "", "Okres: 01.01.2026 – 31.12.2026",
                        "Podpis"])
        XCTAssertEqual(polish.columns, ["Lp.", "Rodzaj zastosowania", "Nazwa środka i nr zezwolenia", "Czas zastosowania", "Dawka",
                                        "Lokalizacja", "Wielkość obszaru", "Uprawa", "Przyczyna", "Wykonawca"])
        XCTAssertEqual(inPolish { RegisterDocument.suggestedFileName(from: from, to: to) }, "ewidencja-zabiegow-2026-01-01-2026-12-31.pdf")
    }
}

final class RegisterPaginationTests: XCTestCase {
    func testColumnWidths() {
        let total = RegisterLayoutEngine.defaultFrame.contentWidth
        let widths = RegisterPagination.columnWidths(total: total)
        XCTAssertEqual(widths.count, RegisterColumn.allCases.count)
        XCTAssertEqual(widths.reduce(0, +), total, accuracy: 0.001)
        XCTAssertEqual(total, 841.89 - 2 * PageGeometry.points(millimetres: 15), accuracy: 0.001, "landscape A4, 15 mm margins")
        // Narrow ordinal, the widest place for the location.
        let rows: [(RegisterColumn, ClosedRange<Double>)] = [
            (.number, 20...25), (.use, 60...66), (.product, 110...116), (.time, 60...66), (.dose, 50...55),
            (.location, 118...124), (.size, 50...55), (.crop, 95...100), (.reason, 103...108), (.operatorName, 58...62),
        ]
        for (column, range) in rows {
            XCTAssertTrue(range.contains(widths[column.rawValue]), "\(column): \(widths[column.rawValue])")
        }
    }

    func testPagination() {
        // 100 points for rows on every page; the signature lines need 20.
        let rows: [(String, [[Double]], [[RegisterSlice]])] = [
            ("no records: one page, for the signature", [], [[]]),
            ("one record", [[10]], [[slice(0, 0..<1)]]),
            ("rows fill the page and leave just room for the signature",
             Array(repeating: [10], count: 8), [(0..<8).map { slice($0, 0..<1) }]),
            ("no room left for the signature: it goes on a page of its own",
             Array(repeating: [10], count: 9), [(0..<9).map { slice($0, 0..<1) }, []]),
            ("a record of several rows moves to the next page whole",
             [[30], [30], [30, 20]], [[slice(0, 0..<1), slice(1, 0..<1)], [slice(2, 0..<2)]]),
            ("a tall row moves to the next page whole",
             [[60], [50]], [[slice(0, 0..<1)], [slice(1, 0..<1)]]),
            ("a record taller than a page is split between rows where the page ends",
             [[30], [40, 40, 40]], [[slice(0, 0..<1), slice(1, 0..<1)], [slice(1, 1..<3)]]),
            ("a row taller than a page overflows a page of its own",
             [[30], [150], [30]], [[slice(0, 0..<1)], [slice(1, 0..<1)], [slice(2, 0..<1)]]),
            ("a record exactly filling the rest of a page stays",
             [[40], [60]], [[slice(0, 0..<1), slice(1, 0..<1)], []]),
        ]
        for (name, entries, expected) in rows {
            XCTAssertEqual(RegisterPagination.paginate(entries, room: 100, closing: 20), expected, name)
        }
        // The lines of a row cut between pages want its padding above them at the top of a page.
        XCTAssertEqual(RegisterPagination.paginate([[30], [40, 50, 50]], room: 100, closing: 20),
                       [[slice(0, 0..<1), slice(1, 0..<1)], [slice(1, 1..<3)], []])
        XCTAssertEqual(RegisterPagination.paginate([[30], [40, 50, 50]], insets: [[0], [0, 5, 5]], room: 100, closing: 20),
                       [[slice(0, 0..<1), slice(1, 0..<1)], [slice(1, 1..<2)], [slice(1, 2..<3)]])
    }
}

final class RegisterLayoutEngineTests: XCTestCase {
    private let engine = RegisterLayoutEngine(measurer: FakeMeasurer())

    private func layout(_ records: [TreatmentRecord]) -> ReportLayout {
        engine.layout(RegisterDocument(records: records, from: from, to: to, settings: Settings(farmName: "Farma"), language: .english, on: to))
    }

    /// The ordinal numbers of the records on each page.
    private func numbers(_ layout: ReportLayout) -> [[Int]] {
        let left = engine.frame.contentLeft + engine.cellPadding
        return layout.pages.map { page in
            page.elements.compactMap { element in
                guard case let .text(text) = element, text.x == left, let number = Int(text.text) else { return nil }
                return number
            }
        }
    }

    func testTypicalRecordsPerPage() {
        // With the fake metrics a typical record is two lines high: 17 to a page, the
        // signature lines under 16 of them.
        let rows: [(records: Int, pages: Int)] = [(0, 1), (1, 1), (15, 1), (16, 1), (17, 2), (34, 3), (100, 6)]
        for (count, pages) in rows {
            let layout = layout(typical(count))
            XCTAssertEqual(layout.pageSize, .a4Landscape)
            XCTAssertEqual(layout.pageCount, pages, "\(count) records")
            let numbers = numbers(layout)
            XCTAssertEqual(numbers.flatMap { $0 }, Array(stride(from: 1, through: count, by: 1)), "every record once, in order")
            XCTAssertTrue(numbers.dropLast().allSatisfy { $0.count >= 15 }, "\(count) records: \(numbers.map(\.count)) a page")
            for (index, page) in layout.pages.enumerated() {
                XCTAssertEqual(page.texts.filter { $0.hasPrefix("Page ") }, ["Page \(index + 1) of \(pages)"])
                XCTAssertEqual(page.texts.filter { $0 == "Plant protection treatment record" }.count, 1, "the header on every page")
                XCTAssertEqual(page.texts.filter { $0 == "Signature" }.count, index == pages - 1 ? 1 : 0, "signature at the end")
            }
        }
        XCTAssertTrue(layout([]).pages[0].texts.contains("No treatments were recorded in this period."))
    }

    func testATallRecordMovesToTheNextPageWhole() {
        let long = String(repeating: "objawy na liściach i kłosach ", count: 12)
        let records = typical(15, reason: { $0 == 14 ? long : "mączniak" })
        let layout = layout(records)
        XCTAssertEqual(numbers(layout), [Array(1...14), [15]])
        XCTAssertTrue(layout.pages[1].texts.contains(long.trimmedWhitespace))
    }

    func testARowTallerThanAPageContinuesLineByLineUnderTheHeads() {
        let ids = (1...300).map { "141201_1.0001.\($0)" }
        var tall = typical(1)[0]
        tall.details.parcelIDs = ids
        let layout = layout([typical(1)[0], tall] + typical(2))
        XCTAssertGreaterThanOrEqual(layout.pageCount, 3)
        XCTAssertEqual(numbers(layout).flatMap { $0 }, [1, 2, 3, 4], "every record once, in order")
        let frame = engine.frame
        let locationX = frame.contentLeft + RegisterPagination.columnWidths(total: frame.contentWidth)[..<RegisterColumn.location.rawValue]
            .reduce(0, +) + engine.cellPadding
        var location = ""
        for (index, page) in layout.pages.enumerated() {
            XCTAssertEqual(page.texts.filter { $0 == "Location" }.count, 1, "the column heads on page \(index + 1)")
            XCTAssertEqual(page.texts.filter { $0.hasPrefix("Page ") }, ["Page \(index + 1) of \(layout.pageCount)"])
            for case let .text(text) in page.elements where !text.text.hasPrefix("Page ") && !text.text.hasPrefix("Spray Calculator") {
                let bottom = text.y + FakeMeasurer().measure(text.text, style: text.style, width: text.width).height
                XCTAssertLessThanOrEqual(bottom, frame.footerTop + 0.001, "“\(text.text.prefix(30))” on page \(index + 1) runs into the footer")
                if abs(text.x - locationX) < 0.001, text.text != "Location" { location += text.text + "\n" }
            }
        }
        let squeezed = { (text: String) in String(text.filter { !$0.isWhitespace }) }
        XCTAssertTrue(squeezed(location).contains(squeezed(ids.joined(separator: ", "))), "every identifier once, in order")
        XCTAssertTrue(squeezed(location).hasSuffix("Pole2141201_1.0001.101"), "the records after it follow")
    }

    func testEverythingInsideTheMargins() {
        let frame = engine.frame
        for page in layout(typical(40)).pages {
            for element in page.elements {
                switch element {
                case let .text(text):
                    XCTAssertGreaterThanOrEqual(text.x, frame.contentLeft - 0.001, text.text)
                    XCTAssertLessThanOrEqual(text.x + (text.width ?? 0), frame.contentRight + 0.001, text.text)
                    XCTAssertLessThanOrEqual(text.y, frame.size.height - frame.margin, text.text)
                case let .rule(x0, _, x1, y1, _):
                    XCTAssertGreaterThanOrEqual(min(x0, x1), frame.contentLeft - 0.001)
                    XCTAssertLessThanOrEqual(max(x0, x1), frame.contentRight + 0.001)
                    XCTAssertLessThanOrEqual(y1, frame.size.height - frame.margin)
                case .box:
                    break
                }
            }
        }
    }
}
