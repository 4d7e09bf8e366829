// The blocks of the report, each built from measured text: the title line, the key
// figures in boxes, warnings, the job's parameters, tables (products, one recipe per load
// group, with boxes to tick per load) and the treatment record to fill in by hand (or, printed
// from a record, its values as facts).

import SprayBase


extension ReportLayoutEngine {
    var width: Double { frame.contentWidth }

    /// Rows higher than this (half a page) are cut between lines, so that they continue on
    /// the next page rather than run off this one.
    var tallRow: Double { frame.bodyHeight(page: 1) / 2 }

    func height(_ text: String, _ style: TextStyle, _ width: Double?) -> Double {
        measurer.measure(text, style: style, width: width).height
    }

    /// A section heading and the space under it.
    func headingBand(_ text: String) -> Band {
        let height = height(text, .heading, width)
        return Band(height: height + 5, elements: [.text(TextElement(text, style: .heading, x: 0, y: 0, width: width))])
    }

    /// The title on the left, the date and time on the right, a heavy rule under both.
    func header(_ document: ReportDocument) -> LaidBlock {
        let dateWidth = measurer.measure(document.dateTime, style: .body, width: nil).width
        let titleWidth = width - dateWidth - 16
        let titleHeight = height(document.title, .title, titleWidth)
        let dateHeight = height(document.dateTime, .body, nil)
        let ruleY = max(titleHeight, dateHeight) + 6
        return LaidBlock(head: Band(height: ruleY + Rules.heavy, elements: [
            .text(TextElement(document.title, style: .title, x: 0, y: 0, width: titleWidth)),
            .text(TextElement(document.dateTime, style: .body, x: width - dateWidth - 16, y: ruleY - 4 - dateHeight,
                              width: dateWidth + 16, alignment: .trailing)),
            .rule(x0: 0, y0: ruleY, x1: width, y1: ruleY, width: Rules.heavy),
        ]))
    }

    /// The key numbers in a row of boxes, the last (the loads, in words) twice as wide.
    func keyFigures(_ figures: [KeyFigure]) -> LaidBlock {
        let gap = 8.0, padding = 8.0
        let weights = figures.indices.map { $0 == figures.count - 1 && figures.count > 1 ? 2.0 : 1.0 }
        let unit = (width - gap * Double(max(figures.count - 1, 0))) / weights.reduce(0, +)
        var x = 0.0
        var cells: [(x: Double, width: Double, label: Double, figure: KeyFigure)] = []
        var boxHeight = 0.0
        for (figure, weight) in zip(figures, weights) {
            let boxWidth = unit * weight
            let label = height(figure.label, .figureLabel, boxWidth - 2 * padding)
            let value = height(figure.value, .figureValue, boxWidth - 2 * padding)
            boxHeight = max(boxHeight, padding + label + 3 + value + padding)
            cells.append((x, boxWidth, label, figure))
            x += boxWidth + gap
        }
        var elements: [PageElement] = []
        for cell in cells {
            let textWidth = cell.width - 2 * padding
            elements += [
                .box(x: cell.x, y: 0, width: cell.width, height: boxHeight, lineWidth: Rules.medium),
                .text(TextElement(cell.figure.label, style: .figureLabel, x: cell.x + padding, y: padding, width: textWidth)),
                .text(TextElement(cell.figure.value, style: .figureValue, x: cell.x + padding, y: padding + cell.label + 3,
                                  width: textWidth)),
            ]
        }
        return LaidBlock(head: Band(height: boxHeight, elements: elements))
    }

    /// Warnings beside a heavy bar that runs down the whole block, across pages too; each
    /// warning a bullet with its lines hanging under its first word.
    func warnings(heading: String, _ messages: [String]) -> LaidBlock {
        let indent = 12.0, hang = 10.0
        func barred(_ text: String, _ style: TextStyle, bullet: Bool, bottomSpace: Double) -> CellRow {
            let x = indent + (bullet ? hang : 0)
            var cells = [TextElement(text, style: style, x: x, y: 0, width: width - x)]
            if bullet { cells.append(TextElement("•", style: style, x: indent, y: 0)) }
            return CellRow(cells: cells, bottomPadding: bottomSpace, grid: [RowLine(x: 1.5, width: 3)])
        }
        return LaidBlock(head: barred(heading, .heading, bullet: false, bottomSpace: 4).band(measurer),
                         rows: messages.flatMap { barred($0, .body, bullet: true, bottomSpace: 3).bands(measurer, splitAbove: tallRow) })
    }

    /// "Label   value" lines between heavy rules, hairlines between them.
    func facts(heading: String, _ rows: [FactRow]) -> LaidBlock {
        let labelWidth = min((rows.map { measurer.measure($0.label, style: .body, width: nil).width }.max() ?? 0) + 2 * cellPadding + 16,
                             width / 2)
        let valueWidth = width - labelWidth - 2 * cellPadding
        var head = headingBand(heading)
        head.elements.append(.rule(x0: 0, y0: head.height, x1: width, y1: head.height, width: Rules.heavy))
        head.height += Rules.heavy
        let bands = rows.flatMap { row in
            CellRow(cells: [
                TextElement(row.label, style: .body, x: cellPadding, y: rowPadding, width: labelWidth - 2 * cellPadding),
                TextElement(row.value, style: .bodyBold, x: labelWidth + cellPadding, y: rowPadding, width: valueWidth),
            ], bottomPadding: rowPadding, below: [.rule(x0: 0, y0: 0, x1: width, y1: 0, width: Rules.hair)])
            .bands(measurer, splitAbove: tallRow)
        }
        return LaidBlock(head: head, rows: bands, closedRows: bands.count)
    }

