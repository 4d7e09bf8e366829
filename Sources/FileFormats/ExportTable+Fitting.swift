// A cell a spreadsheet cannot hold (over SheetLimits.cellCharacters — a field of hundreds of
// IACS parcels in one cell) is split over continuation columns after its own: "parcel
// identifiers (IACS)", "parcel identifiers (IACS) (2)", … . Joined in order, the pieces are the
// text exactly; the import recognises the headers and joins them back
// (SpreadsheetImport.continuations). A table whose cells all fit is left as it is.

public extension ExportTable {
    /// The header of the `number`th piece (2, 3, …) of the column headed `header`.
    static func continuationHeader(_ header: String, number: Int) -> String {
        header + " (" + String(number) + ")"
    }

    /// `header` split into the header it continues and the piece's number (2 or more), when it
    /// is a continuation's header: "notes (2)" → ("notes", 2).
    static func continuation(of header: String) -> (header: String, number: Int)? {
        guard header.hasSuffix(")"), let open = header.lastIndex(of: "("), open > header.startIndex else { return nil }
        let digits = header[header.index(after: open)..<header.index(before: header.endIndex)]
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits), number >= 2,
              header[..<open].hasSuffix(" ") else { return nil }
        return (String(header[..<header.index(before: open)]), number)
    }

    /// This table with every cell within what a spreadsheet holds: a longer text cell split
    /// over continuation columns, right after its column, in every row (empty where a row's
    /// cell is short).
    func fittingSpreadsheetCells(limit: Int = SheetLimits.cellCharacters) -> ExportTable {
        var pieces: [[[CSVCell]]] = []
        var widths: [Int] = Array(repeating: 1, count: header.count)
        var needsSplitting = false
        pieces.reserveCapacity(rows.count)
        for row in rows {
            var split: [[CSVCell]] = []
            split.reserveCapacity(row.count)
            for (column, cell) in row.enumerated() {
                let cellPieces = Self.pieces(of: cell, limit: limit)
                if cellPieces.count > 1 { needsSplitting = true }
                while widths.count <= column { widths.append(1) }
                widths[column] = max(widths[column], cellPieces.count)
                split.append(cellPieces)
            }
            pieces.append(split)
        }
        guard needsSplitting else { return self }
        var newHeader: [String] = []
        for (column, width) in widths.enumerated() {
            let title = column < header.count ? header[column] : ""
            newHeader.append(title)
            if width > 1 { newHeader += (2...width).map { Self.continuationHeader(title, number: $0) } }
        }
        let newRows = pieces.map { row in
            row.enumerated().flatMap { column, cellPieces in
                cellPieces + Array(repeating: CSVCell.text(""), count: widths[column] - cellPieces.count)
            }
        }
        return ExportTable(header: newHeader, rows: newRows)
    }

    /// `cell` as pieces that each fit `limit` UTF-16 units (a spreadsheet's count) with the
    /// formula guard a text cell may get; cut after a ", " in the second half of a piece when
    /// there is one (between two items of a list), else between two characters.
    private static func pieces(of cell: CSVCell, limit: Int) -> [CSVCell] {
        guard case let .text(text) = cell, text.utf8.count > limit - 1, text.utf16.count > limit - 1, CSV.inert(text).utf16.count > limit else { return [cell] }
        let budget = limit - 1  // room for the guard's "'"
        var pieces: [CSVCell] = []
        var rest = Substring(text)
        while CSV.inert(String(rest)).utf16.count > limit {
            var end = rest.startIndex, units = 0
            var lastBreak: (index: String.Index, units: Int)?
            var previous: Character?
            for index in rest.indices {
                let character = rest[index]
                let size = character.utf16.count
                if units + size > budget { break }
                units += size
                end = rest.index(after: index)
                if character == " ", previous == "," { lastBreak = (end, units) }
                previous = character
            }
            if let lastBreak, lastBreak.units > budget / 2 { end = lastBreak.index }
            if end == rest.startIndex { end = rest.index(after: end) }  // a character longer than the limit: never loop
            pieces.append(.text(String(rest[..<end])))
            rest = rest[end...]
        }
        pieces.append(.text(String(rest)))
        return pieces
    }
}
