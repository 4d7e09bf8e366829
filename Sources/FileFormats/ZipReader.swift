// Reading the ZIP container of an .xlsx or .ods file: the central directory at the end names
// each member, its offset and sizes; a member is stored or deflated (zlib's raw inflate).
// Only what spreadsheets use: no encryption, no ZIP64, no spanning.

import CZlib
import FoundationEssentials

public enum ZipError: Error, Equatable, Sendable {
    /// Not a ZIP file, or its directory cannot be read.
    case notAZip
    /// A member the reader needs is not in the file.
    case missingMember(String)
    /// A member's data does not inflate to its size, fails its CRC, or its method is not
    /// stored or deflated.
    case damagedMember(String)
    /// A member larger than `ZipReader.memberLimit`, or packed more tightly than
    /// `ZipReader.ratioLimit` (a ZIP bomb): refused before it is inflated.
    case memberTooLarge(String)
}

/// The members of a ZIP file held in memory, read on demand.
public struct ZipReader: Sendable {
    private let bytes: [UInt8]
    /// Member name → where its local header is, its method and sizes.
    private let members: [String: Member]

    private struct Member: Sendable {
        var localHeader: Int
        var method: UInt16
        var crc: UInt32
        var compressedSize: Int
        var size: Int
    }

    /// The most one member may inflate to: a sheet of the ministry's whole register is tens of megabytes.
    public static let memberLimit = 256 * 1024 * 1024
    /// Spreadsheets' XML packs at most a few hundred to one; a member of over a megabyte packed
    /// tighter than this is a bomb, not a sheet.
    public static let ratioLimit = 400

    public init(bytes: [UInt8]) throws(ZipError) {
        self.bytes = bytes
        // The end-of-central-directory record: its signature in the last 64 KiB + 22 bytes.
        let lowest = max(0, bytes.count - 65_557)
        var end = bytes.count - 22
        while end >= lowest, !(bytes[end] == 0x50 && bytes[end + 1] == 0x4B && bytes[end + 2] == 0x05 && bytes[end + 3] == 0x06) {
            end -= 1
        }
        guard end >= lowest, end >= 0 else { throw .notAZip }
        let count = Int(Self.uint16(bytes, end + 10))
        var offset = Int(Self.uint32(bytes, end + 16))
        var members: [String: Member] = [:]
        for _ in 0..<count {
            guard offset + 46 <= bytes.count, Self.uint32(bytes, offset) == 0x0201_4B50 else { throw .notAZip }
            let nameLength = Int(Self.uint16(bytes, offset + 28))
            let extraLength = Int(Self.uint16(bytes, offset + 30)), commentLength = Int(Self.uint16(bytes, offset + 32))
            guard offset + 46 + nameLength <= bytes.count else { throw .notAZip }
            let name = String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
            members[name] = Member(localHeader: Int(Self.uint32(bytes, offset + 42)), method: Self.uint16(bytes, offset + 10),
                                   crc: Self.uint32(bytes, offset + 16), compressedSize: Int(Self.uint32(bytes, offset + 20)), size: Int(Self.uint32(bytes, offset + 24)))
            offset += 46 + nameLength + extraLength + commentLength
        }
        self.members = members
    }

    public var names: [String] { members.keys.sorted() }

    public func contains(_ name: String) -> Bool { members[name] != nil }

    /// The size the member `name` says it inflates to, before anything is inflated.
    public func size(of name: String) -> Int? { members[name]?.size }

    /// Whether the ZIP is a spreadsheet (an .xlsx or an .ods) rather than an archive of files.
    public var isSpreadsheet: Bool { contains("xl/workbook.xml") || contains("content.xml") }

    /// The bytes of the member `name`, inflated — never more than its declared size, which
    /// is checked against the limits first — and checked against its CRC.
    public func data(of name: String) throws(ZipError) -> [UInt8] {
        guard let member = members[name] else { throw .missingMember(name) }
        guard member.size <= Self.memberLimit,
              member.size <= 1024 * 1024 || member.size / max(member.compressedSize, 1) <= Self.ratioLimit else {
            throw .memberTooLarge(name)
        }
        let header = member.localHeader
        guard header + 30 <= bytes.count, Self.uint32(bytes, header) == 0x0403_4B50 else { throw .damagedMember(name) }
        let start = header + 30 + Int(Self.uint16(bytes, header + 26)) + Int(Self.uint16(bytes, header + 28))
        guard start + member.compressedSize <= bytes.count else { throw .damagedMember(name) }
        let compressed = bytes[start..<(start + member.compressedSize)]
        let data: [UInt8]
        switch member.method {
        case 0:
            guard member.compressedSize == member.size else { throw .damagedMember(name) }
            data = Array(compressed)
        case 8:
            guard let inflated = Self.inflated(compressed, size: member.size) else { throw .damagedMember(name) }
            data = inflated
        default:
            throw .damagedMember(name)
        }
        // A byte changed on the way (a bad disk, a cut download) would read as another dose.
        let crc = data.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
        guard crc == member.crc else { throw .damagedMember(name) }
        return data
    }

    /// Raw deflate data inflated to exactly `size` bytes (never more), or nil.
    public static func inflated(_ input: ArraySlice<UInt8>, size: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: max(size, 1))
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        let status = stream.finish(Array(input), into: &output, CZlib.inflate)
        guard status == Z_STREAM_END, Int(stream.total_out) == size else { return nil }
        return size == 0 ? [] : output
    }

    private static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}
