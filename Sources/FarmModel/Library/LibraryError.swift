import FoundationEssentials
import SprayBase

public enum LibraryError: Error, Equatable, Sendable, LocalizedMessage {
    case emptyName
    case nameTaken(String)
    /// The item called so breaks a rule of the library.
    case refused(String, LibraryProblem)
    /// `why`: where its JSON goes wrong, when it does.
    case notALibrary(path: String, why: String?)
    case newerLibrary(path: String)
    /// The item was deleted meanwhile (in another window or by a command).
    case gone

    public var message: String {
        switch self {
        case .emptyName: tr("Enter a name")
        case let .refused(name, problem): tr("“%1$@” cannot be saved: %2$@").filled(FreeText.displayable(name.trimmedWhitespace), problem.text)
        case let .nameTaken(name): tr("“%@” is already in the library: choose another name, or edit that one.").filled(FreeText.displayable(name))
        case let .notALibrary(path, nil): tr("%@ is not a library exported by Kalkulator Oprysku.").filled(path)
        case let .notALibrary(path, why?): tr("%1$@ is not a library exported by Kalkulator Oprysku: %2$@.").filled(path, why)
        case .gone: tr("This item is no longer in the library: it was deleted in another window or program.")
        case let .newerLibrary(path): tr("%@ comes from a newer version of Kalkulator Oprysku: update the app to import it.").filled(path)
        }
    }
}
