// The catch test: every nozzle's spray collected in a jug for the same number of seconds.
// Flow q = collected ml × 60 ÷ (1 000 × seconds). A nozzle more than ±10 % off the chart
// flow of its size, or off the boom's mean, is worn or blocked: replace it.

import FileFormats
import FoundationEssentials
import SprayBase

public struct CatchTest: Equatable, Sendable {
    /// The share of the reference flow a nozzle may be off before it is replaced: ±10 %.
    public static let tolerance = Decimal(string: "0.1")!

    /// s.
    public var seconds: Decimal
    /// ml collected from each nozzle, in boom order.
    public var millilitres: [Decimal]
    /// The size fitted, when known: its chart flow is the other reference.
    public var nozzle: NozzleSize?

    public init(seconds: Decimal, millilitres: [Decimal], nozzle: NozzleSize? = nil) {
        self.seconds = seconds
        self.millilitres = millilitres
        self.nozzle = nozzle
    }

    /// One nozzle's result.
    public struct Reading: Equatable, Sendable {
        /// 1-based position on the boom.
        public var number: Int
        public var millilitres: Decimal
        /// l/min.
        public var flow: Decimal
        /// (flow − chart flow) ÷ chart flow; nil without a nozzle size.
        public var deviationFromChart: Decimal?
        /// (flow − mean) ÷ mean.
        public var deviationFromMean: Decimal
        /// More than ±10 % off the chart or off the mean.
        public var needsReplacing: Bool
    }

    /// l/min of `ml` collected over `seconds` s.
    public static func flow(millilitres ml: Decimal, seconds: Decimal) -> Decimal {
        ml * 60 / (1000 * seconds)
    }

    public var flows: [Decimal] { millilitres.map { Self.flow(millilitres: $0, seconds: seconds) } }

    /// l/min: what the boom's nozzles give on average (what a calibration saves).
    public var meanFlow: Decimal {
        // From the sum of the volumes: one division, exact where it can be.
        let total = millilitres.reduce(0, +)
        return total * 60 / (1000 * seconds * Decimal(millilitres.count))
    }

    public var readings: [Reading] {
        let mean = meanFlow
        let chart = nozzle?.chartFlow
        return zip(millilitres, flows).enumerated().map { index, pair in
            let (ml, flow) = pair
            let fromChart = chart.map { (flow - $0) / $0 }
            let fromMean = (flow - mean) / mean
            return Reading(number: index + 1, millilitres: ml, flow: flow, deviationFromChart: fromChart,
                           deviationFromMean: fromMean,
                           needsReplacing: Self.isBeyondTolerance(flow, chart) || Self.isBeyondTolerance(flow, mean))
        }
    }

    /// The nozzles to replace, by their number on the boom.
    public var nozzlesToReplace: [Int] { readings.filter(\.needsReplacing).map(\.number) }

    /// |flow − reference| > 10 % of reference, compared without dividing (exactly 10 % is kept).
    static func isBeyondTolerance(_ flow: Decimal, _ reference: Decimal?) -> Bool {
        guard let reference else { return false }
        return (flow - reference).magnitude > reference * tolerance
    }

    /// The volumes as typed: separated by commas ("480, 510, 495") or, to write decimal
    /// commas, by semicolons ("480,5; 510"); line breaks separate too. The window's field and
    /// `calibrate catch --ml` read the same way.
    public static func splitVolumes(_ text: String) -> [String] {
        let separator: Character = text.contains(";") ? ";" : ","
        return text.split(omittingEmptySubsequences: false) { $0 == separator || $0.isNewline }
            .map { String($0).trimmedWhitespace }
            .filter { !$0.isEmpty }
    }
}

extension Decimal {
    /// "+4,2 %", "−10 %", "0 %": a share as a signed percentage with one place.
    public func signedPercent(format: NumberFormat = .current) -> String {
        let percent = (self * 100).rounded(fractionDigits: 1)
        let sign = percent > 0 ? "+" : percent < 0 ? "−" : ""
        return sign + format.string(percent.magnitude, maxFractionDigits: 1) + "\u{00A0}%"
    }
}
