// The ISO 10625 flat-fan nozzle sizes: each has a colour and a flow at 3 bar
// (±5 %), the chart farmers know from the nozzle body.

import FoundationEssentials
import SprayBase

public enum NozzleSize: String, CaseIterable, Sendable, Codable {
    case size01 = "01"
    case size015 = "015"
    case size02 = "02"
    case size025 = "025"
    case size03 = "03"
    case size035 = "035"
    case size04 = "04"
    case size05 = "05"
    case size06 = "06"
    case size08 = "08"

    /// The pressure the chart's flows are given at, bar.
    public static let chartPressure: Decimal = 3

    /// Litres per minute at 3 bar.
    public var chartFlow: Decimal {
        switch self {
        case .size01: Decimal(string: "0.4")!
        case .size015: Decimal(string: "0.6")!
        case .size02: Decimal(string: "0.8")!
        case .size025: 1
        case .size03: Decimal(string: "1.2")!
        case .size035: Decimal(string: "1.4")!
        case .size04: Decimal(string: "1.6")!
        case .size05: 2
        case .size06: Decimal(string: "2.4")!
        case .size08: Decimal(string: "3.2")!
        }
    }

    /// The colour's name, as a farmer says it.
    public var colourName: String {
        switch self {
        case .size01: tr("orange")
        case .size015: tr("green")
        case .size02: tr("yellow")
        case .size025: tr("lilac")
        case .size03: tr("blue")
        // ISO 10625:2018 changed 035 from grey-brown to burgundy.
        case .size035: tr("burgundy")
        case .size04: tr("red")
        case .size05: tr("brown")
        case .size06: tr("grey")
        case .size08: tr("white")
        }
    }

    /// The colour as "#rrggbb", for a swatch.
    public var colourHex: String {
        switch self {
        case .size01: "#f28c28"
        case .size015: "#2e9e44"
        case .size02: "#f5d000"
        case .size025: "#9b7fc9"
        case .size03: "#1f5fbf"
        case .size035: "#8c1c3c"
        case .size04: "#d42020"
        case .size05: "#7a4b22"
        case .size06: "#8a8a8a"
        case .size08: "#ffffff"
        }
    }

    /// The chart's own codes, "01" to "08"; nil for anything else.
    public init?(parsing text: String) {
        self.init(rawValue: text.trimmedWhitespace)
    }
}

/// A sprayer's measured setting: the nozzle flow at a speed and pressure, on a date.
/// The spray volume follows from the sprayer's nozzle spacing.
public struct SprayerCalibration: Equatable, Sendable, Codable {
    /// Litres per minute per nozzle, as measured (the catch test's mean) or computed.
    public var flowPerNozzle: Decimal
    /// km/h.
    public var speed: Decimal
    /// bar; nil when not known.
    public var pressure: Decimal?
    public var date: CalendarDate

    private enum CodingKeys: String, CodingKey {
        case flowPerNozzle = "flow", speed, pressure, date
    }

    public init(flowPerNozzle: Decimal, speed: Decimal, pressure: Decimal? = nil, date: CalendarDate) {
        self.flowPerNozzle = flowPerNozzle
        self.speed = speed
        self.pressure = pressure
        self.date = date
    }
}
