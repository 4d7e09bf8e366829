// What the calibration window shows, as text ready for labels: the state of the four
// quantities, the nozzle chart with the pressure each size needs, the advice for the chosen
// size, the per-tank figures and the catch test's rows.

import FoundationEssentials
import SprayBase
import SprayMix

/// One size of the nozzle chart.
public struct NozzleChartRow: Equatable, Sendable {
    public var size: NozzleSize
    /// "#rrggbb".
    public var colourHex: String
    /// "02".
    public var code: String
    /// "yellow".
    public var colourName: String
    /// "0,8 l/min" at 3 bar.
    public var chartFlow: String
    /// "4,7 bar" for the wanted flow; nil until a flow is known.
    public var pressure: String?
    public var isInWorkingRange: Bool
}

/// One nozzle of the catch test.
public struct CatchRow: Equatable, Sendable {
    /// "3": the nozzle's place on the boom.
    public var number: String
    /// "480 ml".
    public var collected: String
    /// "0,96 l/min".
    public var flow: String
    /// "−4 %" from the chart flow, or nil without a size.
    public var fromChart: String?
    /// "+1,2 %" from the mean.
    public var fromMean: String
    public var needsReplacing: Bool
    /// "replace" or "OK".
    public var verdict: String
}

extension CalibrationViewModel {
    private var format: NumberFormat { .current }

    /// What the four quantities come to: a prompt, the computed one, or why none is.
    public var settingStatus: String {
        let typed = typedQuantities.count
        if typed == 4 {
            return tr("Leave one of the four empty: it is computed from the other three.")
        }
        guard let missing = computedQuantity else {
            return tr("Fill in three of the four: the fourth is computed.")
        }
        guard let setting else {
            return tr("Correct the values above to compute the %@.").filled(missing.name.lowercased())
        }
        return tr("%1$@: %2$@").filled(missing.name, missing.formatted(setting[missing], format: format))
    }

    /// The flow the chart is asked for: typed or computed.
    public var wantedFlow: Decimal? { value(of: .flow) }

    public var chartRows: [NozzleChartRow] {
        let flow = wantedFlow
        return NozzleSize.allCases.map { size in
            let pressure = flow.map { size.pressure(forFlow: $0) }
            return NozzleChartRow(
                size: size, colourHex: size.colourHex, code: size.rawValue, colourName: size.colourName,
                chartFlow: CalibrationQuantity.flow.formatted(size.chartFlow, format: format),
                pressure: pressure.map(pressureText), isInWorkingRange: pressure.map(WorkingRange.contains) ?? true)
        }
    }

    /// The chosen size's pressure for the wanted flow, as a sentence.
    public var nozzleAdvice: String? {
        guard let size = selectedNozzle else { return nil }
        guard let flow = wantedFlow else {
            return tr("Size %1$@ gives %2$@ at 3 bar. Enter the flow per nozzle (or three of the four) to see the pressure it needs.")
                .filled(size.label, CalibrationQuantity.flow.formatted(size.chartFlow, format: format))
        }
        return tr("Size %1$@ gives %2$@ at %3$@.")
            .filled(size.label, CalibrationQuantity.flow.formatted(flow, format: format), pressureText(size.pressure(forFlow: flow)))
    }

    /// A warning when the chosen size needs a pressure outside the working range.
    public var nozzleWarning: String? {
        guard let size = selectedNozzle, let flow = wantedFlow else { return nil }
        return NozzlePressure(size: size, flow: flow).warning(format: format)
    }

    /// "4,69 bar".
    func pressureText(_ pressure: Decimal) -> String {
        format.string(pressure, maxFractionDigits: 2) + "\u{00A0}bar"
    }

    // MARK: Per tank

    /// One tank's area and distance at the spray volume; nil without a tank and a volume.
    public var tankReach: TankReach? {
        guard case let .success(tank) = number(.tank), let rate = value(of: .rate) else { return nil }
        let width = try? number(.width).get()
        return TankReach(tank: tank, rate: rate, width: width)
    }

    public var reachText: String {
        guard let reach = tankReach else {
            return tr("Enter the tank capacity (and the working width) with the spray volume known: what one tank covers appears here.")
        }
        let area = tr("One tank covers %@.").filled(format.string(reach.hectares, maxFractionDigits: 2) + "\u{00A0}ha")
        guard let metres = reach.metres else { return area }
        return area + " " + tr("That is %@ of driving with the whole boom.").filled(format.string(metres, maxFractionDigits: 0) + "\u{00A0}m")
    }

    // MARK: Catch test

    public var catchRows: [CatchRow] {
        guard let test = catchTest else { return [] }
        return test.readings.map { reading in
            CatchRow(
                number: String(reading.number),
                collected: format.string(reading.millilitres, maxFractionDigits: 1) + "\u{00A0}ml",
                flow: format.string(reading.flow, maxFractionDigits: 3) + "\u{00A0}l/min",
                fromChart: reading.deviationFromChart.map { $0.signedPercent(format: format) },
                fromMean: reading.deviationFromMean.signedPercent(format: format),
                needsReplacing: reading.needsReplacing,
                verdict: reading.needsReplacing ? tr("replace") : tr("OK"))
        }
    }

    /// The mean flow and the nozzles to replace; a prompt before the test is filled in.
    public var catchSummary: String {
        guard let test = catchTest else {
            return tr("Catch each nozzle’s spray for the same number of seconds and enter the millilitres collected.")
        }
        let count = test.millilitres.count
        var text = trn("Mean flow of %1$@ nozzle: %2$@.", "Mean flow of %1$@ nozzles: %2$@.", count)
            .filled(String(count), format.string(test.meanFlow, maxFractionDigits: 3) + "\u{00A0}l/min")
        if let size = test.nozzle {
            text += " " + tr("Chart flow of size %1$@: %2$@.")
                .filled(size.label, CalibrationQuantity.flow.formatted(size.chartFlow, format: format))
        }
        let tolerance = "±" + format.string(CatchTest.tolerance * 100, maxFractionDigits: 0) + "\u{00A0}%"
        let replace = test.nozzlesToReplace
        if replace.isEmpty {
            text += " " + (test.nozzle == nil ? tr("Every nozzle is within %@ of the mean.") : tr("Every nozzle is within %@ of the chart and the mean."))
                .filled(tolerance)
        } else {
            text += " " + trn("Replace nozzle %1$@: it is more than %2$@ off.", "Replace nozzles %1$@: they are more than %2$@ off.",
                             replace.count)
                .filled(replace.map(String.init).joined(separator: ", "), tolerance)
        }
        return text
    }
}
