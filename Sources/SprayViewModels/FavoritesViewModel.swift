// Favorites as the windows use them: save the current setup under a name (everything but
// the area), fill the form from one, rename, delete. Storage is FavoritesStore's job.

import FarmContext
import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

@MainActor
public final class FavoritesViewModel {
    private let store: any FavoritesBook
    /// The list changed (saved, renamed, deleted, or re-read).
    public var onChange: (() -> Void)?

    public init(farm: Farm) {
        store = farm.favorites
        // Every change of the file, made here, by Delete All Data or re-read, shows in the list.
        store.observe(by: self) { [weak self] in self?.onChange?() }
    }

    public var favorites: [Favorite] { store.favorites }
    public var isReadOnly: Bool { store.isReadOnly }
    public var fileURL: URL { store.url }
    public var notices: [String] { store.notices.map(\.message) }

    public func favorite(id: UUID) -> Favorite? {
        favorites.first { $0.id == id }
    }

    /// The favorite that saving under `name` would replace.
    public func existing(named name: String) -> Favorite? {
        let key = name.trimmedWhitespace.lowercased()
        return key.isEmpty ? nil : favorites.first { $0.name.trimmedWhitespace.lowercased() == key }
    }

    /// What the name dialog says under `name`: which favorite it would replace (not the one
    /// `renaming`, itself), else `otherwise`.
    public func nameHint(_ name: String, renaming: UUID? = nil, otherwise: String? = nil) -> String? {
        guard let other = existing(named: name), other.id != renaming else { return otherwise }
        return tr("Replaces the favorite “%@”.").filled(other.name)
    }

    /// What saving keeps, said while the name replaces none.
    public static var saveHint: String { tr("Keeps the spray volume, tank, products and filling — not the area.") }

    /// A name to offer when saving: the products' names, or the spray volume and tank.
    public func suggestedName(for form: JobForm) -> String {
        let names = form.products.map { $0.name.trimmedWhitespace }.filter { !$0.isEmpty }
        if !names.isEmpty { return names.joined(separator: " + ") }
        return [form.sprayRateText.trimmedWhitespace + " l/ha", form.tankText.trimmedWhitespace + " l"]
            .filter { $0.count > 3 }.joined(separator: ", ")
    }

    /// The setup's numbers, or the problems that keep it from being a favorite.
    /// The area is not part of a favorite, so it does not count.
    public func check(_ form: JobForm) -> Result<JobInput, SaveProblem> {
        var setup = form
        setup.areaText = "1"
        return setup.input().mapError { .invalidSetup($0.errors.filter { $0.field != .area }) }
    }

    /// Saves the form's setup (not its area) as `name`; the message of what went wrong otherwise.
    @discardableResult
    public func save(_ form: JobForm, named name: String) -> Result<Favorite, SaveProblem> {
        let input: JobInput
        switch check(form) {
        case let .success(valid): input = valid
        case let .failure(problem): return .failure(problem)
        }
        var favorite = Favorite(name: name, setup: input)
        if let replaced = existing(named: name) { favorite.id = replaced.id }
        return perform { try store.save(favorite) }.map { store.favorites.first { $0.id == favorite.id } ?? favorite }
    }

    public func rename(id: UUID, to name: String) -> Result<Void, SaveProblem> {
        perform { try store.rename(id: id, to: name) }
    }

    public func delete(id: UUID) -> Result<Void, SaveProblem> {
        perform { try store.delete(id: id) }
    }

    public func deleteAll() -> Result<Void, SaveProblem> {
        perform { try store.deleteAll() }
    }

    public func reload() {
        store.reload()
    }

    /// The form filled from `favorite`, keeping the area the user has typed.
    public func form(applying favorite: Favorite, to current: JobForm) -> JobForm {
        var form = JobForm(editing: favorite.setup)
        form.areaText = current.areaText
        return form
    }

    /// One line that tells favorites apart: "150 l/ha · 800 l · Herbicyd 1,5 l/ha · Equal loads".
    public func summary(of favorite: Favorite) -> String {
        let format = NumberFormat.current
        func number(_ value: Decimal) -> String { format.string(value, maxFractionDigits: 4) }
        let setup = favorite.setup
        var parts = [number(setup.sprayRate) + " l/ha", number(setup.tankCapacity) + " l"]
        parts += setup.products.enumerated().map { index, product in
            setup.displayName(ofProduct: index) + " "
                + number(product.rate) + " " + product.unit.symbol
        }
        parts.append(LoadSummary.strategyName(setup.strategy))
        return parts.joined(separator: " · ")
    }

    public enum SaveProblem: Error, Equatable {
        /// The setup has problems (spray volume, tank, rates) to fix before it can be kept.
        case invalidSetup([FieldError])
        case storage(String)

        public var message: String {
            switch self {
            case let .invalidSetup(errors):
                var fields: [String] = []
                for error in errors {
                    let name = switch error.field {
                    case .sprayRate: tr("spray volume")
                    case .tankCapacity: tr("tank capacity")
                    default: tr("product rates")
                    }
                    if !fields.contains(name) { fields.append(name) }
                }
                return tr("To save a favorite, first correct: %@.").filled(fields.joined(separator: ", "))
            case let .storage(message):
                return message
            }
        }
    }

    private func perform(_ change: () throws -> Void) -> Result<Void, SaveProblem> {
        do {
            try change()
            return .success(())
        } catch {
            return .failure(.storage((error as? LocalizedMessage)?.message ?? tr("The favorites could not be saved.")))
        }
    }
}
