// The window's side of the farm folder (FarmSync): Preferences → Share the Record Through a
// Folder… and Stop Sharing; the merge the window runs when the app starts, when the register
// comes to the front, when the folder changes and after a change of the records here; the register's line
// "Shared with: Ciągnik (last change 5 min ago)"; a problem (the folder gone, a journal
// that cannot be read) said once, not at every merge.

import Dispatch
import FarmModel
import FarmStores
import FoundationEssentials
import SprayBase

@MainActor
public final class FarmSharing {
    private let sync: FarmSync
    private let farm: Farm
    /// The records, opened when first needed (not at start-up when nothing is shared).
    private var records: RecordStore { farm.recordStore }
    private var clock: Clock { farm.clock }
    /// Set while a merge runs: the records it changes call back, and must not ask for another.
    public private(set) var isMerging = false
    /// Set while the records take a merge's result: their change is the merge's, not a save here.
    private var isTakingResult = false
    /// The records changed here while a merge ran on another core: another merge sends them.
    private var changedMeanwhile = false
    /// What went wrong with the last merge, until said; and the problem it was, to say it once.
    public private(set) var notice: String?
    private var lastProblem: String?
    /// Called after every merge that changed something here, and when sharing starts or stops.
    public var onChange: (() -> Void)?
    /// What the windows show, as of the last merge: read while a merge runs (its changes to
    /// the records redraw the register), when the state's file is being changed.
    private var shown: (folder: String?, name: String?, computers: [SharingComputer])

    public init(farm: Farm) {
        sync = FarmSync(farm: farm)
        self.farm = farm
        shown = (sync.folder, sync.state?.name, sync.computers)
    }

    /// The folder shared through, if any.
    public var folder: String? { shown.folder }
    /// This computer's name as the others see it.
    public var computerName: String? { shown.name }

    /// Shares through `folder` from now on as `name`; what to tell the user.
    public func share(folder: String, name: String) -> (message: String, isError: Bool) {
        let name = name.trimmedWhitespace.isEmpty ? (computerName ?? tr("This computer")) : name
        if let problem = FarmSync.nameProblem(name) { return (tr("This computer's name") + ": " + problem.message, true) }
        do {
            let report = try sharing { try sync.share(folder: folder, name: name) }
            onChange?()
            return (tr("The record is shared through %1$@ as “%2$@”.").filled(folder, computerName ?? name) + " "
                    + report.summary, !report.problems.isEmpty)
        } catch {
            return (userMessage(error), true)
        }
    }

    public func stop() -> String {
        do {
            try sync.stop()
            shown = (nil, sync.state?.name, sync.computers)
            onChange?()
            return tr("The record is no longer shared; the folder stays as it is.")
        } catch {
            return userMessage(error)
        }
    }

    /// Sends what changed here and merges the others' changes, here and now; quiet when
    /// nothing changed. The window runs it on another core instead (`beginMerge`).
    public func merge() {
        guard let merge = beginMerge() else { return }
        _ = finishMerge(merge.run())
    }

    /// The records here changed (a save, an import): whether to merge soon — not while a merge
    /// runs (then after it), nor for the change a merge's result makes.
    public func recordsChanged() -> Bool {
        if isTakingResult { return false }
        if isMerging {
            changedMeanwhile = true
            return false
        }
        return true
    }

    /// A merge to run on another core, then to give to `finishMerge` on this one; nil when one
    /// runs already or nothing is shared. Meanwhile the records here stay as they were.
    public func beginMerge() -> BackgroundMerge? {
        guard !isMerging, shown.folder != nil else { return nil }
        isMerging = true
        return BackgroundMerge(locations: farm.locations, clock: clock)
    }

    /// Takes what a merge on another core did: the records as it wrote them (no second
    /// read: only the file's bytes are compared), what the windows show, and its problem.
    /// True when the records changed here meanwhile, so that another merge sends them.
    @discardableResult
    public func finishMerge(_ result: BackgroundMerge.Result) -> Bool {
        sync.stateStore.reload()
        shown = (sync.folder, sync.state?.name, sync.computers)
        isTakingResult = true
        // A save here while the merge ran may have come after its write: then read again.
        if let loaded = result.records, let previous = records.adopt(loaded, reread: changedMeanwhile) {
            // 10 000 records with their trails are many small buffers: freed on another core,
            // not in the window's time.
            DispatchQueue.global(qos: .utility).async { withExtendedLifetime(previous) {} }
        }
        isTakingResult = false
        isMerging = false
        defer { changedMeanwhile = false }
        guard let report = result.report else {
            say(result.failure)
            return changedMeanwhile
        }
        say(report.problems.isEmpty ? nil : report.problems.joined(separator: "\n"))
        if report.added + report.updated + report.removed + report.library > 0 { onChange?() }
        return changedMeanwhile
    }

    /// Runs `body` (a merge) marked as such, then takes what the windows show from its result.
    private func sharing<T>(_ body: () throws -> T) throws -> T {
        isMerging = true
        defer {
            isMerging = false
            shown = (sync.folder, sync.state?.name, sync.computers)
        }
        return try body()
    }

    public func takeNotice() -> String? {
        defer { notice = nil }
        return notice
    }

    /// "Shared with: Ciągnik (last change 5 min ago), Biuro (3 days ago)", or nil when not sharing.
    public var statusLine: String? {
        guard let folder = shown.folder else { return nil }
        let others = shown.computers.filter { !$0.isThisOne }
        guard !others.isEmpty else { return tr("Shared through %@; no other computer has written there yet.").filled(folder) }
        let moment = clock.now
        return tr("Shared with: %@").filled(others.map { computer in
            computer.shownName + " (" + tr("last change %@").filled(Self.ago(from: computer.lastChange, to: moment)) + ")"
        }.joined(separator: ", "))
    }

    /// "just now", "5 min ago", "3 h ago", "2 days ago".
    static func ago(from date: Date, to now: Date) -> String {
        let minutes = max(0, Int(now.timeIntervalSince(date) / 60))
        if minutes < 1 { return tr("just now") }
        if minutes < 60 { return trn("%d min ago", "%d min ago", minutes).filled(String(minutes)) }
        let hours = minutes / 60
        if hours < 24 { return trn("%d hour ago", "%d hours ago", hours).filled(String(hours)) }
        let days = hours / 24
        return trn("%d day ago", "%d days ago", days).filled(String(days))
    }

    private func say(_ problem: String?) {
        if let problem, problem != lastProblem { notice = problem }
        lastProblem = problem
    }
}

/// One merge of the farm folder, made on the main thread and run on any: it opens its own
/// store on the records file and its own view of sync.json, as a command would (the files'
/// locks keep it and the window from losing each other's changes).
public struct BackgroundMerge: Sendable {
    /// What it did, or why it failed; and the records file as it left it (nil when it did
    /// not change the records).
    public struct Result: Sendable {
        public var report: SyncReport?
        public var failure: String?
        let records: LoadedFile<TreatmentRecord>?
    }

    let locations: DataLocations
    let clock: Clock

    /// The farm of the same files, opened here on this core as a command opens it.
    public func run() -> Result {
        let farm = Farm(locations: locations, patience: .commandLine(waiting: { _ in }), clock: clock)
        do {
            let report = try FarmSync(farm: farm).syncNow()
            let changed = report.added + report.updated + report.removed > 0
            return Result(report: report, records: changed ? farm.recordStore.loadedFile : nil)
        } catch {
            return Result(failure: userMessage(error), records: nil)
        }
    }
}
