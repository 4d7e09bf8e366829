// One pass over bytes as UTF-8: where the first byte that breaks it is (overlong forms,
// surrogates and scalars past U+10FFFF break it too), and how many well-formed sequences
// spell letters of Latin-1 or Latin Extended-A, or general punctuation — what a Polish text
// saved as UTF-8 has and one saved in a Windows code page almost never does (there "Ä…" or
// "Ĺ‚" would have to follow each other).

struct UTF8Scan {
    /// The offset of the first byte that is not well-formed UTF-8; nil when all are.
    private(set) var firstInvalid: Int?
    /// Well-formed sequences for U+0080–U+017F and U+2000–U+20FF.
    private(set) var latinSequences = 0

    init<Bytes: RandomAccessCollection>(_ bytes: Bytes) where Bytes.Element == UInt8, Bytes.Index == Int {
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int, minimum: UInt32
            switch lead {
            case 0xC2...0xDF: (length, minimum) = (2, 0x80)
            case 0xE0...0xEF: (length, minimum) = (3, 0x800)
            case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
            default:
                if firstInvalid == nil { firstInvalid = index }
                index += 1
                continue
            }
            var scalar = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            var well = index + length <= end
            if well {
                for offset in 1..<length {
                    let byte = bytes[index + offset]
                    guard byte & 0xC0 == 0x80 else { well = false; break }
                    scalar = scalar << 6 | UInt32(byte & 0x3F)
                }
            }
            if well, scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) {
                if (0x80...0x17F).contains(scalar) || (0x2000...0x20FF).contains(scalar) { latinSequences += 1 }
                index += length
            } else {
                if firstInvalid == nil { firstInvalid = index }
                index += 1
            }
        }
    }

    static func isValid<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8, Bytes.Index == Int {
        UTF8Scan(bytes).firstInvalid == nil
    }
}
