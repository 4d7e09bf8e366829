// The printed treatment register as a viewer sees the PDF (poppler-utils): landscape A4,
// numbered pages, every Annex field of a record readable in Polish and English, the farm,
// the withdrawn and incomplete marks, embedded fonts.

import CatalogTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import Foundation
import PDFTestSupport
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayReport
@testable import SprayViewModels
import XCTest

final class RegisterPDFTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try PDFTools.temporaryDirectory(prefix: "ko-register")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The register written to a file, in `language` (words and numbers).
    private func write(_ records: [TreatmentRecord], _ language: Language, settings: Settings = RegisterFixtures.farm,
                       name: String) throws -> (file: String, register: PreparedRegister) {
        let file = path(name)
        func make() throws -> PreparedRegister {
            let register = PreparedRegister(records: records, from: RegisterFixtures.from, to: RegisterFixtures.to, settings: settings,
                                            time: ReportFixtures.time, language: language)
            try register.writePDF(to: file)
            return register
        }
        return (file, language == .polish ? try inPolish(make) : try make())
    }

    func testEveryAnnexFieldInPolishAndEnglish() throws {
        let rows: [(Language, [String])] = [
            (.polish, ["Ewidencja zabiegów ochrony roślin", "Okres: 01.01.2027 – 31.12.2027",
                       "Gospodarstwo: Gospodarstwo Rolne Jan Kowalski", "Numer producenta: 071234567",
                       // Column heads wrap inside their cells: their words, not their lines.
                       "Rodzaj", "Nazwa środka", "zezwolenia", "Czas", "zastosowania", "Dawka", "Lokalizacja",
                       "Wielkość", "obszaru", "Uprawa", "Przyczyna", "Wykonawca",
                       "powierzchnia", "Fungicyd Zielony 250 EC", "R-12/2024", "Adiuwant Plus", "R-7/2019", "14.04.2027", "06:30",
                       "1,25 l/ha", "0,2 l/ha", "Pole za stodołą", "141201_1.0001.123/4", "50% działki", "12,5 ha", "pszenica ozima",
                       "TRZAW", "BBCH 31", "septorioza paskowana", "Jan Kowalski",
                       "nasiona", "2 l/t", "2 t", "partia nasion PL-2027-0456",
                       "WYCOFANY", "14.04.2027: wpisany dwa razy", "NIEKOMPLETNY", "brak: Numer zezwolenia: Herbicyd Nowy, Przyczyna",
                       "Strona 1 z 1", "Data", "Podpis"]),
            (.english, ["Plant protection treatment record", "Period: 2027-01-01 – 2027-12-31",
                        "Farm: Gospodarstwo Rolne Jan Kowalski", "Producer number: 071234567",
                        "Type of use", "Time of use", "Location", "Size", "treated", "Reason", "Operator",
                        "surface area", "Fungicyd Zielony 250 EC", "R-12/2024", "2027-04-14", "06:30", "1.25 l/ha",
                        "Pole za stodołą", "141201_1.0001.123/4", "50% of the parcel", "12.5 ha", "pszenica ozima", "TRZAW", "BBCH 31",
                        "septorioza paskowana", "Jan Kowalski", "seed batch PL-2027-0456",
                        "WITHDRAWN", "2027-04-14: wpisany dwa razy", "INCOMPLETE", "missing: Authorisation number of Herbicyd Nowy, Reason",
                        "Page 1 of 1", "Date", "Signature"]),
        ]
        for (language, expected) in rows {
            let (file, register) = try write(RegisterFixtures.sample, language, name: "register-\(language.rawValue).pdf")
            let info = try PDFTools.info(file)
            XCTAssertEqual(info["Page size"], "841.89 x 595.276 pts (A4)", "landscape A4")
            XCTAssertEqual(info["Pages"], "1")
            XCTAssertEqual(register.pageCount, 1)
            XCTAssertEqual(info["Title"], register.document.title + " — " + register.document.period)
            let text = try pdfWords(file)
            for phrase in expected {
                XCTAssertTrue(text.contains(phrase), "\(language): missing “\(phrase)” in\n\(text)")
            }
            XCTAssertTrue(text.lowercased().contains("przyczyna") || language == .english)
            XCTAssertTrue(try PDFTools.text(file).contains("liści"), "a wrapped reason keeps its last word")
            for font in try PDFTools.fonts(file) {
                XCTAssertTrue(font.embedded, "\(font.name) is embedded")
            }
        }
    }

    func testTypicalRecordsFillNumberedPages() throws {
        let (file, register) = try write(RegisterFixtures.typical(40), .polish, name: "long.pdf")
        let pages = try PDFTools.pageCount(file)
        XCTAssertEqual(pages, register.pageCount)
        XCTAssertGreaterThanOrEqual(pages, 2)
        var seen = 0
        for page in 1...pages {
            let text = try pdfWords(file, page: page)
            XCTAssertTrue(text.contains("Strona \(page) z \(pages)"), "page \(page)")
            XCTAssertTrue(text.contains("Ewidencja zabiegów ochrony roślin"), "the header on page \(page)")
            XCTAssertTrue(text.contains("Numer producenta: 071234567"), "the producer on page \(page)")
            let onPage = text.components(separatedBy: "Pole ").count - 1
            if page < pages { XCTAssertGreaterThanOrEqual(onPage, 15, "page \(page) holds at least 15 typical records") }
            XCTAssertEqual(text.contains("Podpis"), page == pages, "the signature ends the last page")
            seen += onPage
        }
        XCTAssertEqual(seen, 40)
        let first = try pdfWords(file, page: 1)
        XCTAssertTrue(first.contains("Strona 1 z \(pages)"))
    }

    func testSixteenRecordsMakeTwoPagesWhenTheyAreTall() throws {
        // Records with a longer reason take three lines: 16 of them need a second page.
        let records = RegisterFixtures.typical(16).map { record -> TreatmentRecord in
            var record = record
            record.details.reason = "septorioza paskowana liści pszenicy i rdza brunatna"
            return record
        }
        let (file, _) = try write(records, .polish, name: "sixteen.pdf")
        XCTAssertEqual(try PDFTools.pageCount(file), 2)
        XCTAssertTrue(try pdfWords(file, page: 1).contains("Strona 1 z 2"))
        XCTAssertTrue(try pdfWords(file, page: 2).contains("Strona 2 z 2"))
    }

    func testAFarmNotSetLeavesALineToFillIn() throws {
        let (file, _) = try write([], .english, settings: Settings(), name: "empty.pdf")
        let text = try pdfWords(file)
        for phrase in ["Farm:", "Producer number:", "No treatments were recorded in this period.", "Page 1 of 1", "Signature"] {
            XCTAssertTrue(text.contains(phrase), "missing “\(phrase)” in \(text)")
        }
        XCTAssertFalse(text.contains("Gospodarstwo"))
    }

    func testWritesAtomicallyWithTheSameErrorsAsTheReport() throws {
        let file = path("register.pdf")
        try RegisterPDF.write(records: RegisterFixtures.sample, from: RegisterFixtures.from, to: RegisterFixtures.to,
                              settings: RegisterFixtures.farm, language: .english, to: file)
        XCTAssertEqual(try PDFTools.pageCount(file), 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["register.pdf"], "no temporary file left")
        XCTAssertThrowsError(try RegisterPDF.write(records: [], from: RegisterFixtures.from, to: RegisterFixtures.to,
                                                   settings: Settings(), language: .english, to: path("missing/register.pdf"))) { error in
            XCTAssertEqual((error as? ReportSaveError)?.reason, .folderMissing)
        }
        XCTAssertEqual(inPolish { RegisterDocument.suggestedFileName(from: RegisterFixtures.from, to: RegisterFixtures.to) },
                       "ewidencja-zabiegow-2027-01-01-2027-12-31.pdf")
    }
}

/// pdftotext's words, whatever lines and cells they were wrapped into.
func pdfWords(_ file: String, page: Int? = nil) throws -> String {
    try PDFTools.text(file, page: page).split(whereSeparator: \.isWhitespace).joined(separator: " ")
}
