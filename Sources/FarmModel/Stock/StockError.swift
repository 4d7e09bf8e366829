import FoundationEssentials
import SprayBase

public enum StockError: Error, Equatable, Sendable, LocalizedMessage {
    case invalid([StockProblem])
    case notFound
    case withdrawn
    case withdrawalNeedsReason
    case notAnExport
    /// Entries of an export that cannot be read, by place (1 is the first).
    case unreadable([Int])

    public var message: String {
        switch self {
        case let .invalid(problems): problems.map(\.text).joined(separator: "\n")
        case .notFound: tr("This stock entry is no longer in the store: it was changed in another window or program.")
        case .withdrawn: tr("This stock entry was withdrawn, so it cannot be changed.")
        case .withdrawalNeedsReason: tr("Say why the stock entry is withdrawn.")
        case .notAnExport: tr("This is not a stock file of Kalkulator Oprysku.")
        case let .unreadable(places):
            trn("Stock entry number %@ cannot be read; nothing was taken.", "Stock entries number %@ cannot be read; nothing was taken.", places.count)
                .filled(places.map(String.init).joined(separator: ", "))
        }
    }
}
