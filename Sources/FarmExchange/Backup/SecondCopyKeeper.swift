// When the second copy is made, and what the app says of it: told when the records change
// (the first change of a day makes the day's copy) and when the app quits (the day's copy
// made again, with the day's last changes); the folder chosen in Preferences; a problem
// said once, not at every change; the register's line on the last copy, a warning when
// there has been none for 30 days while the records changed.

import FarmModel
import FarmStores
import FoundationEssentials
import SprayBase

@MainActor
public final class SecondCopyKeeper {
    private let settings: SettingsStore
    private let locations: DataLocations
    private let clock: Clock
    /// What went wrong with the last copy, until it is said; nil once said or when it worked.
    public private(set) var notice: String?
    private var lastProblem: SecondCopy.Problem?

    /// How long without a copy, while records change, before the register warns.
    public static let warningDays = 30

    package init(settings: SettingsStore, locations: DataLocations = .current, clock: Clock = .system) {
        self.settings = settings
        self.locations = locations
        self.clock = clock
    }

    public var folder: String? { settings.settings.copyFolder }

    private var copy: SecondCopy? { folder.map { SecondCopy(folder: $0, locations: locations) } }

    /// Keeps the copy in `path` from now on (nil: no second copy), and makes one there now.
    /// Returns what to tell the user.
    public func setFolder(_ path: String?) -> String {
        do {
            try settings.update { $0.copyFolder = path }
        } catch {
            return userMessage(error)
        }
        guard path != nil else { return tr("No second copy is kept now.") }
        return make(again: true).map { tr("A copy was made: %@").filled($0) } ?? notice ?? ""
    }

    /// The records changed: today's copy, if there is none yet.
    public func recordsChanged() { make(again: false) }

    /// The app quits: today's copy again, with the day's last changes.
    public func appQuits() { make(again: true) }

    /// The notice, once: the caller shows it.
    public func takeNotice() -> String? {
        defer { notice = nil }
        return notice
    }

    @discardableResult
    private func make(again: Bool) -> String? {
        guard let copy else { return nil }
        do {
            let path = try copy.write(on: clock.today, now: clock.now, again: again)
            lastProblem = nil
            if path != nil, settings.settings.copyMadeOn != clock.today.description {
                try? settings.update { $0.copyMadeOn = clock.today.description }
            }
            return path
        } catch {
            // Said once: the same problem at the next change (the stick still out) is not news.
            if error != lastProblem { notice = error.message }
            lastProblem = error
            return nil
        }
    }

    /// The register's line: where the last copy is and when it was made, or that there is
    /// none; `warning` when there has been none for 30 days while the records changed
    /// (`lastChange`: the day of the latest change to a record).
    public func status(lastChange: CalendarDate?) -> (text: String, warning: Bool) {
        guard let copy else {
            return (tr("No copy is kept off this computer: choose a folder (a USB stick) in Preferences → Also keep a copy in…"),
                    lastChange != nil)
        }
        let now = clock.today
        let remembered = settings.settings.copyMadeOn.flatMap(CalendarDate.init(parsing:))
        guard let last = [copy.lastCopy, remembered].compactMap({ $0 }).max() else {
            return (tr("No copy in %@ yet: it is made when the folder is there and the records change.").filled(copy.folder), lastChange != nil)
        }
        let days = now.daysSinceEpoch - last.daysSinceEpoch
        if days >= Self.warningDays, let lastChange, lastChange > last {
            return (trn("No copy in %2$@ for %1$d day while the records changed: plug in the USB stick or check the folder.",
                        "No copy in %2$@ for %1$d days while the records changed: plug in the USB stick or check the folder.", days)
                        .filled(String(days), copy.folder), true)
        }
        return (tr("Last copy in %1$@: %2$@.").filled(copy.folder, last.typedText(in: Translation.current.language)), false)
    }
}
