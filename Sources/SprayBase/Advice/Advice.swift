// Every warning the farm gives — before spraying, on a record, in the store, under the
// register, in the library's rows — is one of these kinds, with its weight: what the label or
// the law forbids, or what is only advised. The words of each kind are made in one place,
// AdviceWords.swift (and AdviceWords+Farm.swift). Warnings never hold anything back: the
// farmer may hold an emergency authorisation, or the library may be out of date; what is
// forbidden comes first and looks apart at every door.

import FoundationEssentials

/// What a warning is about.
public enum AdviceKind: String, CaseIterable, Sendable {
    // The plan's own numbers.
    case unusualSprayRate = "plan-spray-volume"
    case unusualTankCapacity = "plan-tank"
    case manyLoads = "plan-loads"
    case manyProducts = "plan-products"
    case tooLittleToMeasure = "plan-too-little"
    // The label, as the farm's library keeps it (or the register, where the library gives none).
    case rateAboveLabel = "label-rate"
    case treatmentsAboveLabel = "label-treatments"
    case treatmentInterval = "label-interval"
    case modeOfActionRepeated = "label-mode-of-action"
    // The farm's own rules (Preferences).
    case ownModeOfActionLimit = "farm-mode-of-action-limit"
    // The ministry's register.
    case notInRegister = "register-unknown"
    case ambiguousInRegister = "register-ambiguous"
    case otherAuthorisation = "register-authorisation"
    case pastUseUntil = "register-use-until"
    case useUntilUnreadable = "register-use-until-unreadable"
    case cropNotAuthorised = "register-crop"
    case doseAboveRegister = "register-dose"
    case stageOutsideRegister = "register-bbch"
    case registerOld = "register-old"
    case notForOrganic = "register-organic"
    case organicUnknown = "register-organic-unknown"
    // The conditions of the treatment.
    case windAboveLaw = "law-wind"
    case bufferZone = "law-buffer-zone"
    case beeHazard = "law-bees"
    // The people and the equipment.
    case inspectionLapsed = "sprayer-inspection"
    case inspectionLapsingSoon = "sprayer-inspection-soon"
    case certificateLapsed = "operator-certificate"
    case certificateLapsingSoon = "operator-certificate-soon"
    // The store of products.
    case stockUseUntil = "stock-use-until"
    case stockUseUntilPassed = "stock-use-until-passed"
    case stockUseUntilSoon = "stock-use-until-soon"
    case stockBelowZero = "stock-below-zero"
    case stockCannotBeAddedUp = "stock-cannot-add-up"
    case stockNeedsChecking = "stock-needs-checking"
    case stockWithoutNumber = "stock-without-number"
    // The record.
    case recordedWhenLabelGives = "record-label-field"

    /// Whether the label or the law forbids the treatment (a count or interval exceeded, a dose
    /// over the label's, a crop or stage off the label, past its use-until date, the wind over
    /// the limit, a lapsed inspection or certificate, bees in flight), or only advises.
    public var severity: AdviceSeverity {
        switch self {
        case .rateAboveLabel, .treatmentsAboveLabel, .treatmentInterval, .pastUseUntil, .cropNotAuthorised, .doseAboveRegister,
             .stageOutsideRegister, .notForOrganic, .windAboveLaw, .beeHazard, .inspectionLapsed, .certificateLapsed, .stockUseUntilPassed:
            .forbidden
        case .unusualSprayRate, .unusualTankCapacity, .manyLoads, .manyProducts, .tooLittleToMeasure, .modeOfActionRepeated,
             .ownModeOfActionLimit, .notInRegister, .ambiguousInRegister, .otherAuthorisation, .useUntilUnreadable, .organicUnknown, .registerOld, .bufferZone,
             .inspectionLapsingSoon, .certificateLapsingSoon, .stockUseUntil, .stockUseUntilSoon, .stockBelowZero, .stockCannotBeAddedUp,
             .stockNeedsChecking, .stockWithoutNumber, .recordedWhenLabelGives:
            .advice
        }
    }
}

/// How much a warning weighs.
public enum AdviceSeverity: String, Comparable, Sendable {
    /// The label or the law forbids the treatment as it stands.
    case forbidden
    /// What to check, keep in mind or keep up to date.
    case advice

    public static func < (a: AdviceSeverity, b: AdviceSeverity) -> Bool { a == .forbidden && b == .advice }

    /// "Forbidden", "Note": what a terminal or a page puts before the warnings of this weight.
    public var heading: String {
        switch self {
        case .forbidden: tr("Forbidden")
        case .advice: tr("Note")
        }
    }
}

/// One warning: its kind, what it is about, and the text the farmer reads.
public struct Advice: Equatable, Sendable {
    public var kind: AdviceKind
    public var text: String
    /// What it is about — a product, a field, a sprayer, an operator, the register — by the name
    /// the farm gives it: with the kind, what tells one warning from another (never the text).
    public var subject: String

    public init(_ kind: AdviceKind, _ text: String, about subject: String = "") {
        self.kind = kind
        self.text = text
        self.subject = subject
    }

    public var severity: AdviceSeverity { kind.severity }
}

extension [Advice] {
    /// What is forbidden first, then what is advised; each in the order it was found.
    public var forbiddenFirst: [Advice] {
        filter { $0.severity == .forbidden } + filter { $0.severity == .advice }
    }

    /// These without the ones `said` holds already: the same kind about the same subject.
    public func unsaid(after said: [Advice]) -> [Advice] {
        let known = Set(said.map { $0.kind.rawValue + "\u{1F}" + $0.subject.lowercased() })
        return filter { !known.contains($0.kind.rawValue + "\u{1F}" + $0.subject.lowercased()) }
    }

    /// Each line as a terminal says it: "Forbidden: …", then "Note: …".
    public var linesWithWeight: [String] {
        forbiddenFirst.map { $0.severity.heading + ": " + $0.text }
    }
}
