// Plans and reports the report tests share, made at a fixed time so output is reproducible.

import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import FoundationEssentials
import SprayBase
import SprayMix
import SprayPages
import SprayReport
import SprayViewModels

enum ReportFixtures {
    /// Saturday 21 November 2026, 15:04 UTC.
    static let time = ReportTime(epochSeconds: 1_795_273_440)

    /// 15 ha · 150 l/ha · 800 l tank · one product at 15 l/ha: 2 full loads and a partial one.
    static func seedPlan(productName: String = "Środek żółty") -> TankMixPlan {
        try! TankMixEngine.plan(JobInput(area: 15, sprayRate: 150, tankCapacity: 800,
                                         products: [ProductInput(name: productName, rate: 15)])).get()
    }

    /// 25 products and two load groups: several pages.
    static func longPlan() -> TankMixPlan {
        try! TankMixEngine.plan(JobInput(
            area: 15, sprayRate: 150, tankCapacity: 800,
            products: (1...25).map { ProductInput(name: "Środek nr \($0)", rate: Decimal($0 * 10), unit: .millilitresPerHectare) }
        )).get()
    }

    static func seedReport() -> PreparedReport {
        PreparedReport(plan: seedPlan(), time: time, language: .english)
    }
}
