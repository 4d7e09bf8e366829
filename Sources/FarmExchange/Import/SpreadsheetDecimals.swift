// How a spreadsheet writes its decimals, decided from the file alone — never from the
// window's language, so a file gives the same records on every computer. A CSV with ";"
// between its fields, or headers in Polish, writes a decimal comma (a Polish spreadsheet's
// convention); otherwise its numbers tell: "1,5" or "0,125" can only be a decimal comma,
// "1.5" or "1,250.5" only a point. "2,500" fits both (2.5 and 2500), and a file where
// nothing else decides is refused at that cell, never guessed. Numbers in a workbook's
// number cells are numbers and need no convention.

import FileFormats
import FoundationEssentials
import SprayBase

extension SpreadsheetImport {
    /// The decimal mark the file writes, and what says so.
    public struct Decimals: Equatable, Sendable {
        public enum Evidence: Equatable, Sendable {
            /// ";" between a CSV's fields.
            case separator
            /// A header in Polish.
            case polishHeader
            /// A number only one mark fits, at this 1-based row and 0-based column.
            case value(row: Int, column: Int)
            /// No number in the file reads differently with a comma or a point.
            case nothingDepends
        }

        public var mark: DecimalMark
        public var evidence: Evidence
    }

    /// The language the sheet's headers are in: a crop given by its code alone is named in it.
    var headerLanguage: Language {
        table.rows.indices.contains(headerRow) && table.rows[headerRow].contains { ImportColumn.isPolish(header: $0.text()) } ? .polish : .english
    }

    /// The columns that hold numbers written as text.
    static let numberColumns: Set<ImportColumn> = [.treatedSize, .parcelSize, .fraction, .dose, .quantity, .sprayVolume]

    /// How the sheet writes decimals with its columns as chosen; a failure is the first cell
    /// that reads as two numbers when nothing in the file decides between them.
    func decideDecimals() -> Result<Decimals, SkippedRow> {
        if table.text?.separator == ";" { return .success(Decimals(mark: .comma, evidence: .separator)) }
        if headerLanguage == .polish { return .success(Decimals(mark: .comma, evidence: .polishHeader)) }
        var comma: (row: Int, column: Int)?, point: (row: Int, column: Int)?, ambiguous: (row: Int, column: Int, text: String)?
        for column in columns.indices where Self.numberColumns.contains(columns[column]) {
            for row in (headerRow + 1)..<max(table.rows.count, headerRow + 1) {
                guard case let .text(text) = table[row, column] else { continue }
                let marks = Self.decimalMarks(in: text)
                if marks.comma, comma == nil { comma = (row + 1, column) }
                if marks.point, point == nil { point = (row + 1, column) }
                if marks.ambiguous, ambiguous == nil { ambiguous = (row + 1, column, text) }
            }
        }
        switch (comma, point) {
        case let (at?, nil): return .success(Decimals(mark: .comma, evidence: .value(row: at.row, column: at.column)))
        case let (nil, at?): return .success(Decimals(mark: .point, evidence: .value(row: at.row, column: at.column)))
        default:
            if let ambiguous {
                let reason = tr("“%@” reads as two numbers (a decimal comma or a thousands separator) and nothing in the file says which; write it without grouping, e.g. 2500 or 2,5").filled(FreeText.displayable(ambiguous.text.trimmedWhitespace))
                return .failure(SkippedRow(row: ambiguous.row, column: header(of: ambiguous.column), reason: reason))
            }
            return .success(Decimals(mark: .comma, evidence: .nothingDepends))
        }
    }

    /// What the numbers in `text` say of its decimal mark: a comma only ("1,5", "1.250,5",
    /// "1.000.000"), a point only ("1.5", "1,250.5", "1,000,000"), or either ("2,500", "1.250").
    static func decimalMarks(in text: String) -> (comma: Bool, point: Bool, ambiguous: Bool) {
        var result = (comma: false, point: false, ambiguous: false)
        var token: [UInt8] = []
        func classify() {
            while token.last == UInt8(ascii: ",") || token.last == UInt8(ascii: ".") { token.removeLast() }
            defer { token = [] }
            let commas = token.count { $0 == UInt8(ascii: ",") }, points = token.count { $0 == UInt8(ascii: ".") }
            guard commas + points > 0, token.first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true else { return }
            if commas > 0 && points > 0 {
                if token.lastIndex(of: UInt8(ascii: ","))! > token.lastIndex(of: UInt8(ascii: "."))! { result.comma = true } else { result.point = true }
                return
            }
            let mark = UInt8(ascii: commas > 0 ? "," : ".")
            let groups = token.split(separator: mark, omittingEmptySubsequences: false)
            let groupsThousands = (1...3).contains(groups[0].count) && groups[0] != [UInt8(ascii: "0")] && groups.dropFirst().allSatisfy { $0.count == 3 }
            if groups.count > 2 {
                // "1,000,000": only thousands can repeat.
                if groupsThousands { if commas > 0 { result.point = true } else { result.comma = true } }
            } else if groupsThousands {
                result.ambiguous = true
            } else if commas > 0 {
                result.comma = true
            } else {
                result.point = true
            }
        }
        for byte in text.utf8 {
            if (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ".") {
                token.append(byte)
            } else if !token.isEmpty {
                classify()
            }
        }
        if !token.isEmpty { classify() }
        return result
    }

    /// "Read as UTF-8, “;” between fields, decimal comma (the separator says so)": how the
    /// import read the file, for its summary.
    public var conventionText: String {
        var parts: [String] = []
        if let text = table.text {
            let separator = text.separator == "\t" ? tr("a tab") : "“" + String(Character(text.separator)) + "”"
            parts.append(tr("read as %1$@ text with %2$@ between fields").filled(text.encoding.rawValue, separator))
        }
        switch decimals {
        case let .success(decimals):
            let mark = decimals.mark == .comma ? tr("decimal comma") : tr("decimal point")
            let why: String = switch decimals.evidence {
            case .separator: tr("as the “;” separator says")
            case .polishHeader: tr("as the Polish headers say")
            case let .value(row, column): tr("as “%1$@” in row %2$@ says").filled(FreeText.displayable(table[row - 1, column].text().trimmedWhitespace), String(row))
            case .nothingDepends: tr("no number depends on it")
            }
            parts.append(mark + " (" + why + ")")
        case .failure:
            break
        }
        let text = parts.joined(separator: "; ")
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
