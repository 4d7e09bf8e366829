// Issue 61: the organic farm's setting and a register that cannot tell (its doors, with the
// gov.pl register's marks, are in CommandLineTests/RegisterNumberDoorsTests).

@testable import FarmContext
@testable import FarmModel
import Foundation
import SprayBase
import XCTest

final class OrganicFarmTests: XCTestCase {
    /// A register whose layout gives no marks (the dataset-550 release) cannot say: it is said so.
    func testARegisterWithoutMarksSaysItCannotTell() throws {
        let settings = try JSONDecoder().decode(Settings.self, from: Data(#"{"theme":"system"}"#.utf8))
        XCTAssertFalse(settings.organicFarm, "an older settings file without the key")
        let register = OfficialRegisterIndex(OfficialRegister(date: CalendarDate(year: 2026, month: 7, day: 1), importedAt: Date(timeIntervalSince1970: 1_780_000_000),
                                                              source: "test", products: [OfficialRegisterProduct(name: "Stary 10 EC", authorisation: "R-1/2019", kind: "Insektycyd", substances: "",
                                                                                                 authorisedUntil: nil, saleUntil: nil, useUntil: nil, uses: [])]))
        let said = OfficialRegisterCheck.warnings(products: [ProductUse(name: "Stary 10 EC", dose: 1, doseUnit: .litres)],
                                                  date: CalendarDate(year: 2026, month: 8, day: 1)!, crop: nil, bbch: nil, index: register, organicFarm: true)
        XCTAssertEqual(said.map(\.kind), [.organicUnknown])
        XCTAssertEqual(said.first?.severity, .advice)
    }
}
