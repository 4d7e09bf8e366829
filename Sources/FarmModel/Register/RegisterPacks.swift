// The pack sizes the register writes for a product, read from its packs text: the gov.pl
// workbook's "Rodzaje opakowań" ("opakowania 0,25; 1; 5; 10 l HDPE", several lines of it)
// and the dataset-550 basic workbook's "Op". A run of sizes takes the unit written after its
// last one; millilitres become litres and grams kilograms; the material is dropped.

import FoundationEssentials
import SprayBase

/// One pack size of the register, in litres or kilograms.
public struct RegisterPackage: Equatable, Codable, Sendable {
    public enum Unit: String, Codable, Sendable {
        case litres = "l"
        case kilograms = "kg"
    }

    public var size: Decimal
    public var unit: Unit

    public init(size: Decimal, unit: Unit) {
        self.size = size
        self.unit = unit
    }

    /// "0,25; 1; 5; 10 l" (and "; 25 kg" after it): the sizes of each unit from the smallest,
    /// as the shopping list and the register search say them.
    public static func summary(_ packages: [RegisterPackage], format: NumberFormat = .current) -> String {
        [Unit.litres, .kilograms].compactMap { unit in
            let sizes = packages.filter { $0.unit == unit }.map(\.size).sorted()
            guard !sizes.isEmpty else { return nil }
            return sizes.map { format.string($0, maxFractionDigits: 3) }.joined(separator: "; ") + " " + unit.rawValue
        }.joined(separator: "; ")
    }

    /// The sizes a packs text gives, in the order written, each once.
    public static func read(_ text: String) -> [RegisterPackage] {
        var found: [RegisterPackage] = []
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            for package in readLine(Array(SearchFolding.fold(String(line)))) where !found.contains(package) {
                found.append(package)
            }
        }
        return found
    }

    /// The units as the register writes them, folded (lower case, no diacritics); longest first
    /// where one starts another. Each with what a size in it is multiplied by.
    private static let units: [(word: [UInt8], unit: Unit, factor: Decimal)] = [
        ("ml", Unit.litres, Decimal(string: "0.001")!), ("cm3", .litres, Decimal(string: "0.001")!), ("dm3", .litres, 1),
        // "dm³" and "cm³": the superscript is no letter, so the word ends before it.
        ("cm", .litres, Decimal(string: "0.001")!), ("dm", .litres, 1),
        ("litrow", .litres, 1), ("litry", .litres, 1), ("litr", .litres, 1), ("l", .litres, 1),
        ("kg", .kilograms, 1), ("g", .kilograms, Decimal(string: "0.001")!),
    ].map { (Array($0.0.utf8), $0.1, $0.2) }

    /// The sizes of one line: numbers ("0,25", "1.5"), each kept until a unit follows the run.
    private static func readLine(_ text: [UInt8]) -> [RegisterPackage] {
        func isDigit(_ at: Int) -> Bool { at < text.count && (0x30...0x39).contains(text[at]) }
        func isLetter(_ at: Int) -> Bool { at < text.count && (0x61...0x7A).contains(text[at]) }
        var packages: [RegisterPackage] = []
        var pending: [Decimal] = []
        var index = 0
        while index < text.count {
            if isDigit(index), index == 0 || !(isLetter(index - 1) || isDigit(index - 1)) {
                var end = index, digits: [UInt8] = [], point = false
                while end < text.count {
                    if isDigit(end) { digits.append(text[end]) }
                    else if (text[end] == UInt8(ascii: ",") || text[end] == UInt8(ascii: ".")), !point, isDigit(end + 1), !digits.isEmpty {
                        digits.append(UInt8(ascii: "."))
                        point = true
                    } else { break }
                    end += 1
                }
                // "2 x 5 l": a count of packs, not a size; a number glued to letters ("5l" is read below).
                var after = end
                while after < text.count, text[after] == 0x20 { after += 1 }
                if digits.count <= 12, let value = Decimal(valueTextOf: digits), !(after < text.count && (text[after] == UInt8(ascii: "x") && !isLetter(after + 1))) {
                    pending.append(value)
                }
                index = end
                continue
            }
            if isLetter(index), index == 0 || !isLetter(index - 1) {
                var end = index
                while isLetter(end) || isDigit(end) { end += 1 }
                let word = Array(text[index..<end])
                if let unit = units.first(where: { $0.word == word }) {
                    packages += pending.filter { $0 > 0 }.map { RegisterPackage(size: $0 * unit.factor, unit: unit.unit) }
                    pending = []
                } else if !pending.isEmpty, !["i", "oraz", "lub", "albo"].contains(String(decoding: word, as: UTF8.self)) {
                    // A word between a size and its unit ("5 szt.", "10 tabletek"): not a size we read.
                    pending = []
                }
                index = end
                continue
            }
            index += 1
        }
        return packages
    }
}

private extension Decimal {
    init?(valueTextOf digits: [UInt8]) {
        guard let value = Decimal(string: String(decoding: digits, as: UTF8.self)) else { return nil }
        self = value
    }
}
