// A farm of its own files for a test: the data and config folders one folder, on the clock the
// test gives. A test reaches the farm's data as a door does, through `Farm` and its books.

import FarmContext
import FarmModel
import FoundationEssentials
import SprayBase

extension Farm {
    /// The farm of the files in `folder` (created when missing).
    public static func inFolder(_ folder: URL, clock: Clock = .system) -> Farm {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return Farm(locations: .inFolder(folder), clock: clock)
    }
}

extension DataLocations {
    /// Data and config both in `folder`.
    public static func inFolder(_ folder: URL) -> DataLocations {
        DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": folder.path, "KALKULATOR_OPRYSKU_CONFIG_DIR": folder.path])
    }
}

extension Farm {
    /// The farm of `folder` whose library holds `library`'s items and, when given, whose register is `register`.
    public static func inFolder(_ folder: URL, library: Library, register: OfficialRegisterIndex? = nil, clock: Clock = .system) throws -> Farm {
        try Farm.inFolder(folder, clock: clock).with(library, register: register)
    }
}

extension Farm {
    /// Keeps `library`'s items in the farm's library (and `register` as its register): what a
    /// test's door then finds there.
    @discardableResult
    public func with(_ library: Library, register: OfficialRegisterIndex? = nil) throws -> Farm {
        let items: [LibraryItem] = library.products.map { .product($0) } + library.fields.map { .field($0) }
            + library.sprayers.map { .sprayer($0) } + library.operators.map { .operator($0) }
        for item in items { _ = try libraryBook.put(item) }
        if let register { self.register = register }
        return self
    }
}
