// Every PDF the app writes, filled with the longest values the record's rules allow (a field
// of 60, 300, 600 IACS parcels, identifiers of 60 characters, names and reasons of 200,
// notes of 2000), as a viewer sees it (pdftotext -bbox): every word of every value is there,
// in order, and every word lies on its page and above the footer. Issue 41: the Location cell
// of 60 identifiers ran through the footer and off the page, and pdftotext found 51 of them.

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

final class LongValuesPDFTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try PDFTools.temporaryDirectory(prefix: "ko-long-values")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// `count` different IACS parcel identifiers, each `length` characters long (19 is a real one's).
    static func parcelIDs(_ count: Int, length: Int = 19) -> [String] {
        (1...count).map { number in
            let id = "141201_1.0001.\(number)/\(number % 7)"
            return id + String(repeating: "8", count: max(length - id.count, 0))
        }
    }

    /// `words` repeated to exactly `length` characters, not ending in a space.
    static func long(_ words: String, _ length: Int) -> String {
        var text = String(String(repeating: words, count: length / words.count + 1).prefix(length))
        if text.last == " " { text = String(text.dropLast()) + "x" }
        return text
    }

    /// A complete record with `ids` and every text as long as the rules allow.
    static func longRecord(ids: [String]) -> TreatmentRecord {
        var record = RegisterFixtures.wheat
        record.details.parcel = long("Pole za stodołą przy drodze do lasu ", FreeText.lineLimit)
        record.details.parcelIDs = ids
        record.details.reason = long("septorioza paskowana liści pszenicy ", FreeText.lineLimit)
        record.details.operatorName = long("Jan Maria Kowalski-Nowak ", FreeText.lineLimit)
        record.details.crop = CropChoice(eppoCode: "TRZAW", name: long("pszenica ozima odmiana Arkadia ", FreeText.lineLimit))
        record.details.products[0].name = long("Fungicyd Zielony Extra 250 EC ", FreeText.lineLimit)
        record.details.products[0].authorisation = long("R-12/2024/A ", RecordRules.codeLimit)
        record.details.notes = long("Oprysk wykonano rano przy słabym wietrze z zachodu. ", FreeText.notesLimit)
        return record
    }

    /// The words of `text` without their spaces and line breaks, as they are compared.
    private func squeezed(_ text: String) -> String { String(text.filter { !$0.isWhitespace }) }

    /// Every word inside its page; below `footerTop` only the footer's own words (and page numbers).
    private func assertInsidePagesAboveTheFooter(_ words: [PDFWord], footerTop: Double, footer: [String], _ what: String,
                                                 file: StaticString = #filePath, line: UInt = #line) {
        let footerWords = Set(footer.flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) })
        var bad: [String] = []
        for word in words {
            if word.xMin < -0.5 || word.xMax > word.pageWidth + 0.5 || word.yMin < -0.5 || word.yMax > word.pageHeight + 0.5 {
                bad.append("\(word) is off its page")
            } else if word.yMax > footerTop + 1, !(word.yMin >= footerTop && (footerWords.contains(word.text) || Int(word.text) != nil)) {
                bad.append("\(word) runs over the footer (its top \(footerTop))")
            }
        }
        XCTAssertTrue(bad.isEmpty, "\(what): \(bad.count) words out of place, first \(bad.prefix(5))", file: file, line: line)
        XCTAssertFalse(words.isEmpty, what, file: file, line: line)
    }

    /// The words whose left edge is in `columns` (points from the page's left), page by page,
    /// top to bottom, left to right, without spaces; above `bottom` (the footer's top) and, on
    /// the pages in `tops`, below the height given (the table under its heads).
    private func column(_ words: [PDFWord], _ columns: Range<Double>, below tops: [Int: Double] = [:], above bottom: Double) -> String {
        words.filter { columns.contains($0.xMin) && $0.yMin > tops[$0.page] ?? 0 && $0.yMax < bottom }
            .sorted { ($0.page, $0.yMin, $0.xMin) < ($1.page, $1.yMin, $1.xMin) }
            .map(\.text).joined()
    }

    /// Where the rows of a landscape table start on each page (1-based): under the rule under
    /// its column heads.
    private func tableTops(_ layout: ReportLayout) -> [Int: Double] {
        var tops: [Int: Double] = [:]
        for (index, page) in layout.pages.enumerated() {
            for case let .rule(_, y0, _, y1, width) in page.elements where width == Rules.medium && y0 == y1 {
                tops[index + 1] = y0
                break
            }
        }
        return tops
    }

    /// How many of `ids` `text` holds.
    private func found(_ ids: [String], in text: String) -> Int { ids.filter { text.contains($0) }.count }

    // MARK: The treatment register

    private func register(_ records: [TreatmentRecord], _ language: Language, equipment: Library? = nil,
                          name: String) throws -> (file: String, register: PreparedRegister) {
        let file = path(name)
        func make() throws -> PreparedRegister {
            let register = PreparedRegister(records: records, from: RegisterFixtures.from, to: RegisterFixtures.to,
                                            settings: RegisterFixtures.farm, time: ReportFixtures.time, language: language,
                                            equipment: equipment)
            try register.writePDF(to: file)
            return register
        }
        return (file, language == .polish ? try inPolish(make) : try make())
    }

    /// The register of a record of `ids` between typical ones: its every cell found whole, in
    /// its column, and nothing over the footer or off the page.
    private func checkRegister(ids: [String], _ language: Language, file: StaticString = #filePath, line: UInt = #line) throws {
        let record = Self.longRecord(ids: ids)
        XCTAssertEqual(RecordRules.problems(in: record.details, today: RegisterFixtures.to), [], "the longest valid values",
                       file: file, line: line)
        let what = "\(ids.count) identifiers of \(ids[0].count) characters, \(language)"
        let (path, register) = try self.register(RegisterFixtures.typical(5) + [record] + RegisterFixtures.typical(3), language,
                                                 name: "register-\(ids.count)-\(language.rawValue).pdf")
        let words = try PDFTools.words(path)
        XCTAssertEqual(try PDFTools.pageCount(path), register.pageCount, what, file: file, line: line)
        let document = register.document
        assertInsidePagesAboveTheFooter(words, footerTop: RegisterLayoutEngine.defaultFrame.footerTop,
                                        footer: [document.footer, document.pageLabelTemplate], what, file: file, line: line)
        let frame = RegisterLayoutEngine.defaultFrame
        let widths = RegisterPagination.columnWidths(total: frame.contentWidth)
        let tops = tableTops(register.layout)
        func cells(_ kind: RegisterColumn) -> String {
            let left = frame.contentLeft + widths[..<kind.rawValue].reduce(0, +)
            return column(words, left..<(left + widths[kind.rawValue]), below: tops, above: frame.footerTop)
        }
        let location = cells(.location)
        XCTAssertEqual(found(ids, in: location), ids.count, "\(what): identifiers found", file: file, line: line)
        let details = record.details
        let expected: [(RegisterColumn, String)] = [
            (.location, details.parcel + ids.joined(separator: ",")),
            (.product, details.products[0].name + details.products[0].authorisation),
            (.crop, details.crop!.name), (.reason, details.reason), (.operatorName, details.operatorName),
        ]
        for (kind, text) in expected {
            XCTAssertTrue(cells(kind).contains(squeezed(text)), "\(what): \(kind) not whole and in order", file: file, line: line)
        }
        // The typical records around it are all there, each once.
        XCTAssertEqual((1...5).filter { location.contains("Pole\($0)141201") }.count, 5, what, file: file, line: line)
    }

    func testARegisterRowOfManyParcelsContinuesOnTheNextPage() throws {
        for count in [60, 300, 600] {
            for language in [Language.polish, .english] {
                try checkRegister(ids: Self.parcelIDs(count), language)
            }
        }
    }

    func testTheLongestIdentifiersAllowed() throws {
        for language in [Language.polish, .english] {
            try checkRegister(ids: Self.parcelIDs(600, length: RecordRules.codeLimit), language)
        }
    }

    /// The continuation page repeats the register's heading and column heads above the rest.
    func testTheContinuationPageRepeatsTheColumnHeads() throws {
        let (path, register) = try register([Self.longRecord(ids: Self.parcelIDs(300))], .english, name: "heads.pdf")
        XCTAssertGreaterThanOrEqual(register.pageCount, 3, "300 identifiers fill more than two pages")
        for page in 1...register.pageCount {
            let text = try pdfWords(path, page: page)
            for phrase in ["Plant protection treatment record", "Type of use", "Location", "Reason", "Operator",
                           "Page \(page) of \(register.pageCount)"] {
                XCTAssertTrue(text.contains(phrase), "page \(page): missing “\(phrase)”")
            }
        }
    }

    /// The inspector's page of a farm with many sprayers and operators of long names goes on
    /// to further pages rather than leave some out.
    func testTheEquipmentPagesHoldEverySprayerAndOperator() throws {
        let day = CalendarDate(year: 2027, month: 3, day: 1)!
        let library = Library(
            sprayers: (1...40).map { LibrarySprayer(name: Self.long("Opryskiwacz \($0) zawieszany Pilmet ", FreeText.lineLimit),
                                                    tankCapacity: 800, inspected: day) },
            operators: (1...40).map { LibraryOperator(name: Self.long("Operator \($0) Jan Kowalski ", FreeText.lineLimit),
                                                      certificate: Self.long("CERT-\($0)-2027/", RecordRules.codeLimit)) })
        for language in [Language.polish, .english] {
            let (path, register) = try register(RegisterFixtures.sample, language, equipment: library, name: "equipment.pdf")
            let words = try PDFTools.words(path)
            assertInsidePagesAboveTheFooter(words, footerTop: RegisterLayoutEngine.defaultFrame.footerTop,
                                            footer: [register.document.footer, register.document.pageLabelTemplate], "\(language)")
            let frame = RegisterLayoutEngine.defaultFrame
            let first = frame.contentLeft..<(frame.contentLeft + frame.contentWidth / 5)
            let tops = tableTops(register.layout)
            let names = column(words, first, below: tops, above: frame.footerTop)
            for sprayer in library.sprayers {
                XCTAssertTrue(names.contains(squeezed(sprayer.name)), "\(language): sprayer missing: \(sprayer.name.prefix(20))")
            }
            let operatorNames = column(words, frame.contentLeft..<(frame.contentLeft + frame.contentWidth / 3), below: tops, above: frame.footerTop)
            let certificates = column(words, (frame.contentLeft + frame.contentWidth / 3)..<(frame.contentLeft + 2 * frame.contentWidth / 3),
                                      below: tops, above: frame.footerTop)
            for person in library.operators {
                XCTAssertTrue(operatorNames.contains(squeezed(person.name)), "\(language): operator missing: \(person.name.prefix(20))")
                XCTAssertTrue(certificates.contains(squeezed(person.certificate)), "\(language): certificate missing")
            }
        }
    }

    // MARK: The job report printed from a record

    func testTheJobReportOfALongRecordKeepsEveryValueOnItsPages() throws {
        let ids = Self.parcelIDs(600, length: RecordRules.codeLimit)
        let record = Self.longRecord(ids: ids)
        for language in [Language.polish, .english] {
            let path = path("job-\(language.rawValue).pdf")
            func make() throws -> PreparedReport {
                let report = PreparedReport(plan: ReportFixtures.seedPlan(), time: ReportFixtures.time, language: language, record: record)
                try report.writePDF(to: path)
                return report
            }
            let report = language == .polish ? try inPolish(make) : try make()
            let words = try PDFTools.words(path)
            XCTAssertEqual(try PDFTools.pageCount(path), report.pageCount)
            let document = report.document
            assertInsidePagesAboveTheFooter(words, footerTop: PageFrame().footerTop,
                                            footer: [document.footer, document.footerNote, document.pageLabelTemplate], "\(language)")
            // The values' column starts where the lines of identifiers do.
            let left = try XCTUnwrap(words.filter { $0.text.hasPrefix("141201") }.map(\.xMin).min())
            let frame = PageFrame()
            let runningHeads = Dictionary(uniqueKeysWithValues: (2...max(report.pageCount, 2)).map { ($0, frame.bodyTop(page: 1)) })
            let values = column(words, (left - 0.5)..<words[0].pageWidth, below: runningHeads, above: frame.footerTop)
            XCTAssertEqual(found(ids, in: values), ids.count, "\(language): identifiers found")
            let details = record.details
            for text in [details.parcel + "," + ids.joined(separator: ","), details.reason, details.operatorName, details.notes] {
                XCTAssertTrue(values.contains(squeezed(text)), "\(language): missing “\(text.prefix(30))…”")
            }
            XCTAssertTrue(squeezed(words.map(\.text).joined()).contains(squeezed(details.products[0].authorisation)))
        }
    }

    // MARK: Characters the fonts lack

    func testACharacterNoFontHasIsWrittenAsItsCode() {
        let measurer = PangoTextMeasurer()
        // Plane 16's private use: no font draws it. Latin and Polish letters are left alone.
        XCTAssertEqual(measurer.drawable("a\u{10FFFD}b", style: .body), "a[U+10FFFD]b")
        XCTAssertEqual(measurer.drawable("a\u{10FFFD}b", style: .bodyBold), "a[U+10FFFD]b")
        XCTAssertEqual(measurer.drawable("Zażółć gęślą jaźń – 1,5 l/ha · ≤ 2 °C", style: .body), "Zażółć gęślą jaźń – 1,5 l/ha · ≤ 2 °C")
    }

    /// An emoji in a product's name prints as itself where a font has it (fontconfig falls back
    /// to an emoji font), else as "[U+1F33E]": never as an empty box, which has no text.
    func testAnEmojiPrintsAsItselfOrAsItsCodeInEveryPDF() throws {
        let emoji = "\u{1F33E}"
        let drawn = PangoTextMeasurer().drawable(emoji, style: .body)
        XCTAssertTrue(drawn == emoji || drawn == "[U+1F33E]", drawn)
        var record = RegisterFixtures.wheat
        record.details.products[0].name = "Fungicyd \(emoji) Złoty"
        for language in [Language.polish, .english] {
            let (path, _) = try register([record], language, name: "emoji-\(language.rawValue).pdf")
            XCTAssertTrue(try pdfWords(path).contains("Fungicyd \(drawn) Złoty"), "\(language): the register")
            let job = self.path("emoji-job-\(language.rawValue).pdf")
            func make() throws {
                try PreparedReport(plan: ReportFixtures.seedPlan(), time: ReportFixtures.time, language: language, record: record)
                    .writePDF(to: job)
            }
            try language == .polish ? inPolish(make) : make()
            XCTAssertTrue(try pdfWords(job).contains("Fungicyd \(drawn) Złoty"), "\(language): the job report")
        }
    }

    // MARK: The harvest dates

    func testHarvestDatesOfLongNamesStayOnTheirPages() throws {
        let treated = CalendarDate(year: 2027, month: 5, day: 2)!
        let fields = (1...30).map { number in
            FieldHarvest(parcel: Self.long("Pole \(number) za stodołą przy drodze ", FreeText.lineLimit),
                         crop: CropChoice(eppoCode: "TRZAW", name: Self.long("pszenica ozima ", FreeText.lineLimit)), treatments: 40,
                         notBefore: CalendarDate(year: 2027, month: 7, day: 1), product: Self.long("Fungicyd \(number) ", FreeText.lineLimit),
                         treatmentDate: treated, recordID: UUID(),
                         unknown: (1...40).map { _ in FieldHarvest.Unknown(recordID: UUID(), date: treated,
                                                                           products: [Self.long("Adiuwant Plus ", 60)]) })
        }
        for language in [Language.polish, .english] {
            let path = path("harvest-\(language.rawValue).pdf")
            func make() throws -> PreparedTable {
                let harvest = PreparedTable(harvestOf: fields, season: 2027, settings: RegisterFixtures.farm, time: ReportFixtures.time,
                                              language: language)
                try harvest.writePDF(to: path)
                return harvest
            }
            let harvest = language == .polish ? try inPolish(make) : try make()
            let words = try PDFTools.words(path)
            XCTAssertEqual(try PDFTools.pageCount(path), harvest.pageCount)
            assertInsidePagesAboveTheFooter(words, footerTop: RegisterLayoutEngine.defaultFrame.footerTop,
                                            footer: [harvest.document.footer, harvest.document.pageLabelTemplate], "\(language)")
            let frame = RegisterLayoutEngine.defaultFrame
            let parcels = column(words, frame.contentLeft..<(frame.contentLeft + harvest.document.columnWeights[0] * frame.contentWidth),
                                 below: tableTops(harvest.layout), above: frame.footerTop)
            for field in fields {
                XCTAssertTrue(parcels.contains(squeezed(field.parcel)), "\(language): missing “\(field.parcel.prefix(10))”")
            }
        }
    }
}

