// Issue 62, item 7: what the register's phrases say of a label's limits. A number followed
// by a distance is never an interval; a range is its upper end for the most treatments (the
// label allows up to that many) and its lower end for the interval (the shortest it allows).

import XCTest
@testable import FarmModel

final class RegisterPhraseTests: XCTestCase {
    func testTheLimitsThePhrasesState() {
        let rows: [(text: String, treatments: Int?, interval: Int?)] = [
            // A distance is no interval.
            ("odstęp od zbiorników wodnych 20 m", nil, nil),
            ("Odstęp od zbiorników i cieków wodnych: 1 m", nil, nil),
            ("odstęp od zbiorników wodnych 20 metrów", nil, nil),
            ("odstęp od pasiek 1,5 km", nil, nil),
            ("Odstęp od zbiorników wodnych: 5 m. Odstęp między zabiegami: 14 dni.", nil, 14),
            ("Strefa ochronna: odstęp od zbiorników wodnych 20 m; liczba zabiegów: 2", 2, nil),
            ("odstęp od cieków wodnych 20", nil, nil),
            // A count: the upper end of a range.
            ("liczba zabiegów: 1-2", 2, nil),
            ("Maksymalna liczba zabiegów w sezonie: 1 – 3", 3, nil),
            ("liczba zabiegów: 2 do 4", 4, nil),
            ("Maksymalna liczba zabiegów: 2 w sezonie", 2, nil),
            ("liczba zabiegów: 2 (co 7 dni)", 2, 7),
            ("liczba zabiegów: 3-2", 3, nil),
            ("liczba zabiegów: 60", nil, nil),
            ("liczba zabiegów: 14 dni", nil, nil),
            ("Maksymalna liczba zabiegów w sezonie: 2\nOdstęp pomiędzy zabiegami: 7-14 dni", 2, 7),
            // An interval: the lower end, in days.
            ("Odstęp pomiędzy zabiegami: 7-14 dni", nil, 7),
            ("odstęp między zabiegami 10 – 14 dni", nil, 10),
            ("zabiegi wykonywać w odstępach 7-10 dniowych", nil, 7),
            ("zabieg można powtórzyć co 10-14 dni", nil, 10),
            ("Odstęp między zabiegami: 2 tygodnie", nil, 14),
            ("Odstęp między zabiegami: 10", nil, 10),
            ("co 2-3 tygodnie", nil, 14),
            ("co najmniej 7 dni", nil, nil),
            ("Odstęp pomiędzy zabiegami: 0 dni", nil, nil),
            ("Maksymalna liczba zabiegów w sezonie: 2. Odstęp między zabiegami: 7–10 dni", 2, 7),
            ("Zalecana dawka: 1,0-1,5 l/ha", nil, nil),
            ("", nil, nil),
        ]
        for row in rows {
            let limits = OfficialRegisterText.treatmentLimits(row.text)
            XCTAssertEqual(limits.treatments, row.treatments, "count of: \(row.text)")
            XCTAssertEqual(limits.intervalDays, row.interval, "interval of: \(row.text)")
        }
    }
}
