// Plans saved in the history (Calculate, `calc --save`) that no record was made from yet:
// a spraying planned and probably done, but not in the register. The register lists them
// with Record… on each; `record pending` prints them; `record add --from-plan` records one.

import FoundationEssentials
import SprayBase
import SprayMix

public enum PendingPlans {
    /// How far back the register looks, in days.
    public static let defaultDays = 30

    /// The entries saved in the `days` days up to `today` that no record was made from,
    /// newest first. A record made from a plan names it; one made before records named
    /// their plan counts when its calculation is the entry's.
    public static func list(history: [HistoryEntry], records: [TreatmentRecord], today: CalendarDate,
                            days: Int = defaultDays) -> [HistoryEntry] {
        let since = today.adding(days: -days)
        let recent = history.filter { entry in
            let day = LocalTime.dateTime(at: entry.timestamp).date
            return day >= since && day <= today
        }
        // Most days nothing was saved lately: the records are not read at all.
        guard !recent.isEmpty else { return [] }
        let named = Set(records.compactMap(\.planID))
        let calculations = records.filter { $0.planID == nil }.compactMap(\.calculation)
        return recent.filter { !named.contains($0.id) && !calculations.contains($0.input) }.sorted { $0.timestamp > $1.timestamp }
    }

    /// "20.11.2026 14:04 · Działka 7 · 4,2 ha · Fungicyd 1,25 l/ha, Adiuwant 200 ml/ha"; its
    /// text (from a restored backup or the farm's other files) shown, never run by a terminal.
    public static func summary(of entry: HistoryEntry) -> String {
        let format = NumberFormat.current
        let input = entry.input
        let products = input.products.enumerated().map { index, product in
            input.displayName(ofProduct: index) + " " + format.string(product.rate, maxFractionDigits: 3) + " " + product.unit.symbol
        }
        let saved = LocalTime.dateTime(at: entry.timestamp)
        let when = saved.date.typedText(in: Translation.current.language) + " "
            + (ClockTime(hour: saved.hour, minute: saved.minute)?.description ?? "")
        return FreeText.displayable([when, entry.parcel ?? "",
                                     format.string(input.area, maxFractionDigits: 4) + " " + input.areaUnit.symbol, products.joined(separator: ", ")]
            .filter { !$0.isEmpty }.joined(separator: " · "))
    }
}
