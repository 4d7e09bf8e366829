// The job report PDF printed from a treatment record: the record's reason, authorisation
// numbers and doses where the blank lines to fill in were.

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

final class ReportFromRecordPDFTests: XCTestCase {
    func testTheJobReportOfARecordCarriesItsValues() throws {
        let directory = try PDFTools.temporaryDirectory(prefix: "ko-job-record")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("job.pdf").path
        try inPolish {
            try PreparedReport(plan: ReportFixtures.seedPlan(), time: ReportFixtures.time, language: .polish,
                               record: RegisterFixtures.wheat).writePDF(to: file)
        }
        let text = try pdfWords(file)
        for phrase in ["Ewidencja zabiegu", "14.04.2027, 06:30", "Pole za stodołą, 141201_1.0001.123/4, 50% działki", "12,5 ha",
                       "pszenica ozima, TRZAW · BBCH 31", "septorioza paskowana liści", "Jan Kowalski",
                       "nr zezwolenia R-12/2024, dawka 1,25 l/ha", "nr zezwolenia R-7/2019, dawka 0,2 l/ha"] {
            XCTAssertTrue(text.contains(phrase), "missing “\(phrase)” in\n\(text)")
        }
        for blank in ["Pole / działka", "Data zabiegu"] {
            XCTAssertFalse(text.contains(blank), "no blank line “\(blank)”")
        }
    }
}
