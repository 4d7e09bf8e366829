import FoundationEssentials
import SprayBase

public enum RecordError: Error, Equatable, Sendable, LocalizedMessage {
    case notFound
    case withdrawn
    case withdrawalNeedsReason
    case tooRecentToRemove
    case invalidDraft(String)

    public var message: String {
        switch self {
        case .notFound: tr("This record is no longer in the register: it was removed in another window or program.")
        case .withdrawn: tr("This record was withdrawn, so it cannot be changed.")
        case .withdrawalNeedsReason: tr("Say why the record is withdrawn.")
        case .tooRecentToRemove:
            tr("A record must be kept for 3 years after the treatment: withdraw it instead of removing it.")
        case let .invalidDraft(problem): problem
        }
    }
}
