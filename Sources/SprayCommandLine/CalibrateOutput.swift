// What `calibrate` and `calibrate catch` print: JSON for programs (unrounded numbers, the
// documented keys in order) and text for people (localized, rounded for reading).

import FoundationEssentials
import SprayBase
import SprayMix

public enum CalibrateOutput {
    public static func json(_ command: CalibrateCommand) -> String {
        let setting = command.setting
        var members: [(String, JSONValue)] = [
            ("rate_l_ha", .number(setting.rate)),
            ("flow_l_min", .number(setting.flow)),
            ("speed_km_h", .number(setting.speed)),
            ("spacing_m", .number(setting.spacing)),
        ]
        if let pressure = command.pressure {
            members += [("nozzle", .string(pressure.size.rawValue)), ("pressure_bar", .number(pressure.pressure))]
        }
        return JSONValue.object(members).serialized() + "\n"
    }

    public static func text(_ command: CalibrateCommand, format: NumberFormat = .current) -> String {
        var rows = CalibrationQuantity.allCases.map { quantity in
            let value = command.setting[quantity]
            // What was typed is shown as typed; the computed value as a jug and a gauge read it.
            let digits = quantity == command.computed ? quantity.displayDigits : 4
            let text = format.string(value, maxFractionDigits: digits) + " " + quantity.unit
            return (quantity.name, quantity == command.computed ? text + "   " + tr("(computed)") : text)
        }
        var lines: [String] = []
        if let pressure = command.pressure {
            rows.append((tr("Nozzle"), tr("%1$@: %2$@ at 3 bar")
                .filled(pressure.size.label, CalibrationQuantity.flow.formatted(pressure.size.chartFlow, format: format))))
            rows.append((tr("Pressure"), format.string(pressure.pressure, maxFractionDigits: 2) + " bar"))
            if let warning = pressure.warning(format: format) { lines.append(tr("Warning:") + " " + warning) }
        }
        return ([CalcTextOutput.table(rows)] + lines).joined(separator: "\n").replacing("\u{00A0}", with: " ") + "\n"
    }
}

public enum CatchOutput {
    public static func json(_ test: CatchTest) -> String {
        var members: [(String, JSONValue)] = [("seconds", .number(test.seconds))]
        if let nozzle = test.nozzle {
            members += [("nozzle", .string(nozzle.rawValue)), ("chart_flow_l_min", .number(nozzle.chartFlow))]
        }
        let nozzles: [JSONValue] = test.readings.map { reading in
            var fields: [(String, JSONValue)] = [
                ("number", .number(reading.number)),
                ("ml", .number(reading.millilitres)),
                ("flow_l_min", .number(reading.flow)),
            ]
            if let fromChart = reading.deviationFromChart { fields.append(("deviation_from_chart_percent", .number(fromChart * 100))) }
            fields += [("deviation_from_mean_percent", .number(reading.deviationFromMean * 100)),
                       ("replace", .bool(reading.needsReplacing))]
            return .object(fields)
        }
        members += [
            ("mean_flow_l_min", .number(test.meanFlow)),
            ("nozzles", .array(nozzles)),
            ("replace", .array(test.nozzlesToReplace.map { .number($0) })),
        ]
        return JSONValue.object(members).serialized() + "\n"
    }

    public static func text(_ test: CatchTest, format: NumberFormat = .current) -> String {
        let rows: [[String]] = test.readings.map { reading in
            [tr("Nozzle %@").filled(String(reading.number)),
             format.string(reading.millilitres, maxFractionDigits: 1) + " ml",
             format.string(reading.flow, maxFractionDigits: 3) + " l/min",
             reading.deviationFromChart.map { tr("%@ from the chart").filled($0.signedPercent(format: format)) } ?? "",
             tr("%@ from the mean").filled(reading.deviationFromMean.signedPercent(format: format)),
             reading.needsReplacing ? tr("replace") : tr("OK")]
        }
        var lines = columns(rows)
        lines.append("")
        lines.append(tr("Mean flow: %@").filled(format.string(test.meanFlow, maxFractionDigits: 3) + " l/min"))
        if let nozzle = test.nozzle {
            lines.append(tr("Chart flow of size %1$@: %2$@").filled(nozzle.label, CalibrationQuantity.flow.formatted(nozzle.chartFlow, format: format)))
        }
        let replace = test.nozzlesToReplace
        lines.append(replace.isEmpty
            ? tr("Nozzles to replace: none")
            : tr("Nozzles to replace: %@").filled(replace.map(String.init).joined(separator: ", ")))
        return lines.joined(separator: "\n").replacing("\u{00A0}", with: " ") + "\n"
    }

    /// Rows of cells, each column as wide as its widest cell; numbers right-aligned, words left.
    static func columns(_ rows: [[String]]) -> [String] {
        guard let first = rows.first else { return [] }
        let widths = first.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return (1...2).contains(column) ? padding + cell : cell + padding
            }.joined(separator: "   ").trimmingTrailingSpaces
        }
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        String(self[..<(lastIndex { $0 != " " }.map(index(after:)) ?? startIndex)])
    }
}
