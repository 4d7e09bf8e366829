import FoundationEssentials

/// An error that carries a message for the user.
public protocol LocalizedMessage: Error {
    var message: String { get }
}

/// The user's message of `error`, or a general one for errors that carry none.
public func userMessage(_ error: Error) -> String {
    (error as? LocalizedMessage)?.message ?? tr("Something went wrong: %@").filled(String(describing: error))
}
