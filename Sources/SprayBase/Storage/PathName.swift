// Names of files and folders are bytes; a Swift String holds only UTF-8 text. A name that is
// not UTF-8 would be "repaired" (each bad byte becoming U+FFFD) into another name — two
// different folders into one, an existing file into one that does not exist. So such a name
// is never used: every door (the command line's arguments, the environment's folders, a file
// dialog's choice) takes it through here and refuses it, naming where it came from.

public enum PathName {
    /// The name as text, exactly; nil when its bytes are not UTF-8.
    public static func text(_ bytes: some Collection<UInt8>) -> String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// The name at `pointer` (a C string) as text, exactly; nil when it is not UTF-8.
    public static func text(cString pointer: UnsafePointer<CChar>) -> String? {
        String(validatingCString: pointer)
    }

    /// What the window says when the file or folder chosen in a dialog has such a name.
    public static var chosenNotText: String {
        tr("The name of the file or folder chosen is not UTF-8 text, so it cannot be used as it is. Rename it or choose another.")
    }

    /// A variable of the environment (`HOME`, `KALKULATOR_OPRYSKU_DATA_DIR`, …) naming a folder
    /// that is not UTF-8 text.
    public static func variableNotText(_ name: String) -> String {
        tr("%@: the folder’s name is not UTF-8 text; rename the folder or set the variable to another").filled(name)
    }
}

/// A variable of the environment that names a folder the app would use, and is not UTF-8 text.
public struct UndecodableVariable: Error, Equatable, Sendable {
    public var name: String
    public init(name: String) { self.name = name }
    public var message: String { PathName.variableNotText(name) }
}
