import FoundationEssentials
import SprayBase

/// Why a history change was refused.
public enum HistoryError: Error, Equatable, Sendable, LocalizedMessage {
    /// The entry was deleted meanwhile (in another window or process).
    case entryNotFound
    /// A number of the job is not a finite decimal, so it cannot be written.
    case notStorable

    public var message: String {
        switch self {
        case .entryNotFound: tr("This entry is no longer in the history: it was deleted in another window or program.")
        case .notStorable: tr("This calculation cannot be saved in the history: one of its numbers is not valid.")
        }
    }
}
