// Writing a ZIP container for an .xlsx: each member deflated (zlib's raw deflate) with its
// CRC-32, local headers, the central directory and its end record. Names are UTF-8 and the
// members' times fixed (1 January 1980), so the same workbook gives the same bytes.

import CZlib

public enum ZipWriter {
    /// The ZIP of `members` (name and bytes), in the order given.
    public static func archive(_ members: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        var output: [UInt8] = []
        var directory: [UInt8] = []
        for member in members {
            let name = Array(member.name.utf8)
            let compressed = deflate(member.bytes)
            let crc = member.bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
            let offset = UInt32(output.count)
            // Version 2.0, bit 11: UTF-8 names; method 8: deflate; time 00:00, date 1980-01-01.
            let common: [UInt8] = le16(20) + le16(0x0800) + le16(8) + le16(0) + le16(0x21) + le32(crc)
                + le32(UInt32(compressed.count)) + le32(UInt32(member.bytes.count)) + le16(UInt16(name.count)) + le16(0)
            output += le32(0x0403_4B50) + common + name + compressed
            directory += le32(0x0201_4B50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + name
        }
        let directoryOffset = UInt32(output.count)
        output += directory
        output += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(members.count)) + le16(UInt16(members.count))
            + le32(UInt32(directory.count)) + le32(directoryOffset) + le16(0)
        return output
    }

    /// `bytes` as raw deflate data; `fast` trades a little size for much less time.
    public static func deflate(_ bytes: [UInt8], fast: Bool = false) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, fast ? Z_BEST_SPEED : Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else { fatalError("zlib could not start deflating") }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        let status = stream.finish(bytes, into: &output, CZlib.deflate)
        // deflateBound is enough room for one Z_FINISH: anything else is a bug in this code.
        precondition(status == Z_STREAM_END, "deflate did not finish: \(status)")
        return Array(output.prefix(Int(stream.total_out)))
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

    private static func le32(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }
}
