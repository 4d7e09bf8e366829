// The records as CSV (one row per product use, headers in the UI language) and as the
// versioned JSON that docs/records-format.md documents and `record import` reads back.

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

final class RecordExportTests: XCTestCase {
    private let april = Date(timeIntervalSince1970: 1_776_148_200)  // 2026-04-14T06:30:00Z

    private func records() -> [TreatmentRecord] {
        var complete = TreatmentRecord(id: UUID(uuidString: "3B0F7C52-9E1A-4D6B-8C2F-5A4E3D2C1B0A")!, details: completeDetails(), createdAt: april)
        complete.corrections = [RecordRevision(details: completeDetails(date: CalendarDate(year: 2026, month: 4, day: 13)!),
                                               savedAt: april.addingTimeInterval(-60), note: "zła data")]
        var withdrawn = TreatmentRecord(id: UUID(uuidString: "C4D5E6F7-0A1B-4C2D-9E3F-405162738495")!,
                                        details: TreatmentDetails(use: .seeds, date: CalendarDate(year: 2026, month: 3, day: 2)!,
                                                                  treatedSize: 2, basis: .tonne, seedBatch: "PL-118",
                                                                  products: [ProductUse(name: "Zaprawa", authorisation: "R-1/2020", dose: d("0.5"), doseUnit: .litres, quantityUsed: 1)],
                                                                  reason: "głownia"),
                                        createdAt: april)
        withdrawn.withdrawal = Withdrawal(at: april.addingTimeInterval(120), reason: "dwa razy")
        return [complete, withdrawn]
    }

    func testCSVHasOneRowPerProductUseInEnglish() {
        let text = withTimeZone("UTC0") { RecordExport.csv(records(), separator: .comma) }
        let rows = text.components(separatedBy: "\r\n").dropLast()
        XCTAssertEqual(rows.count, 4)
        XCTAssertEqual(rows[0], "record id,status,type of use,date,start time,end time,wind (m/s),temperature (°C),parcel or place,parcel identifiers (IACS),size treated,"
            + "size unit,fraction of the parcel,crop EPPO code,crop,BBCH stage,seed batch,product,product kind,authorisation number,dose,dose unit,"
            + "quantity used,quantity unit,reason,operator,notes,missing,withdrawn on,withdrawal reason,saved,corrected,versions")
        XCTAssertEqual(rows[1], "3B0F7C52-9E1A-4D6B-8C2F-5A4E3D2C1B0A,complete,surface area,2026-04-14,06:30,,,,Działka 7 „za stodołą”,"
            + "\"141201_1.0001.123/4, 141201_1.0001.124\",4.2,ha,0.5,TRZAW,pszenica ozima,31,,Fungicyd Ś,ppp,R-12/2024,1.25,l/ha,5.25,l,"
            + "septorioza liści,Łukasz Nowak,wiatr 2 m/s; 12 °C,,,,2026-04-14T06:30:00Z,2026-04-14T06:30:00Z,2")
        XCTAssertTrue(rows[2].contains(",Adiuwant,ppp,R-3/2021,200,ml/ha,840,ml,"), rows[2])
        XCTAssertEqual(rows[3], "C4D5E6F7-0A1B-4C2D-9E3F-405162738495,withdrawn,seeds,2026-03-02,,,,,,,2,t,,,,,PL-118,Zaprawa,ppp,R-1/2020,"
            + "0.5,l/t,1,l,głownia,,,Parcel or place,2026-04-14T06:32:00Z,dwa razy,2026-04-14T06:30:00Z,,1")
    }

    func testCSVProtectsFreeTextButNotNumbers() {
        let details = TreatmentDetails(use: .surface, date: CalendarDate(year: 2026, month: 4, day: 14)!, parcel: "=1+1",
                                       treatedSize: 2, basis: .hectare,
                                       products: [ProductUse(name: "@SUM(A1)", authorisation: "-R-1", dose: 1, doseUnit: .litres, quantityUsed: 2)],
                                       reason: "+wheat", operatorName: "\tJan", notes: " =notes")
        let record = TreatmentRecord(id: UUID(uuidString: "3B0F7C52-9E1A-4D6B-8C2F-5A4E3D2C1B0A")!, details: details, createdAt: april)
        let row = withTimeZone("UTC0") { RecordExport.csv([record], separator: .comma) }.components(separatedBy: "\r\n")[1]
        XCTAssertTrue(row.hasPrefix("3B0F7C52-9E1A-4D6B-8C2F-5A4E3D2C1B0A,incomplete,surface area,2026-04-14,,,,,'=1+1,,2,ha,"), row)
        XCTAssertTrue(row.contains(",'@SUM(A1),ppp,'-R-1,1,l/ha,2,l,'+wheat,'\tJan,' =notes,"), row)
        XCTAssertTrue(row.hasSuffix(",2026-04-14T06:30:00Z,,1"), row)
    }

    func testCSVInPolishHasPolishHeadersAndDecimalCommas() {
        let text = inPolish { withTimeZone("UTC0") { RecordExport.csv(records(), separator: .semicolon) } }
        let rows = text.components(separatedBy: "\r\n")
        XCTAssertTrue(rows[0].hasPrefix("id wpisu;status;rodzaj zastosowania;data;godzina rozpoczęcia;"), rows[0])
        XCTAssertTrue(rows[1].contains(";kompletny;powierzchnia;"), rows[1])
        XCTAssertTrue(rows[1].contains(";4,2;ha;0,5;TRZAW;"), rows[1])
        XCTAssertTrue(rows[3].contains(";wycofany;nasiona;"), rows[3])
    }

    func testJSONIsVersionedTypedAndReadsBack() throws {
        let text = try RecordExport.json(records(), exportedAt: april)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(object["format"] as? String, "kalkulator-oprysku/records")
        XCTAssertEqual(object["version"] as? Int, 2)
        XCTAssertEqual(object["exported_at"] as? String, "2026-04-14T06:30:00Z")
        let list = try XCTUnwrap(object["records"] as? [[String: Any]])
        XCTAssertEqual(list.map { $0["status"] as? String }, ["complete", "withdrawn"])
        XCTAssertEqual(list.map { $0["missing"] as? [String] }, [[], ["location"]])
        let details = try XCTUnwrap(list[0]["details"] as? [String: Any])
        XCTAssertEqual(details["bbch"] as? String, "31")
        XCTAssertEqual((details["crop"] as? [String: String])?["eppo"], "TRZAW")
        XCTAssertTrue(text.contains(#""dose" : 1.25"#), "exact numbers")
        XCTAssertTrue(text.contains(#""treated_size" : 4.2"#))
        XCTAssertEqual(try RecordExport.records(fromJSON: Array(text.utf8)), records())

        XCTAssertThrowsError(try RecordExport.records(fromJSON: Array(#"{"format":"kalkulator-oprysku/history-export","version":1}"#.utf8))) {
            XCTAssertEqual($0 as? RecordImportError, .notAnExport)
        }
        XCTAssertThrowsError(try RecordExport.records(fromJSON: Array(text.replacing(#""version" : 2"#, with: #""version" : 3"#).utf8))) {
            XCTAssertEqual($0 as? RecordImportError, .newerVersion(3))
        }
    }
}
