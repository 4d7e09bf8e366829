// The register of products kept in the data folder, official-register.bin: one line of text
// naming the format, its version, the length of what follows unpacked and (from version 2) the
// number of products, then the register as
// JSON packed with raw deflate — tens of thousands of uses in less room than the ministry's
// workbook (docs/register-format.md). Replaced whole and atomically by each import; read only
// when something asks for it, never at start-up.

import FarmModel
import FileFormats
import FoundationEssentials
import SprayBase
import SprayMix

package enum OfficialRegisterStore {
    package static let format = "kalkulator-oprysku/official-register"
    /// 2: the date is the release's; a register of version 1 dated itself by its rows, so
    /// its date is not read. 3: a product may have dates that cannot be read
    /// (`unreadable_dates`; an older version would take it for a product still current),
    /// its holder, packs, reference product and marks. Versions 1 and 2 read as they are.
    package static let version = 3

    /// Why the kept register cannot be read.
    package enum Problem: Error, Equatable, Sendable, LocalizedMessage {
        case storage(StorageError)
        case newerVersion(Int)
        case damaged(String)

        package var message: String {
            switch self {
            case let .storage(error): error.message
            case let .newerVersion(found):
                tr("The register of products kept here comes from a newer version of Kalkulator Oprysku (format %@); import the register file again.")
                    .filled(String(found))
            case let .damaged(path):
                tr("The register of products kept in %@ is damaged; import the register file again.").filled(path)
            }
        }
    }

    /// The register kept at `file`, nil when none was imported.
    package static func load(_ file: URL) throws(Problem) -> OfficialRegister? {
        let bytes: [UInt8]
        do {
            guard let read = try POSIXFile.read(file.path) else { return nil }
            bytes = read
        } catch .cannotRead(_, errno: 20 /* ENOTDIR */) {
            // No data folder at all (a file in its place): the stores say so; no register is kept.
            return nil
        } catch {
            throw .storage(error)
        }
        return try decode(bytes, path: file.path)
    }

    /// The register kept in `bytes` (the file at `path`, for the messages).
    static func decode(_ bytes: [UInt8], path: String) throws(Problem) -> OfficialRegister {
        guard let newline = bytes.prefix(200).firstIndex(of: UInt8(ascii: "\n")) else { throw .damaged(path) }
        let head = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
        guard head.count >= 3, head[0] == format, let version = Int(head[1]), let size = Int(head[2]) else { throw .damaged(path) }
        guard version <= Self.version else { throw .newerVersion(version) }
        guard size <= POSIXFile.defaultReadLimit,
              let json = ZipReader.inflated(bytes[(newline + 1)...], size: size) else { throw .damaged(path) }
        // Read by the rule `save` writes by (Timestamp, never Foundation's ISO 8601 reader, which
        // counts days before 1582 on the Julian calendar and refuses a fraction of a second),
        // in one pass, building nothing but the register (OfficialRegister+KeptJSON).
        guard var register = try? OfficialRegister.read(keptJSON: json) else { throw .damaged(path) }
        if version < 2 { register.date = nil }
        return register
    }

    /// Keeps `register` at `file`, replacing what was there in one atomic write.
    /// The new bytes are read back first: a register they do not hold again (a date this
    /// version writes and cannot read) leaves the one kept as it was.
    package static func save(_ register: OfficialRegister, to file: URL) throws(StorageError) {
        let json = Array(json(of: register).utf8)
        let bytes = Array("\(format) \(version) \(json.count) \(register.products.count)\n".utf8) + ZipWriter.deflate(json, fast: true)
        guard let again = try? decode(bytes, path: file.path), again.date == register.date, again.source == register.source,
              again.products == register.products else {
            throw .notReadBack(path: file.path)
        }
        try POSIXFile.createDirectories(POSIXFile.directory(of: file.path))
        try POSIXFile.writeAtomically(bytes, to: file.path)
    }

    /// Reads the register from `paths` (files, a folder, a ZIP of a release; the limits of
    /// every file given to the app) and keeps it at `file`: `register import` and the library
    /// window's Import the Register…. Files that are not the register throw
    /// OfficialRegisterImportError, and so does a register of fewer than half the products of
    /// the one kept unless `replacingSmaller`; the kept one then stays as it was.
    package static func importFiles(_ paths: [String], keptAt file: URL, replacingSmaller: Bool = false,
                                   now: Date = Clock.system.now) throws -> RegisterImport {
        let imported = try RegisterRelease.read(try RegisterFiles.read(paths), importedAt: now)
        if !replacingSmaller, let kept = productCount(at: file), imported.register.products.count * 2 < kept {
            throw OfficialRegisterImportError.muchSmaller(products: imported.register.products.count, kept: kept)
        }
        try save(imported.register, to: file)
        return imported
    }

    /// How many products the register kept at `file` has, from its first line (version 2)
    /// without unpacking it; nil when none is kept or it cannot be read.
    static func productCount(at file: URL) -> Int? {
        guard let bytes = try? POSIXFile.read(file.path, limit: 64 * 1024 * 1024),
              let newline = bytes.prefix(200).firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let head = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
        if head.count == 4, head[0] == format, let count = Int(head[3]) { return count }
        do { return try load(file)?.products.count } catch { return nil }
    }

    /// The register as the JSON that `load` decodes, keys sorted, members without a value left
    /// out: written by hand, as JSONEncoder took most of an import's time.
    static func json(of register: OfficialRegister) -> String {
        var out = ""
        out.reserveCapacity(register.useCount * 300 + 1000)
        /// An object of `members` (key, the value's JSON or nil to leave it out), keys in order.
        func object(_ members: [(String, String?)]) {
            out += "{"
            var first = true
            for case let (key, value?) in members {
                out += (first ? "\"" : ",\"") + key + "\":" + value
                first = false
            }
            out += "}"
        }
        func quoted(_ text: String) -> String {
            var value = ""
            JSONValue.appendQuoted(text, to: &value)
            return value
        }
        func date(_ day: CalendarDate?) -> String? { day.map { "\"" + $0.description + "\"" } }
        var products = "["
        for (index, product) in register.products.enumerated() {
            if index > 0 { products += "," }
            var uses = "["
            for (number, use) in product.uses.enumerated() {
                if number > 0 { uses += "," }
                swap(&out, &uses)
                object([("bbch_from", use.bbchFrom.map(String.init)), ("bbch_to", use.bbchTo.map(String.init)), ("crop", quoted(use.crop)),
                        ("dose_text", quoted(use.doseText)), ("dose_unit", use.doseUnit.map { quoted($0.rawValue) }),
                        ("eppo", use.eppo.map(quoted)), ("interval_days", use.intervalDays.map(String.init)),
                        ("joint_use", use.jointUse.map(quoted)), ("max_dose", use.maxDose.map(\.description)),
                        ("max_treatments", use.maxTreatments.map(String.init)),
                        ("methods", use.methods.map(quoted)), ("minor_use", use.minorUse.map { $0 ? "true" : "false" }),
                        ("pests", quoted(use.pests)), ("timing", quoted(use.timing))])
                swap(&out, &uses)
            }
            uses += "]"
            swap(&out, &products)
            let packages = product.packages.map { list in
                "[" + list.map { "{\"size\":" + $0.size.description + ",\"unit\":\"" + $0.unit.rawValue + "\"}" }.joined(separator: ",") + "]"
            }
            let marks = product.marks.map { marks in
                "{" + marks.all.map { "\"" + $0.name + "\":" + ($0.isSet ? "true" : "false") }.joined(separator: ",") + "}"
            }
            let unreadable = product.unreadableDates.map { dates in
                "{" + dates.keys.sorted().map { quoted($0) + ":" + quoted(dates[$0]!) }.joined(separator: ",") + "}"
            }
            object([("authorisation", quoted(product.authorisation)), ("authorised_until", date(product.authorisedUntil)),
                    ("holder", product.holder.map(quoted)), ("kind", quoted(product.kind)), ("label_page", product.labelPage.map(quoted)),
                    ("marks", marks), ("name", quoted(product.name)), ("packages", packages), ("packs_text", product.packsText.map(quoted)),
                    ("producer", product.producer.map(quoted)), ("reference_product", product.referenceProduct.map(quoted)),
                    ("remarks", product.remarks.map(quoted)), ("sale_until", date(product.saleUntil)),
                    ("substances", quoted(product.substances)), ("unreadable_dates", unreadable), ("use_until", date(product.useUntil)),
                    ("uses", uses)])
            swap(&out, &products)
        }
        products += "]"
        object([("date", date(register.date)), ("imported_at", "\"" + Timestamp.utc(register.importedAt) + "\""),
                ("products", products), ("source", quoted(register.source))])
        return out
    }

    /// Forgets the register kept at `file`; true when there was one.
    @discardableResult
    package static func remove(_ file: URL) throws(StorageError) -> Bool {
        guard POSIXFile.exists(file.path) else { return false }
        try POSIXFile.remove(file.path)
        return true
    }
}
