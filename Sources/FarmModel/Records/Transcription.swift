// Transcribing a paper record book into the register: one row per product use, as the
// paper has it, its cells as typed; rows of the same date, start hour and field make one
// treatment (a tank mix). The rows are kept in transcription.json in the data folder until
// they are saved as records, so closing the window or a crash loses nothing.

import FoundationEssentials
import SprayBase

/// The grid's columns, in the order of a paper record book.
public enum TranscriptionColumn: String, CaseIterable, Codable, Sendable {
    case date, start, field, crop, bbch, product, authorisation, dose, unit, size, reason
    case operatorName = "operator"
    case sprayer
    /// The conditions a paper book may note, left empty where it does not.
    case end, wind, temperature
    case notes

    public var title: String {
        switch self {
        case .date: tr("Date")
        case .start: tr("Hour")
        case .field: tr("Field")
        case .crop: tr("Crop")
        case .bbch: tr("BBCH")
        case .product: tr("Product")
        case .authorisation: tr("Authorisation no.")
        case .dose: tr("Dose")
        case .unit: tr("Unit")
        case .size: tr("Size (ha)")
        case .reason: tr("Reason")
        case .operatorName: tr("Operator")
        case .sprayer: tr("Sprayer")
        case .end: tr("End")
        case .wind: tr("Wind (m/s)")
        case .temperature: tr("Temp. (°C)")
        case .notes: tr("Notes")
        }
    }
}

/// One row of the grid: its cells as typed, and the season a date without a year is in.
public struct TranscriptionRow: Equatable, Codable, Sendable, Identifiable {
    public var id: UUID
    public var season: Int
    public var cells: [String: String]

    public init(id: UUID = UUID(), season: Int, cells: [TranscriptionColumn: String] = [:]) {
        self.id = id
        self.season = season
        self.cells = Dictionary(uniqueKeysWithValues: cells.map { ($0.key.rawValue, $0.value) })
    }

    public subscript(column: TranscriptionColumn) -> String {
        get { cells[column.rawValue] ?? "" }
        set { cells[column.rawValue] = newValue.isEmpty ? nil : newValue }
    }

    public var isBlank: Bool { cells.values.allSatisfy(\.isBlank) }

    /// This row with `cells` (and its own id).
    public func with(cells: [String: String]) -> TranscriptionRow {
        var row = self
        row.cells = cells
        return row
    }
}

/// Dates as a paper record book has them: "14.04.2026", "14.04.26", "2026-04-14", and
/// "14.04" in `season`.
public enum PaperDate {
    public static func parse(_ text: String, season: Int) -> CalendarDate? {
        let trimmed = text.trimmedWhitespace
        if let date = CalendarDate(parsing: trimmed) ?? CalendarDate(typed: trimmed) { return date }
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCIIDigit) }),
              let day = Int(parts[0]), let month = Int(parts[1]) else { return nil }
        let year = parts.count == 3 ? CalendarDate.fullYear(twoDigit: Int(parts[2])!) : season
        return CalendarDate(year: year, month: month, day: day)
    }
}
