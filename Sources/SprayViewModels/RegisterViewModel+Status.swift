// The lines under the register: plans not recorded yet, the second copy, sharing, sprayer
// inspections and training certificates lapsing, and the deadline for paper records.

import FarmContext
import FarmExchange
import FarmModel
import SprayBase


extension RegisterViewModel {
    /// "2 plans saved in the last 30 days are not in the register", when some are not.
    public var pendingTitle: String? {
        guard !pendingPlans.isEmpty else { return nil }
        return trn("%1$d plan saved in the last %2$d days is not in the register:",
                   "%1$d plans saved in the last %2$d days are not in the register:", pendingPlans.count)
            .filled(String(pendingPlans.count), String(PendingPlans.defaultDays))
    }

    /// The second copy's line: a problem not said yet, else where the last copy is (a
    /// warning after 30 days without one while the records changed).
    public var secondCopyStatus: (text: String, warning: Bool)? {
        guard copyName == nil else { return nil }
        let keeper = farm.secondCopy
        if let notice = keeper.takeNotice() { return (notice, true) }
        let lastChange = store.records.lazy.map(\.changedAt).max().map { LocalTime.dateTime(at: $0).date }
        return keeper.status(lastChange: lastChange)
    }

    /// Who the record is shared with and when they last changed it, or a problem with the
    /// folder not said yet; nil when not shared (and for a copy).
    public var sharingStatus: (text: String, warning: Bool)? {
        guard copyName == nil else { return nil }
        let sharing = farm.sharing
        if let notice = sharing.takeNotice() { return (notice, true) }
        return sharing.statusLine.map { ($0, false) }
    }

    /// A farm sprayer whose inspection, or an operator whose training certificate, has lapsed
    /// or lapses within 60 days, said under the register (a warning when one has lapsed).
    public var inspectionStatus: (text: String, warning: Bool)? { inspectionStatus(of: farm.library) }

    /// The lapses `library` holds, as the line under the register says them.
    public func inspectionStatus(of library: Library) -> (text: String, warning: Bool)? {
        guard copyName == nil else { return nil }
        let day = clock.today
        let (lapsed, soon) = Self.lapses(library.sprayers.map { ($0.name, $0.inspectionValidUntil) }, on: day)
        let (certificates, certificatesSoon) = Self.lapses(library.operators.map { ($0.name, $0.validUntil) }, on: day)
        let said = [lapsed.isEmpty ? nil : Advice.inspectionsLapsed(lapsed), certificates.isEmpty ? nil : Advice.certificatesLapsed(certificates),
                    soon.isEmpty ? nil : Advice.inspectionsLapsingSoon(soon),
                    certificatesSoon.isEmpty ? nil : Advice.certificatesLapsingSoon(certificatesSoon)].compactMap { $0 }
        guard !said.isEmpty else { return nil }
        return (said.map(\.text).joined(separator: "\n"), said.contains { $0.severity == .forbidden })
    }

    /// Products still in the store past, or within 60 days of, their use-until date, said
    /// under the register (a warning when one is past it); nil for a copy or a store not read.
    public var storeStatus: (text: String, warning: Bool)? { storeStatus(of: farm.stockTodayIfRead) }

    /// What `stock` says of use-until dates, as the line under the register says it.
    public func storeStatus(of stock: [ProductStock]?) -> (text: String, warning: Bool)? {
        guard copyName == nil, let stock, let line = StockLedger.useUntilSummary(stock) else { return nil }
        let past = stock.contains { $0.warnings.contains { $0.kind == .stockUseUntilPassed } }
        return (line.text, past)
    }

    /// One line per pending plan: when, where, what.
    public func pendingText(_ entry: HistoryEntry) -> String { PendingPlans.summary(of: entry) }

    /// Until when paper records of the season may still be brought in: 31 January of the
    /// next year, through the 2029 season; said from October to January.
    public var deadlineText: String? {
        guard copyName == nil else { return nil }
        let day = clock.today
        let season = day.month == 1 ? day.year - 1 : day.year
        guard season <= 2029, season >= 2026, day.month == 1 || day.month >= 10 else { return nil }
        return tr("Paper records of the %1$@ season must be in the electronic record by 31 January %2$@.")
            .filled(String(season), String(season + 1))
    }

    /// "Name (since 1.10.2026)" for each lapsed, "Name (until 30.11.2026)" for each lapsing soon.
    private typealias Dated = (name: String, validUntil: CalendarDate)

    private static func lapses(_ dated: [(name: String, until: CalendarDate?)], on day: CalendarDate) -> (lapsed: [Dated], soon: [Dated]) {
        var lapsed: [Dated] = [], soon: [Dated] = []
        for (name, until) in dated {
            guard let until else { continue }
            switch LibrarySprayer.InspectionState(until: until, on: day) {
            case .lapsed: lapsed.append((name, until))
            case .lapsingSoon: soon.append((name, until))
            case .valid: break
            }
        }
        return (lapsed, soon)
    }
}
