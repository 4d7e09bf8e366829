// The sprayer's four quantities and the one formula that ties them:
// l/ha = 600 × q ÷ (v × w), with q in l/min per nozzle, v in km/h and w the nozzle spacing
// in m (600 = 10 000 m²/ha ÷ 1 000 m/km × 60 min/h). Any three give the fourth. The
// calibration window (CalibrationViewModel) and `calibrate` both solve through here.

import FoundationEssentials
import SprayBase

/// One of the four quantities of a sprayer setting.
public enum CalibrationQuantity: String, CaseIterable, Sendable {
    /// Spray volume, l/ha.
    case rate
    /// Flow per nozzle, l/min.
    case flow
    /// Forward speed, km/h.
    case speed
    /// Nozzle spacing on the boom, m.
    case spacing

    public var unit: String {
        switch self {
        case .rate: "l/ha"
        case .flow: "l/min"
        case .speed: "km/h"
        case .spacing: "m"
        }
    }

    /// The quantity's name as the window labels it.
    public var name: String {
        switch self {
        case .rate: tr("Spray volume")
        case .flow: tr("Flow per nozzle")
        case .speed: tr("Speed")
        case .spacing: tr("Nozzle spacing")
        }
    }

    /// Places shown when the quantity is read, not typed: enough for a jug and a speedometer.
    public var displayDigits: Int {
        switch self {
        case .rate: 1
        case .flow, .speed, .spacing: 2
        }
    }

    /// "1,25 l/min".
    public func formatted(_ value: Decimal, format: NumberFormat = .current) -> String {
        format.string(value, maxFractionDigits: displayDigits) + "\u{00A0}" + unit
    }
}

/// A full sprayer setting: all four quantities, each positive.
public struct SprayerSetting: Equatable, Sendable {
    /// l/ha.
    public var rate: Decimal
    /// l/min per nozzle.
    public var flow: Decimal
    /// km/h.
    public var speed: Decimal
    /// m.
    public var spacing: Decimal

    public init(rate: Decimal, flow: Decimal, speed: Decimal, spacing: Decimal) {
        self.rate = rate
        self.flow = flow
        self.speed = speed
        self.spacing = spacing
    }

    /// The setting with `missing` computed from the other three in `known` (which must hold
    /// them, each positive). Each result is one exact product divided by another, so it is
    /// exact whenever the quotient has a finite decimal expansion (200, 408, 1.25).
    public static func solving(_ missing: CalibrationQuantity, from known: [CalibrationQuantity: Decimal]) -> SprayerSetting {
        let rate = known[.rate] ?? 0, flow = known[.flow] ?? 0, speed = known[.speed] ?? 0, spacing = known[.spacing] ?? 0
        switch missing {
        case .rate: return SprayerSetting(rate: 600 * flow / (speed * spacing), flow: flow, speed: speed, spacing: spacing)
        case .flow: return SprayerSetting(rate: rate, flow: rate * speed * spacing / 600, speed: speed, spacing: spacing)
        case .speed: return SprayerSetting(rate: rate, flow: flow, speed: 600 * flow / (rate * spacing), spacing: spacing)
        case .spacing: return SprayerSetting(rate: rate, flow: flow, speed: speed, spacing: 600 * flow / (rate * speed))
        }
    }

    public subscript(quantity: CalibrationQuantity) -> Decimal {
        switch quantity {
        case .rate: rate
        case .flow: flow
        case .speed: speed
        case .spacing: spacing
        }
    }
}

/// What one tank does at a spray volume: the area it covers and the distance driven.
public struct TankReach: Equatable, Sendable {
    /// ha.
    public var hectares: Decimal
    /// m driven with the whole boom; nil when the working width is not known.
    public var metres: Decimal?

    /// `tank` litres at `rate` l/ha, with a boom `width` m wide.
    public init(tank: Decimal, rate: Decimal, width: Decimal?) {
        hectares = tank / rate
        // One division: tank × 10 000 ÷ (rate × width) stays exact where it can.
        metres = width.map { tank * 10_000 / (rate * $0) }
    }
}
