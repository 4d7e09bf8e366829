// A product's formulation type: the CropLife code on its label (WG, SC, EC, …), or what
// it is when it is not a plant-protection product. It decides where the product goes in
// the order of filling the tank.

import SprayBase


public enum Formulation: String, CaseIterable, Sendable, Codable {
    case wp = "WP", wg = "WG", sg = "SG", sp = "SP"
    case sc = "SC", se = "SE", cs = "CS", sl = "SL"
    case ec = "EC", ew = "EW", od = "OD", me = "ME"
    case adjuvant, fertiliser, other

    /// "WG — water-dispersible granules", "adjuvant": for pickers.
    public var title: String {
        switch self {
        case .wp: "WP — " + tr("wettable powder")
        case .wg: "WG — " + tr("water-dispersible granules")
        case .sg: "SG — " + tr("water-soluble granules")
        case .sp: "SP — " + tr("water-soluble powder")
        case .sc: "SC — " + tr("suspension concentrate")
        case .se: "SE — " + tr("suspo-emulsion")
        case .cs: "CS — " + tr("capsule suspension")
        case .sl: "SL — " + tr("soluble concentrate")
        case .ec: "EC — " + tr("emulsifiable concentrate")
        case .ew: "EW — " + tr("emulsion, oil in water")
        case .od: "OD — " + tr("oil dispersion")
        case .me: "ME — " + tr("micro-emulsion")
        case .adjuvant: tr("adjuvant")
        case .fertiliser: tr("fertiliser")
        case .other: tr("other")
        }
    }

    /// The code as written on a label, or the translated word for the last three.
    public var shortName: String {
        switch self {
        case .adjuvant, .fertiliser, .other: title
        default: rawValue
        }
    }

    /// "WG", "wg", "adjuvant", "adiuwant", "nawóz", …; nil when not one of them.
    public init?(parsing text: String) {
        let key = text.trimmedWhitespace.lowercased()
        if let code = Formulation.allCases.first(where: { $0.rawValue.lowercased() == key }) {
            self = code
            return
        }
        switch key {
        case "adiuwant": self = .adjuvant
        case "fertilizer", "nawóz", "nawoz": self = .fertiliser
        case "inny", "inne": self = .other
        default: return nil
        }
    }
}
