// The printed job report on one A4 page for a typical job — up to four products with full
// and partial loads, the mixing order and jar test, a calibrated sprayer's setting and the
// record section, blank or filled — in Polish and English; one unit per product in every
// row of the page.

import CatalogTestSupport
import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import PDFTestSupport
import SprayBase
import SprayMix
import SprayPages
@testable import SprayReport
import SprayViewModels
import XCTest

private func d(_ text: String) -> Decimal { Decimal(string: text)! }

final class OnePagePDFTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try PDFTools.temporaryDirectory(prefix: "ko-one-page")
    }

    override func tearDownWithError() throws {
        if ProcessInfo.processInfo.environment["KEEP_PDFS"] == nil { try FileManager.default.removeItem(at: directory) }
    }

    /// The job: 15 ha, 150 l/ha, 800 l; herbicide 1,5 l/ha, adjuvant 200 ml/ha, fertiliser 2 kg/ha (and a fourth).
    private func plan(products: Int) throws -> TankMixPlan {
        let all = [ProductInput(name: "Herbicyd", rate: d("1.5"), formulation: .wg),
                   ProductInput(name: "Adiuwant", rate: 200, unit: .millilitresPerHectare, formulation: .adjuvant),
                   ProductInput(name: "Nawóz", rate: 2, unit: .kilogramsPerHectare, formulation: .fertiliser),
                   ProductInput(name: "Fungicyd", rate: 1, formulation: .ec)]
        return try TankMixEngine.plan(JobInput(area: 15, sprayRate: 150, tankCapacity: 800, products: Array(all.prefix(products)))).get()
    }

    private let sprayer = LibrarySprayer(name: "Pilmet", tankCapacity: 800, nozzleSpacing: d("0.5"), nozzle: .size03,
                                         calibration: SprayerCalibration(flowPerNozzle: d("1.2"), speed: d("7.2"), pressure: 3,
                                                                         date: CalendarDate(year: 2026, month: 4, day: 2)!))

    private func write(_ plan: TankMixPlan, _ language: Language, record: TreatmentRecord? = nil) throws -> String {
        let file = directory.appendingPathComponent("\(language.rawValue)-\(plan.input.products.count)-\(record == nil).pdf").path
        let write = {
            try PreparedReport(plan: plan, time: ReportFixtures.time, language: language, record: record, sprayer: self.sprayer)
                .writePDF(to: file)
        }
        if language == .polish { try inPolish(write) } else { try write() }
        return file
    }

    func testATypicalJobFitsOnePageInBothLanguages() throws {
        for language in [Language.polish, .english] {
            for products in [3, 4] {
                let plan = try plan(products: products)
                XCTAssertEqual(plan.loads.map(\.kind), [.full, .partial])
                let file = try write(plan, language)
                XCTAssertEqual(try PDFTools.info(file)["Pages"], "1", "\(products) products in \(language)")
                let text = try PDFTools.text(file)
                for phrase in language == .polish ? ["Kolejność mieszania", "Próba w słoiku", "Pilmet", "Ewidencja zabiegu"]
                                                  : ["Mixing order", "Jar test", "Pilmet", "Treatment record"] {
                    XCTAssertTrue(text.contains(phrase), "“\(phrase)” in \(language)")
                }
            }
        }
        let fromRecord = try write(plan(products: 3), .polish, record: RegisterFixtures.wheat)
        XCTAssertEqual(try PDFTools.info(fromRecord)["Pages"], "1", "printed from a record, with the record's values")
    }

    func testEachProductHasOneUnitOnThePage() throws {
        let text = try PDFTools.text(try write(plan(products: 4), .english))
        let expected = ["Herbicyd": "l", "Adiuwant": "l", "Nawóz": "kg", "Fungicyd": "l"]
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard let name = words.first, let unit = expected[name], words.count > 3, words[1].first?.isNumber == true else { continue }
            // "Herbicyd 1.5 l/ha 8 l 6.5 l 22.5 l": the rate, then the amounts.
            let units = words.dropFirst(3).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            XCTAssertEqual(Set(units), [unit], String(line))
        }
        XCTAssertTrue(text.contains("1.07 l"), "the adjuvant's full load in l")
        XCTAssertTrue(text.contains("0.87 l"), "and its partial load in l, not in ml")
    }
}
