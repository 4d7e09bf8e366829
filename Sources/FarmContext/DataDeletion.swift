// "Delete all data" in Preferences: what exactly goes (named with counts and file paths,
// for the confirmation) and doing it — the history, the treatment records, the library,
// the favorites and the preferences.

import FarmExchange
import FarmModel
import FarmStores
import FoundationEssentials
import SprayBase

@MainActor
public struct DataDeletion {
    let farm: Farm
    private var history: HistoryStore { farm.historyStore }
    private var records: RecordStore { farm.recordStore }
    private var library: LibraryStore { farm.libraryStore }
    private var favorites: FavoritesStore { farm.favoritesStore }
    private var settings: SettingsStore { farm.settingsStore }
    /// The rows typed in Transcribe from Paper and not saved yet.
    private var transcription: TranscriptionStore? { farm.transcriptionStore }
    /// The farm store's entries (nil where the farm keeps none).
    private var stock: StockStore? { farm.stockStore }
    /// sync.json beside the records: forgotten, so that deleting here removes nothing elsewhere.
    private var sharing: SyncStateStore { SyncStateStore(file: farm.locations.syncStateFile) }
    /// The copies the app keeps that Delete All Data leaves where they are.
    let keptCopies: [KeptCopy]

    /// What deleting everything of `farm` takes, and leaves: `keptCopies`.
    public init(farm: Farm, keptCopies: [KeptCopy] = []) {
        self.farm = farm
        self.keptCopies = keptCopies
    }

    /// One line per thing deleted, each naming its file.
    public var whatGoes: [String] {
        let libraryCount = library.library.products.count + library.library.fields.count + library.library.sprayers.count
        let calculations = history.entries.count, saved = favorites.favorites.count, treatments = records.records.count
        return [
            trn("%1$@ calculation in the history (%2$@)", "%1$@ calculations in the history (%2$@)", calculations)
                .filled(String(calculations), history.url.path),
            trn("%1$@ treatment record — the register the law asks to keep for 3 years (%2$@)",
                "%1$@ treatment records — the register the law asks to keep for 3 years (%2$@)", treatments)
                .filled(String(treatments), records.url.path)
                + (records.dailyCopies.isEmpty ? "" : ", " + trn("and its %1$@ daily copy (%2$@)", "and its %1$@ daily copies (%2$@)",
                                                                   records.dailyCopies.count)
                    .filled(String(records.dailyCopies.count), POSIXFile.directory(of: records.dailyCopies[0]))),
            trn("%1$@ product, field or sprayer in the library (%2$@)", "%1$@ products, fields and sprayers in the library (%2$@)",
                libraryCount).filled(String(libraryCount), library.url.path),
            trn("%1$@ favorite (%2$@)", "%1$@ favorites (%2$@)", saved).filled(String(saved), favorites.url.path),
            tr("the preferences: language and theme (%@)").filled(settings.url.path),
        ] + (sharing.state?.folder == nil ? [] : [tr("the sharing of the record with other computers (%@); their journals in the farm folder stay")
            .filled(sharing.url.path)])
        + (stock.map { store in [trn("%1$@ entry of the store of products (%2$@)", "%1$@ entries of the store of products (%2$@)",
                                      store.entries.count).filled(String(store.entries.count), store.url.path)] } ?? [])
        + (transcription.map { $0.rows.isEmpty ? [] : [trn("%1$@ row typed in Transcribe from Paper, not saved yet (%2$@)",
                                                             "%1$@ rows typed in Transcribe from Paper, not saved yet (%2$@)", $0.rows.count)
                .filled(String($0.rows.count), $0.url.path)] } ?? [])
    }

    /// The copies that stay (kept before a restore, damaged files set aside, the second
    /// copies): a line per kind, for the question to say what is not deleted.
    public var whatStays: [String] {
        func line(_ kind: KeptCopy.Kind, _ text: (Int) -> String) -> String? {
            let copies = keptCopies.filter { $0.kind == kind }
            guard let first = copies.first else { return nil }
            return text(copies.count).filled(String(copies.count), POSIXFile.directory(of: first.path))
        }
        return [
            line(.beforeRestore) { trn("%1$@ file kept before a restore (%2$@)", "%1$@ files kept before a restore (%2$@)", $0) },
            line(.setAside) { trn("%1$@ damaged file set aside (%2$@)", "%1$@ damaged files set aside (%2$@)", $0) },
            line(.second) { trn("%1$@ second copy (%2$@)", "%1$@ second copies (%2$@)", $0) },
        ].compactMap { $0 }
    }

    /// Deletes everything; the messages of what could not be deleted (empty when all went).
    public func perform() -> [String] {
        var problems: [String] = []
        // First: a merge meanwhile must not tell the other computers of records going away.
        do { try sharing.update { $0 = nil } } catch { problems.append(userMessage(error)) }
        do { _ = try history.clear() } catch { problems.append(userMessage(error)) }
        do { _ = try records.removeAll() } catch { problems.append(userMessage(error)) }
        do { _ = try library.removeAll() } catch { problems.append(userMessage(error)) }
        do { try stock?.removeAll() } catch { problems.append(userMessage(error)) }
        do { try favorites.deleteAll() } catch { problems.append(userMessage(error)) }
        do { try settings.update { $0 = Settings() } } catch { problems.append(userMessage(error)) }
        do { try transcription?.keep([]) } catch { problems.append(userMessage(error)) }
        return problems
    }
}
