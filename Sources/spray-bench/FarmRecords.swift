// Generated treatment records for the benchmarks: the farm history's calculations recorded
// on parcels with crops, reasons, operators and authorisation numbers.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

private let reasons = ["septorioza liści", "mączniak prawdziwy", "chwasty dwuliścienne", "słodyszek rzepakowy", "mszyce"]
private let cropCodes = ["TRZAW", "BRSNW", "ZEAMX", "BEAVA", "HORVS"]

/// `count` records, one every few hours from 2022-01-01, each made from a generated calculation.
func farmRecords(count: Int) -> [TreatmentRecord] {
    farmHistory(count: count).enumerated().compactMap { index, entry in
        guard case let .success(plan) = TankMixEngine.plan(entry.input) else { return nil }
        let date = CalendarDate(year: 2022 + index * 3 / (24 * 365), month: 1 + index % 12, day: 1 + index % 28)!
        var details = TreatmentDetails.prefilled(from: plan, on: date, startTime: ClockTime(hour: 5 + index % 12, minute: index % 60),
                                                 parcel: "Działka \(1 + index % 60)")
        details.parcelIDs = ["141201_1.0001.\(100 + index % 60)"]
        details.crop = CropCatalog.crop(code: cropCodes[index % cropCodes.count])?.choice(in: .polish)
        details.bbch = String(10 + index % 80)
        details.reason = reasons[index % reasons.count]
        details.operatorName = "Łukasz Nowak"
        for product in details.products.indices { details.products[product].authorisation = "R-\(1 + index % 90)/2024" }
        return try? RecordDraft(details: details, calculation: entry.input).checkedRecord(at: entry.timestamp)
    }
}
