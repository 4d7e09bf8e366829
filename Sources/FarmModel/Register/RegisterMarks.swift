// The marks of the gov.pl register workbook's last column, Uwagi: numbers ("2", "3, 6") that
// point into the legend written in rows below the products — "1 ) PE = zastosowanie
// małoobszarowe", "2 ) h.r. = (handel równoległy)…", "6 ) środek ochrony roślin do produkcji
// ekologicznej". The legend a file gives is read for what each number means; without one,
// the numbering of the release of 20.07.2026.

import SprayBase

/// What the register marks a product as.
public struct RegisterMarks: Equatable, Codable, Sendable {
    /// Allowed in organic production (produkcja ekologiczna).
    public var organic = false
    /// A minor use (zastosowanie małoobszarowe, PE).
    public var minorUse = false
    /// A parallel-trade permit (handel równoległy, h.r.).
    public var parallelTrade = false
    /// A microbial product (środek mikrobiologiczny).
    public var microbial = false
    /// A 120-day emergency authorisation (zezwolenie jednorazowe, art. 53).
    public var emergency120Days = false
    /// For non-professional users.
    public var nonProfessional = false

    public init(organic: Bool = false, minorUse: Bool = false, parallelTrade: Bool = false, microbial: Bool = false,
                emergency120Days: Bool = false, nonProfessional: Bool = false) {
        (self.organic, self.minorUse, self.parallelTrade, self.microbial) = (organic, minorUse, parallelTrade, microbial)
        (self.emergency120Days, self.nonProfessional) = (emergency120Days, nonProfessional)
    }

    private enum CodingKeys: String, CodingKey {
        case organic, minorUse = "minor_use", parallelTrade = "parallel_trade", microbial
        case emergency120Days = "emergency_120_days", nonProfessional = "non_professional"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func flag(_ key: CodingKeys) throws -> Bool { try container.decodeIfPresent(Bool.self, forKey: key) ?? false }
        self.init(organic: try flag(.organic), minorUse: try flag(.minorUse), parallelTrade: try flag(.parallelTrade),
                  microbial: try flag(.microbial), emergency120Days: try flag(.emergency120Days), nonProfessional: try flag(.nonProfessional))
    }

    /// Each mark with its JSON name, in order.
    public var all: [(name: String, isSet: Bool)] {
        [("organic", organic), ("minor_use", minorUse), ("parallel_trade", parallelTrade), ("microbial", microbial),
         ("emergency_120_days", emergency120Days), ("non_professional", nonProfessional)]
    }

    /// The marks set, as the register search shows them.
    public var words: [String] {
        var words: [String] = []
        if organic { words.append(tr("organic production")) }
        if minorUse { words.append(tr("minor use")) }
        if parallelTrade { words.append(tr("parallel trade")) }
        if microbial { words.append(tr("microbial")) }
        if emergency120Days { words.append(tr("120-day emergency permit")) }
        if nonProfessional { words.append(tr("for non-professional users")) }
        return words
    }

    /// What one mark of the legend is, by its words; nil for one of none of these (art. 34).
    enum Mark: Equatable { case organic, minorUse, parallelTrade, microbial, emergency120Days, nonProfessional }

    /// The numbering of the release of 20.07.2026, for a file without its legend.
    static let usualLegend: [Int: Mark] = [1: .minorUse, 2: .parallelTrade, 3: .microbial, 5: .emergency120Days, 6: .organic,
                                           7: .nonProfessional]

    /// A legend row ("1 ) PE = zastosowanie małoobszarowe"): its number and what it marks
    /// (nil for a mark of none of ours); nil when the text is no legend row.
    static func legendEntry(_ text: String) -> (number: Int, mark: Mark?)? {
        let folded = String(decoding: SearchFolding.fold(text.trimmedWhitespace), as: UTF8.self)
        let digits = folded.prefix { $0.isASCIIDigit }
        guard !digits.isEmpty, digits.count <= 2, let number = Int(digits),
              folded.dropFirst(digits.count).drop(while: { $0 == " " }).first == ")" else { return nil }
        let words: [(String, Mark)] = [("maloobszar", .minorUse), ("handel rownolegl", .parallelTrade), ("h.r", .parallelTrade),
                                       ("mikrobiolog", .microbial), ("120 dni", .emergency120Days), ("jednorazow", .emergency120Days),
                                       ("ekologiczn", .organic), ("nieprofesjonaln", .nonProfessional)]
        return (number, words.first { folded.contains($0.0) }?.1)
    }

    /// Whether a row's text is the legend's heading ("Uwagi:").
    static func isLegendHeading(_ text: String) -> Bool {
        String(decoding: SearchFolding.fold(text.trimmedWhitespace), as: UTF8.self).hasPrefix("uwagi")
    }

    /// The marks an Uwagi cell ("2, 6") gives by `legend`: none for an empty cell, or one that
    /// is not a list of the legend's numbers (a remark in words says no mark).
    static func read(_ text: String, legend: [Int: Mark]) -> RegisterMarks {
        var marks = RegisterMarks()
        guard text.allSatisfy({ $0.isASCIIDigit || $0 == "," || $0 == ";" || $0 == " " || $0 == "." }) else { return marks }
        for number in text.split(whereSeparator: { !$0.isASCIIDigit }).compactMap({ $0.count <= 2 ? Int($0) : nil }) {
            switch legend[number] {
            case .organic?: marks.organic = true
            case .minorUse?: marks.minorUse = true
            case .parallelTrade?: marks.parallelTrade = true
            case .microbial?: marks.microbial = true
            case .emergency120Days?: marks.emergency120Days = true
            case .nonProfessional?: marks.nonProfessional = true
            case nil: break
            }
        }
        return marks
    }
}

extension OfficialRegisterProduct {
    /// The marks as the library and `register search` show them, a 120-day emergency permit
    /// with the day it ends.
    public var markWords: [String] {
        var words = marks?.words ?? []
        if marks?.emergency120Days == true, let end = authorisedUntil, let index = words.firstIndex(of: tr("120-day emergency permit")) {
            words[index] = tr("120-day emergency permit until %@").filled(end.typedText(in: Translation.current.language))
        }
        return words
    }
}
