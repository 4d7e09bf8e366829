// Which pressure gives a wanted flow from an ISO 10625 nozzle, and whether it lies in the
// nozzle's working range. The flow of one nozzle grows with the square root of the pressure
// (q₂ = q₁ × √(p₂ ÷ p₁)), so the pressure for flow q is p = 3 bar × (q ÷ q at 3 bar)².

import FoundationEssentials
import SprayBase

/// The pressures a standard flat-fan nozzle is used at, bar.
///
/// 1.5–5 bar is taken as the usual working range of a standard hydraulic flat-fan nozzle:
/// below it the fan does not open fully and the pattern breaks up, above it the drops get
/// fine and drift. Makers give narrower spans per model (TeeJet's extended-range XR tips,
/// for one, are listed for 1–4 bar); the nozzle's own catalogue has the last word, and the
/// window and `calibrate` say which range they used.
public enum WorkingRange {
    public static let lowest: Decimal = Decimal(string: "1.5")!
    public static let highest: Decimal = 5

    public static func contains(_ pressure: Decimal) -> Bool {
        pressure >= lowest && pressure <= highest
    }

    /// "1,5–5 bar".
    public static func text(format: NumberFormat = .current) -> String {
        format.string(lowest, maxFractionDigits: 1) + "–" + format.string(highest, maxFractionDigits: 1) + "\u{00A0}bar"
    }
}

/// A nozzle size asked for a flow: the pressure it needs, and a better size when that
/// pressure is outside the working range.
public struct NozzlePressure: Equatable, Sendable {
    public var size: NozzleSize
    /// l/min wanted.
    public var flow: Decimal
    /// bar.
    public var pressure: Decimal

    public init(size: NozzleSize, flow: Decimal) {
        self.size = size
        self.flow = flow
        pressure = size.pressure(forFlow: flow)
    }

    public var isInWorkingRange: Bool { WorkingRange.contains(pressure) }

    /// The size to use instead: the one whose flow at 3 bar is nearest the wanted flow; nil
    /// when this size is already in range, or already the nearest.
    public var suggestion: NozzleSize? {
        guard !isInWorkingRange else { return nil }
        let nearest = NozzleSize.nearest(toFlow: flow)
        return nearest == size ? nil : nearest
    }
}

extension NozzlePressure {
    /// Said when the pressure is outside the working range, with the size to use instead.
    public func warning(format: NumberFormat = .current) -> String? {
        guard !isInWorkingRange else { return nil }
        let pressureText = format.string(pressure, maxFractionDigits: 2) + "\u{00A0}bar"
        let outside = tr("%1$@ is outside %2$@, the usual working range of a standard flat-fan nozzle (check the maker’s chart).")
            .filled(pressureText, WorkingRange.text(format: format))
        guard let better = suggestion else { return outside }
        return outside + " " + tr("Size %1$@ gives %2$@ at 3 bar.")
            .filled(better.label, CalibrationQuantity.flow.formatted(better.chartFlow, format: format))
    }
}

extension NozzleSize {
    /// bar for `flow` l/min: 3 × q² ÷ q₃², one exact division (3 × 1² ÷ 0.8² = 4.6875).
    public func pressure(forFlow flow: Decimal) -> Decimal {
        NozzleSize.chartPressure * flow * flow / (chartFlow * chartFlow)
    }

    /// l/min at `pressure` bar. Only for tests and the chart: √ is not exact in Decimal.
    public func flow(atPressure pressure: Decimal) -> Double {
        chartFlow.doubleValue * (pressure.doubleValue / NozzleSize.chartPressure.doubleValue).squareRoot()
    }

    /// The size whose flow at 3 bar is nearest `flow` (the smaller of two equally near).
    public static func nearest(toFlow flow: Decimal) -> NozzleSize {
        allCases.min { ($0.chartFlow - flow).magnitude < ($1.chartFlow - flow).magnitude }!
    }

    /// "02 (yellow)".
    public var label: String { rawValue + " (" + colourName + ")" }
}