extension LongValuesPDFTests {
    // MARK: The store and the shopping list

    /// 60 products with the longest names and lots the gate allows: over several pages, every
    /// word on its page above the footer, and every name whole in its column.
    /// A farm's name of a full line and a producer number of 58 characters without a space
    /// (a settings file from elsewhere): the heading wraps them, whole, inside the page (finding 19).
    func testAFarmsLongNameAndUnbrokenNumberStayOnThePage() throws {
        let number = String(repeating: "1234567890", count: 6).prefix(58)
        let settings = Settings(farmName: Self.long("Gospodarstwo Rolne Nowak ", FreeText.lineLimit), producerNumber: String(number))
        let card = FieldCard(field: "Za stodołą", season: 2026, treatments: [], products: [], modes: [], harvestNotBefore: nil)
        let file = path("card.pdf")
        try PreparedTable(fieldCard: card, settings: settings, time: ReportFixtures.time, language: .english).writePDF(to: file)
        let words = try PDFTools.words(file)
        let outside = words.filter { $0.xMin < -0.5 || $0.xMax > $0.pageWidth + 0.5 }
        XCTAssertTrue(outside.isEmpty, "\(outside)")
        XCTAssertTrue(squeezed(try PDFTools.text(file)).contains(String(number)), "every digit printed")
        XCTAssertTrue(squeezed(try PDFTools.text(file)).contains(squeezed(settings.farmName!)), "the whole name printed")
    }

