// What the core says of the file formats (FileFormats knows no language and no domain): a
// sheet's cells as a person reads them, the day a date cell holds, the CSV separator a
// spreadsheet in each language expects, and why a spreadsheet was not read.

import FileFormats
import FoundationEssentials

extension SheetCell {
    /// The cell as a person reads it: a number with a decimal comma or point as `format` writes.
    public func text(in format: NumberFormat = .current) -> String {
        switch self {
        case .empty: ""
        case let .text(text): text
        case let .number(value): format.editable(value)
        case let .percent(value): format.editable(value) + " %"
        case let .date(date): date.description
        }
    }
}

extension CalendarDate {
    /// The day a date cell holds.
    public init(_ date: SheetDate) {
        self = CalendarDate(year: date.year, month: date.month, day: date.day)!
    }
}

extension CSVSeparator {
    /// What a spreadsheet in `language` expects: ";" in Polish (the comma is its decimal
    /// mark), "," in English.
    public static func preferred(for language: Language) -> CSVSeparator {
        language == .polish ? .semicolon : .comma
    }
}

extension SpreadsheetError: LocalizedMessage {
    public var message: String {
        switch self {
        case .notASpreadsheet:
            tr("This is not a spreadsheet the app reads: CSV, Excel (.xlsx), OpenDocument (.ods) or the app's JSON export.")
        case let .damaged(part): tr("The spreadsheet is damaged (%@) and was not read.").filled(part.text)
        case let .noSuchSheet(name, available):
            tr("There is no sheet “%1$@” in the file; its sheets are: %2$@.").filled(name, available.joined(separator: ", "))
        case .empty: tr("The spreadsheet has no rows.")
        case let .tooLarge(excess): excess.message
        case let .unclosedQuote(row):
            tr("A quotation mark opened in row %@ is never closed, so the rest of the file would be one cell; nothing was read.")
                .filled(String(row))
        case let .mixedEncoding(row):
            tr("The file is UTF-8 text, but row %@ holds a character in another encoding (such as Windows-1250). Save the whole file as UTF-8 (CSV UTF-8 in Excel) and import it again; nothing was read.")
                .filled(String(row))
        case let .unknownCharacter(row):
            tr("Row %@ holds a byte that is neither UTF-8 nor a Polish letter of Windows-1250 or ISO-8859-2. Save the file as CSV UTF-8 and import it again; nothing was read.")
                .filled(String(row))
        }
    }
}

extension SheetDamage {
    var text: String {
        switch self {
        case let .container(name): name
        case let .missingPart(part): tr("%@ is missing").filled(part)
        case let .partFailsCheck(part): tr("%@ fails its check").filled(part)
        case let .repeatCount(count): tr("a repeat count of “%@”").filled(count)
        case let .sharedText(row, index): tr("row %1$@ names shared text %2$@, which the file does not have").filled(String(row), index)
        case .notUTF8: tr("text that is not UTF-8")
        }
    }
}

extension SheetExcess {
    public var message: String {
        func limit(_ value: Int) -> String { NumberFormat.current.string(Decimal(value), maxFractionDigits: 0) }
        return switch self {
        case let .row(number):
            tr("The spreadsheet names row %1$@; a sheet has at most %2$@ rows. Nothing was read.")
                .filled(String(number), limit(SheetLimits.rows))
        case let .column(row):
            tr("Row %1$@ of the spreadsheet goes past column %2$@, the last a sheet has. Nothing was read.")
                .filled(String(row), limit(SheetLimits.columns))
        case let .cellText(row):
            tr("A cell in row %1$@ holds more than %2$@ characters, more than a spreadsheet cell can. Nothing was read.")
                .filled(String(row), limit(SheetLimits.cellCharacters))
        case .cells:
            tr("The spreadsheet has more than %@ cells, more than the app reads. Nothing was read.")
                .filled(limit(SheetLimits.cells))
        case let .packedPart(part):
            tr("The part %1$@ of the file would unpack to more than %2$@ MB, or is packed as tightly as a ZIP bomb. Nothing was read.")
                .filled(part, String(ZipReader.memberLimit / (1024 * 1024)))
        }
    }
}
