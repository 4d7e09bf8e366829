// The cells of a sheet's record rows as the import reads them: a column's text, a number in the
// file's own spelling, a dose's basis and a product's kind from their words.

import FarmModel
import FileFormats
import FoundationEssentials
import SprayBase
import SprayMix

extension SpreadsheetImport {
    /// The cell of `column`'s meaning in `row`, as text; nil when no column has that meaning.
    func cell(_ row: Int, _ meaning: ImportColumn) -> String? {
        columns.firstIndex(of: meaning).map { column in
            let cell = table[row, column]
            // BBCH 05 that a spreadsheet stored as the number 5.
            if meaning == .bbch, case let .number(stage) = cell, stage >= 0, stage < 100, stage == stage.rounded(fractionDigits: 0) {
                return (stage < 10 ? "0" : "") + stage.description
            }
            // A cell too long for a spreadsheet, written over continuation columns: its
            // pieces joined as they were cut, each without the guard it was written with.
            if let more = continuations[column] {
                return ([column] + more).map { CSV.withoutGuard(table[row, $0].text(in: numberFormat)) }.joined().trimmedWhitespace
            }
            return CSV.withoutGuard(cell.text(in: numberFormat)).trimmedWhitespace
        }
    }

    /// The decimal mark the file writes (its numbers are refused before any row is read when
    /// nothing decides it).
    var decimalMark: DecimalMark { (try? decimals.get())?.mark ?? .comma }

    /// Number cells written as text the way the file's own text cells write numbers.
    var numberFormat: NumberFormat { NumberFormat(language: decimalMark == .comma ? .polish : .english) }

    func text(_ row: Int, _ meaning: ImportColumn) -> String { cell(row, meaning) ?? "" }

    func number(_ text: String) -> Decimal? {
        if case let .success(value) = NumberParser.parse(text, decimalMark: decimalMark) { return value }
        return nil
    }

    func fold(_ text: String) -> String { String(decoding: SearchFolding.fold(text), as: UTF8.self) }

    /// "Topsin + Atpolan" → ["Topsin", "Atpolan"].
    func split(_ text: String) -> [String] {
        text.split(separator: "+").map { String($0).trimmedWhitespace }.filter { !$0.isEmpty }
    }

    /// A basis named in `text` ("ha", "m2", "(m²)", "per t").
    static func basis(in text: String) -> DoseBasis? {
        let folded = text.lowercased()
        if folded.contains("m3") || folded.contains("m³") { return .cubicMetre }
        if folded.contains("m2") || folded.contains("m²") { return .squareMetre }
        if folded.contains("ha") { return .hectare }
        return nil
    }

    /// A fertiliser or an adjuvant by its name ("Nawóz …", "Adiuwant …"), when the sheet
    /// gives no authorisation number: only then does the kind matter.
    static func kind(named name: String, authorisation: String) -> ProductKind {
        guard authorisation.isEmpty else { return .plantProtection }
        let folded = String(decoding: SearchFolding.fold(name), as: UTF8.self)
        if folded.contains("nawoz") || folded.contains("fertili") { return .notPlantProtection }
        if folded.contains("adiuwant") || folded.contains("adjuvant") { return .adjuvant }
        return .plantProtection
    }
}

/// The rows of one treatment that cannot be read (an Error, to travel in a Result).
struct SkippedRowList: Error {
    var rows: [SkippedRow]
}
