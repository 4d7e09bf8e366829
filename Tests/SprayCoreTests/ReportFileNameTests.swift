// The file name a saved report is offered under: plain ASCII, date and area.

import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import FoundationEssentials
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class ReportFileNameTests: XCTestCase {
    func testSuggestedNames() {
        // area, unit → name (English messages; the Polish catalog makes the prefix "oprysk")
        let rows: [(String, AreaUnit, String)] = [
            ("15", .hectares, "spray-2026-11-21-15ha.pdf"),
            ("2.5", .hectares, "spray-2026-11-21-2-5ha.pdf"),
            ("0.75", .hectares, "spray-2026-11-21-0-75ha.pdf"),
            ("40", .ares, "spray-2026-11-21-40a.pdf"),
            ("2500", .squareMetres, "spray-2026-11-21-2500m2.pdf"),
            ("12500", .hectares, "spray-2026-11-21-12500ha.pdf"),
            ("1.23456", .hectares, "spray-2026-11-21-1-2346ha.pdf"),
        ]
        for (area, unit, expected) in rows {
            let input = JobInput(area: d(area), areaUnit: unit, sprayRate: 100, tankCapacity: 100, products: [])
            XCTAssertEqual(ReportFileName.suggested(for: input, at: reportTime), expected, "\(area) \(unit)")
        }
    }

    func testPolishPrefix() {
        let previous = Translation.current
        defer { Translation.install(previous) }
        Translation.install(Translator(language: .polish, singular: { $0 == "spray" ? "Oprysk żółty!" : $0 }, plural: { a, _, _ in a }))
        let input = JobInput(area: 15, sprayRate: 100, tankCapacity: 100, products: [])
        XCTAssertEqual(ReportFileName.suggested(for: input, at: reportTime), "oprysk-zolty-2026-11-21-15ha.pdf")
    }

    func testSlug() {
        let rows: [(String, String)] = [
            ("oprysk", "oprysk"),
            ("Zażółć gęślą jaźń", "zazolc-gesla-jazn"),
            ("ŁĄKA Północna", "laka-polnocna"),
            ("  Pole nr 7 / działka 12  ", "pole-nr-7-dzialka-12"),
            ("Müller Straße", "muller-strasse"),
            ("Žatec — chmiel (č. 3)", "zatec-chmiel-c-3"),
            ("a..b__c", "a-b-c"),
            ("2,5ha", "2-5ha"),
            ("../../etc/passwd", "etc-passwd"),
            ("pole\u{00A0}7\ttab\nline", "pole-7-tab-line"),
            ("日本語", ""),
            ("émigré 🌾 field", "emigre-field"),
            ("m²", "m"),
        ]
        for (text, expected) in rows {
            XCTAssertEqual(ReportFileName.slug(text), expected, text)
        }
    }
}