    /// A table under its heading: a heavy rule, the bold header row, a rule, the rows with
    /// hairlines between them, emphasized rows in bold under a rule, a heavy closing rule.
    func table(_ table: ReportTable, continuedTemplate: String) -> LaidBlock {
        let natural = table.columns.indices.map { column in
            ([table.columns[column]] + table.rows.map { $0[column] })
                .map { measurer.measure($0, style: .bodyBold, width: nil).width + 2 * cellPadding }.max() ?? 0
        }
        // Names are short and wrap; the amounts' columns should not.
        let widths = PageGeometry.columnWidths(total: width, natural: natural, flexible: 0, minimumFlexibleShare: 0.2)
        let lefts = widths.indices.map { widths[..<$0].reduce(0, +) }

        func cells(_ texts: [String], style: TextStyle, top: Double, boldColumns: Set<Int> = []) -> [TextElement] {
            texts.indices.filter { $0 < widths.count }.map { column in
                TextElement(texts[column], style: boldColumns.contains(column) ? TextStyle(size: style.size, bold: true) : style,
                            x: lefts[column] + cellPadding, y: top + rowPadding, width: widths[column] - 2 * cellPadding,
                            alignment: table.alignments[column])
            }
        }
        func head(_ heading: String) -> Band {
            var band = headingBand(heading)
            let top = band.height
            let header = cells(table.columns, style: .bodyBold, top: top + Rules.heavy)
            let headerHeight = (header.map { measurer.height(of: $0) }.max() ?? 0) + 2 * rowPadding
            let bottom = top + Rules.heavy + headerHeight
            band.elements += [.rule(x0: 0, y0: top, x1: width, y1: top, width: Rules.heavy)] + header.map(PageElement.text)
                + [.rule(x0: 0, y0: bottom, x1: width, y1: bottom, width: Rules.medium)]
            band.height = bottom
            return band
        }
        var rows = table.rows.enumerated().flatMap { index, texts in
            let emphasized = table.emphasizedRows.contains(index)
            let above: [PageElement] = emphasized && index > 0 ? [.rule(x0: 0, y0: 0, x1: width, y1: 0, width: Rules.medium)] : []
            return CellRow(cells: cells(texts, style: emphasized ? .bodyBold : .body, top: 0, boldColumns: table.emphasizedColumns),
                           bottomPadding: rowPadding, above: above, below: [.rule(x0: 0, y0: 0, x1: width, y1: 0, width: Rules.hair)])
                .bands(measurer, splitAbove: tallRow)
        }
        let closedRows = rows.count
        if !table.checkboxes.isEmpty { rows.append(checkboxes(table.checkboxes)) }
        let keep = table.checkboxes.isEmpty ? 1 : 2
        return LaidBlock(head: head(table.heading), rows: rows,
                         continuedHead: head(continuedTemplate.filled(table.heading)),
                         closedRows: closedRows, keepLastRows: keep)
    }

    /// "Done — full tanks: ☐ ☐   Done — partial tank: ☐": a box to tick for each load, the
    /// groups one after another, onto more lines when they do not fit.
    func checkboxes(_ lines: [CheckboxLine]) -> Band {
        let side = 11.0, gap = 6.0, top = 7.0, groupGap = 18.0
        var elements: [PageElement] = []
        var x = 0.0, y = top
        func newLineIfNeeded(_ needed: Double) {
            if x > 0, x + needed > width {
                x = 0
                y += side + gap
            }
        }
        for (index, line) in lines.enumerated() {
            let label = measurer.measure(line.label, style: .body, width: nil)
            if index > 0 { x += groupGap }
            newLineIfNeeded(label.width + 8 + side)
            elements.append(.text(TextElement(line.label, style: .body, x: x, y: y + (side - label.height) / 2)))
            x += label.width + 8
            for _ in 0..<line.count {
                newLineIfNeeded(side)
                elements.append(.box(x: x, y: y, width: side, height: side, lineWidth: Rules.medium))
                x += side + gap
            }
        }
        return Band(height: y + side + gap, elements: elements)
    }

    /// The treatment record: its values when printed from a record, else lines to fill in.
    func recordSection(_ document: ReportDocument) -> LaidBlock {
        document.recordValues.isEmpty ? record(heading: document.recordHeading, document.recordFields)
            : facts(heading: document.recordHeading, document.recordValues)
    }

    /// Fields to fill in by hand, two to a line: a label and a line to write on.
    func record(heading: String, _ fields: [String]) -> LaidBlock {
        let gap = 18.0, rowHeight = 28.0
        let fieldWidth = (width - gap) / 2
        let rows = stride(from: 0, to: fields.count, by: 2).map { start in
            var elements: [PageElement] = []
            for (offset, field) in fields[start..<min(start + 2, fields.count)].enumerated() {
                let x = Double(offset) * (fieldWidth + gap)
                let extent = measurer.measure(field, style: .body, width: nil)
                let baseline = rowHeight - 6
                elements += [
                    .text(TextElement(field, style: .body, x: x, y: baseline - extent.height, width: fieldWidth)),
                    .rule(x0: x + min(extent.width + 6, fieldWidth / 2), y0: baseline, x1: x + fieldWidth, y1: baseline, width: Rules.light),
                ]
            }
            return Band(height: rowHeight, elements: elements)
        }
        return LaidBlock(head: headingBand(heading), rows: rows)
    }
}
