// Every warning the farm gives, before spraying and on a record, is one of these kinds.
// The list is the one place a kind is made: its code (stable, for tests and scripts), its
// severity, and the text the doors show. Warnings never hold anything back: the farmer may
// hold an emergency authorisation, or the library may be out of date.

import FoundationEssentials

/// What a warning is about.
public enum AdviceKind: String, CaseIterable, Sendable {
    // The plan's own numbers.
    case unusualSprayRate = "plan-spray-volume"
    case unusualTankCapacity = "plan-tank"
    case manyLoads = "plan-loads"
    case manyProducts = "plan-products"
    case tooLittleToMeasure = "plan-too-little"
    // The label, as the farm's library keeps it.
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
    case cropNotAuthorised = "register-crop"
    case doseAboveRegister = "register-dose"
    case stageOutsideRegister = "register-bbch"
    case registerOld = "register-old"
    // The conditions of the treatment.
    case windAboveLaw = "law-wind"
    case bufferZone = "law-buffer-zone"
    case beeHazard = "law-bees"
    // The people and the equipment.
    case inspectionLapsed = "sprayer-inspection"
    case certificateLapsed = "operator-certificate"
    // The store of products.
    case stockUseUntil = "stock-use-until"
    // The record.
    case recordedWhenLabelGives = "record-label-field"

    /// How much it weighs: a `caution` says the treatment may break a rule; `advice` says
    /// what to check or keep up to date.
    public var severity: AdviceSeverity {
        switch self {
        case .registerOld, .recordedWhenLabelGives, .bufferZone, .ambiguousInRegister, .unusualSprayRate, .unusualTankCapacity, .manyLoads, .manyProducts: .advice
        default: .caution
        }
    }
}

public enum AdviceSeverity: String, Sendable {
    case caution, advice
}

/// One warning: its kind and the text the farmer reads.
public struct Advice: Equatable, Sendable {
    public var kind: AdviceKind
    public var text: String

    public init(_ kind: AdviceKind, _ text: String) {
        self.kind = kind
        self.text = text
    }

    public var severity: AdviceSeverity { kind.severity }
}