    func testTheStoreAndTheShoppingListOfLongNamesStayOnTheirPages() throws {
        let today = CalendarDate(year: 2027, month: 5, day: 2)!
        let names = (1...60).map { Self.long("Fungicyd Zielony Extra \($0) 250 EC ", FreeText.lineLimit) }
        // Each its own number: one number is one product in the store.
        let entries = names.enumerated().map { index, name in
            StockEntry(facts: StockFacts(kind: .purchase, product: name, authorisation: Self.long("R-\(index)/2024/A ", RecordRules.codeLimit),
                                         quantity: 20, unit: .litres, date: today, lot: Self.long("PARTIA-2027-05 ", RecordRules.codeLimit),
                                         package: StockPackage(size: 5, unit: .litres)),
                       createdAt: Date(timeIntervalSince1970: 1_800_000_000))
        }
        let stock = StockLedger.stock(on: today, entries: entries, records: [], today: today)
        let plans = [HistoryEntry(timestamp: Date(timeIntervalSince1970: 1_800_000_000),
                                  input: JobInput(area: 40, sprayRate: 200, tankCapacity: 2000, products: names.map { ProductInput(name: $0, rate: 1) }))]
        let items = ShoppingList.items(plans: plans, stock: stock)
        XCTAssertEqual(items.count, 60)
        for language in [Language.polish, .english] {
            func make() throws -> (PreparedTable, PreparedTable) {
                let store = PreparedTable(TableDocument(storeOf: stock, on: today, settings: RegisterFixtures.farm, language: language),
                                          suggestedFileName: "", time: ReportFixtures.time)
                let shopping = PreparedTable(TableDocument(shoppingList: items, planCount: 1, ticked: [], settings: RegisterFixtures.farm, on: today,
                                                              language: language),
                                             suggestedFileName: "", time: ReportFixtures.time)
                try store.writePDF(to: path("store-\(language.rawValue).pdf"))
                try shopping.writePDF(to: path("shopping-\(language.rawValue).pdf"))
                return (store, shopping)
            }
            let (store, shopping) = language == .polish ? try inPolish(make) : try make()
            let frame = RegisterLayoutEngine.defaultFrame
            for (name, layout, footer, weight) in [("store", store.layout, [store.document.footer, store.document.pageLabelTemplate],
                                                    store.document.columnWeights[0]),
                                                   ("shopping", shopping.layout, [shopping.document.footer, shopping.document.pageLabelTemplate],
                                                    shopping.document.columnWeights[0])] {
                let file = path("\(name)-\(language.rawValue).pdf")
                let words = try PDFTools.words(file)
                XCTAssertEqual(try PDFTools.pageCount(file), layout.pageCount, "\(name), \(language)")
                XCTAssertGreaterThan(layout.pageCount, 2, "\(name), \(language): the rows run over pages")
                assertInsidePagesAboveTheFooter(words, footerTop: frame.footerTop, footer: footer, "\(name), \(language)")
                let products = column(words, frame.contentLeft..<(frame.contentLeft + weight * frame.contentWidth),
                                      below: tableTops(layout), above: frame.footerTop)
                let whole = names.filter { products.contains(squeezed($0)) }
                XCTAssertEqual(whole.count, names.count, "\(name), \(language): names found whole in their column")
            }
            let text = try PDFTools.text(path("store-\(language.rawValue).pdf"))
            XCTAssertTrue(text.contains(language == .polish ? "Magazyn środków ochrony roślin" : "Store of plant protection products"), "\(language)")
        }
    }
}
