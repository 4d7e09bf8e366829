// How a history entry reads in the history window: one row of texts, its date in the
// UI language without ICU ("21.11.2026 15:04", "21 Nov 2026, 15:04"). HistoryViewModel makes them.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

/// The texts of one history entry, ready to show.
public struct HistoryRow: Equatable, Sendable, Identifiable {
    public var id: UUID
    /// "21.11.2026 15:04" / "21 Nov 2026, 15:04", in local time.
    public var date: String
    /// "15 ha", "150 a".
    public var area: String
    /// "Herbicyd 1,5 l/ha · Adiuwant 300 ml/ha".
    public var products: String
    /// Spray volume and tank: "150 l/ha · tank 800 l".
    public var setup: String
    /// Working liquid for the job: "2250 l of working liquid".
    public var liquid: String
    /// "2 full tanks + 1 partial tank"; empty when the job cannot be recalculated.
    public var loads: String
    /// Parcel and crop, when given: "Działka 7 · Rzepak ozimy".
    public var place: String?
    public var parcel: String?
    public var crop: String?
    public var notes: String?
}

extension HistoryRow {
    init(_ entry: HistoryEntry, format: NumberFormat = .current) {
        let input = entry.input
        func number(_ value: Decimal) -> String { format.string(value, maxFractionDigits: 4) }
        let plan = try? TankMixEngine.plan(input).get()
        id = entry.id
        date = DateText.dateAndTime(entry.timestamp)
        area = number(input.area) + "\u{00A0}" + input.areaUnit.symbol
        products = input.products.indices.map { index in
            input.displayName(ofProduct: index) + " " + number(input.products[index].rate) + "\u{00A0}" + input.products[index].unit.symbol
        }.joined(separator: " · ")
        setup = number(input.sprayRate) + "\u{00A0}l/ha · " + tr("tank %@").filled(number(input.tankCapacity) + "\u{00A0}l")
        liquid = plan.map { tr("%@ of working liquid").filled(Quantity($0.totalLiquid, .litres).formatted(format)) } ?? ""
        loads = plan.map(LoadSummary.text) ?? ""
        let details = [entry.parcel, entry.crop].compactMap { $0 }
        place = details.isEmpty ? nil : details.joined(separator: " · ")
        parcel = entry.parcel
        crop = entry.crop
        notes = entry.notes
    }
}
