// The shopping list without GTK: what the plans saved but not recorded yet and the favorites
// ticked (each with its fields) need, against today's stock; the ticks kept in the settings;
// the list as text, printed pages and data files. ShoppingListWindow only binds widgets to this.

import FarmContext
import FarmExchange
import FarmModel
import FoundationEssentials
import SprayBase
import SprayPages

/// A favorite as the shopping list offers it: ticked or not, and its fields to tick.
public struct ShoppingFavoriteChoice: Equatable, Sendable {
    public var id: UUID
    public var name: String
    public var isTicked: Bool
    /// "Pole za stodołą, Łąka (12,5 ha)", or what to do when no field is ticked.
    public var fieldsText: String
    public var fields: [ShoppingFieldChoice]
}

public struct ShoppingFieldChoice: Equatable, Sendable {
    public var id: UUID
    /// "Łąka (4,5 ha)".
    public var name: String
    public var isTicked: Bool
}

@MainActor
public final class ShoppingListViewModel {
    public static let exportFormats: [ExportFileFormat] = [.pdf, .xlsx, .csvSemicolon, .csvComma, .json]

    private let stock: StockViewModel
    private let farm: Farm
    private var settings: any SettingsBook { farm.settings }
    /// The favorites ticked, each with its fields: as the settings kept them, then as ticked here
    /// (even when the settings could not be written).
    private var ticks: [ShoppingFavorite]
    /// The list as last worked out.
    public private(set) var items: [ShoppingItem] = []
    public private(set) var planCount = 0
    public private(set) var ticked: [ShoppingFavoriteJob] = []
    /// Why the ticks were not kept (the settings file could not be written), if so.
    public private(set) var saveProblem: String?
    public var onChange: (() -> Void)?

    /// The list of `farm` against the stock `stock` shows.
    public init(farm: Farm, stock: StockViewModel) {
        self.farm = farm
        self.stock = stock
        ticks = farm.settings.settings.shoppingFavorites ?? []
        refresh()
    }

    /// The plans saved in the history and not recorded yet (`PendingPlans`, the last
    /// `ShoppingList.planDays` days), by the store's today.
    private func plans() -> [HistoryEntry] {
        PendingPlans.list(history: farm.history.entries, records: farm.records.records, today: stock.today, days: ShoppingList.planDays)
    }

    private func favorites() -> [Favorite] { farm.favorites.favorites }

    /// Every favorite, ticked or not, with the library's fields.
    public var choices: [ShoppingFavoriteChoice] {
        let fields = stock.currentLibrary.fields
        return favorites().map { favorite in
            let tick = ticks.first { $0.favorite == favorite.id }
            let chosen = Set(tick?.fields ?? [])
            let job = ticked.first { $0.favorite.id == favorite.id }
            let text: String = if fields.isEmpty {
                tr("Add fields to the library first")
            } else if let job, !job.fields.isEmpty {
                job.fieldsText
            } else {
                tr("Choose the fields it is for")
            }
            return ShoppingFavoriteChoice(
                id: favorite.id, name: FreeText.displayable(favorite.name), isTicked: tick != nil, fieldsText: text,
                fields: fields.map { field in
                    ShoppingFieldChoice(id: field.id, name: FreeText.displayable(field.name) + " ("
                                            + NumberFormat.current.string(field.area, maxFractionDigits: 4) + "\u{00A0}ha)",
                                        isTicked: chosen.contains(field.id))
                })
        }
    }

    /// Ticks or unticks `favorite`; unticked, its fields are forgotten.
    public func setTicked(_ favorite: UUID, _ isTicked: Bool) {
        change { ticks in
            if isTicked, !ticks.contains(where: { $0.favorite == favorite }) { ticks.append(ShoppingFavorite(favorite: favorite, fields: [])) }
            if !isTicked { ticks.removeAll { $0.favorite == favorite } }
        }
    }

    /// Ticks or unticks `field` for `favorite`; ticking a field ticks its favorite.
    public func setField(_ field: UUID, of favorite: UUID, ticked isTicked: Bool) {
        change { ticks in
            guard let index = ticks.firstIndex(where: { $0.favorite == favorite }) else {
                if isTicked { ticks.append(ShoppingFavorite(favorite: favorite, fields: [field])) }
                return
            }
            ticks[index].fields.removeAll { $0 == field }
            if isTicked { ticks[index].fields.append(field) }
        }
    }

    private func change(_ edit: (inout [ShoppingFavorite]) -> Void) {
        edit(&ticks)
        let ticks = self.ticks
        do {
            try settings.update { $0.shoppingFavorites = ticks.isEmpty ? nil : ticks }
            saveProblem = nil
        } catch {
            saveProblem = tr("The ticks were not kept for next time: %@").filled(userMessage(error))
        }
        refresh()
    }

    /// Works the list out again: after a tick, or when the plans, the store or the records changed.
    public func refresh() {
        let pending = plans()
        planCount = pending.count
        ticked = ShoppingFavoriteJob.resolve(ticks, favorites: favorites(), library: stock.currentLibrary)
        items = stock.shoppingList(plans: pending, ticked: ticked)
        onChange?()
    }

    /// Per product a line, or why nothing is to buy.
    public var listText: String {
        items.isEmpty ? tr("Nothing to buy: the store holds what the plans need.") : items.map(\.text).joined(separator: "\n")
    }

    /// What the list covers: the plans, and each favorite on its fields.
    public var coverageText: String { ShoppingList.coverage(planCount: planCount, ticked: ticked) }

    public var canExport: Bool { !items.isEmpty }

    /// The list as printed pages, for the farm in the settings.
    public func document() -> TableDocument {
        TableDocument(shoppingList: items, planCount: planCount, ticked: ticked, settings: settings.settings, on: stock.today)
    }

    public static func menuTitle(_ format: ExportFileFormat) -> String {
        format == .pdf ? tr("Printable shopping list (PDF)…") : format.menuTitle
    }

    /// "lista-zakupow-2026-11-26.xlsx".
    public func suggestedFileName(for format: ExportFileFormat) -> String {
        ReportFileName.slug(tr("shopping-list") + "-" + stock.today.description) + "." + format.fileExtension
    }

    /// The list as the bytes of `format`.
    public func exported(as format: DataExportFormat) -> [UInt8] {
        StockExport.data(items, as: format)
    }
}
