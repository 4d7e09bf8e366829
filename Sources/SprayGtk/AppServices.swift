// What the windows share for the life of the app: the one farm every window opens its
// view-model on, the calculator's state (it survives window rebuilds, e.g. a language
// switch), the favourites, and the work the app does in the background for the farm: reading
// the register and the records on another core, the farm folder's merges and the second copy.

import Dispatch
import FarmContext
import FarmExchange
import FarmModel
import SprayBase
import SprayViewModels

@MainActor
public final class AppServices {
    /// The farm: every part opened when first needed.
    public let farm: Farm
    public let calculator: CalculatorViewModel
    public let favorites: FavoritesViewModel
    /// Opens the help's pages (tests pass one that records them).
    public let help: any HelpLauncher
    private var watchesRecords = false

    public init(farm: Farm, help: any HelpLauncher = SystemHelpLauncher()) {
        self.farm = farm
        self.help = help
        calculator = CalculatorViewModel(farm: farm)
        favorites = FavoritesViewModel(farm: farm)
    }

    /// The farm of the user's data and config directories (or the test overrides). The
    /// treatment records are read on another core (RecordPreload): at once with
    /// `preloadingRecords` (the register opens with the program), else once the window is up.
    public static func standard(preloadingRecords: Bool = false) -> AppServices {
        var opening = Farm.Opening.files(.current)
        let startReading = opening.preloadRecords(startingNow: preloadingRecords)
        let services = AppServices(farm: Farm(opening))
        services.startReadingRecords = startReading
        return services
    }

    /// Starts the records' reading on another core, until called (`preloadRecords`).
    private var startReadingRecords: (() -> Void)?

    /// Starts reading the records on another core, if they are not read yet.
    func preloadRecords() {
        startReadingRecords?()
        startReadingRecords = nil
    }

    /// The treatment records, watched from their first use: their first change of a day makes
    /// the day's second copy (when a folder is chosen for it), and any change is sent to the
    /// farm folder a second later.
    public var records: any RecordBook {
        let records = farm.records
        guard !watchesRecords else { return records }
        watchesRecords = true
        records.observe(by: self) { [weak self] in
            self?.farm.secondCopy.recordsChanged()
            // Sent a second later, gathered with the changes that follow (a grid saves many
            // records at once): digesting 10 000 records is not for every save's moment.
            if self?.sharing.recordsChanged() == true { self?.mergeSoon() }
        }
        return records
    }

    /// The record shared with the farm's other computers through a folder (Preferences).
    public var sharing: FarmSharing { farm.sharing }

    /// Merges the farm folder when it changes and when `mergeSoon` is called.
    private(set) lazy var folderWatch = FolderWatch { [weak self] in
        guard let self else { return }
        mergeInBackground()
    }

    /// Merges the farm folder on another core: the window goes on meanwhile (a farm's 10 000
    /// records take a second to join), and takes the result at once when it is done.
    func mergeInBackground() {
        guard let merge = sharing.beginMerge() else { return }
        DispatchQueue.global(qos: .utility).async {
            let result = merge.run()
            runOnMainLoop { [weak self] in
                if self?.sharing.finishMerge(result) == true { self?.mergeSoon() }
            }
        }
    }

    /// A merge of the farm folder a second from now (gathered with any other asked for meanwhile).
    public func mergeSoon() {
        guard sharing.folder != nil else { return }
        folderWatch.soon()
    }

    /// The store of products: read after the first frame (with the ministry's register, or
    /// when the store window first opens); the calculator's "to buy" card follows it.
    func followStock() {
        guard !followsStock else { return }
        followsStock = true
        _ = records
        calculator.followStock()
    }
    private var followsStock = false

    /// Reads the register kept here on another core — a moment after the start, never before
    /// the first frame — and gives it to the farm: the calculator and the forms then check by it.
    public func readOfficialRegister() {
        let reading = farm.registerReading
        DispatchQueue.global(qos: .utility).async {
            let index = reading()
            runOnMainLoop { [weak self] in
                guard let self else { return }
                if !farm.hasReadRegister { farm.register = index }
                followStock()
            }
        }
    }

    /// The history window's state; made when the window first opens.
    public private(set) lazy var historyModel = HistoryViewModel(farm: farm)
    /// The register window's state; made when the window first opens.
    public private(set) lazy var registerModel: RegisterViewModel = {
        _ = records
        return RegisterViewModel(farm: farm)
    }()

    public var dataDeletion: DataDeletion {
        DataDeletion(farm: farm, keptCopies: BackupViewModel(farm: farm).keptCopies(secondCopyFolder: farm.settings.settings.copyFolder))
    }

    /// Messages about stored files (moved aside, newer version, unreadable) for the banner.
    public var notices: [String] { farm.notices }
}
