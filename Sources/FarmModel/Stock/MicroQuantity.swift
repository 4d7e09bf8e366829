// The ledger's arithmetic in whole micro-units (µl, mg) in an Int64: summing 20 000 uses as
// Decimals was most of working out a farm's stock (each addition normalises both sides). A
// quantity reads into micro-units from the Decimal's stored digits when they are laid out as
// this build's Decimal lays them out — checked once against the slow way — and the slow way
// otherwise. Below a micro-litre a quantity is rounded; beyond 9 × 10¹² litres it is clamped.

import FileFormats
import FoundationEssentials

enum MicroQuantity {
    static let perUnit: Int64 = 1_000_000

    /// `value` in millionths, rounded half away from zero.
    static func micro(_ value: Decimal) -> Int64 {
        if layoutKnown, let fast = fromStoredDigits(value) { return fast }
        return slow(value)
    }

    /// `micro` millionths as a Decimal.
    static func decimal(_ micro: Int64) -> Decimal {
        Decimal(sign: micro < 0 ? .minus : .plus, exponent: -6, significand: Decimal(micro.magnitude))
    }

    private static func slow(_ value: Decimal) -> Int64 {
        let scaled = (value * Decimal(perUnit)).rounded(fractionDigits: 0)
        if let whole = Int64(scaled.description) { return whole }
        return scaled < 0 ? Int64.min / 2 : Int64.max / 2
    }

    private static let powers: [Int64] = (0...18).map { power in (0..<power).reduce(Int64(1)) { product, _ in product * 10 } }

    /// Read from the Decimal's bytes: exponent (Int8), then its length (high nibble) and sign
    /// (0x08), then eight 16-bit words of the mantissa, lowest first. Nil when it does not fit.
    private static func fromStoredDigits(_ value: Decimal) -> Int64? {
        guard MemoryLayout<Decimal>.size == 20 else { return nil }
        return withUnsafeBytes(of: value) { raw -> Int64? in
            let exponent = Int(Int8(bitPattern: raw[0]))
            let length = Int(raw[1] >> 4)
            let negative = raw[1] & 0x08 != 0
            guard length <= 3 else { return nil }
            var mantissa: Int64 = 0
            for word in 0..<length {
                mantissa |= Int64(raw.loadUnaligned(fromByteOffset: 4 + 2 * word, as: UInt16.self)) << (16 * word)
            }
            let shift = exponent + 6
            var result: Int64
            if shift >= 0 {
                guard shift <= 18 else { return mantissa == 0 ? 0 : nil }
                let (product, overflow) = mantissa.multipliedReportingOverflow(by: powers[shift])
                guard !overflow, product < Int64.max / 4 else { return nil }
                result = product
            } else {
                guard -shift <= 18 else { return nil }
                let divisor = powers[-shift]
                result = mantissa / divisor
                if (mantissa % divisor) * 2 >= divisor { result += 1 }
            }
            return negative ? -result : result
        }
    }

    /// Whether the bytes are laid out as `fromStoredDigits` reads them (checked once).
    private static let layoutKnown: Bool = {
        ["0", "5.25", "-0.001", "123456789", "14.75", "0.0000005", "-2500", "1e3", "987654.321"].allSatisfy { text in
            let value = Decimal(string: text)!
            return fromStoredDigits(value) == slow(value)
        }
    }()
}
