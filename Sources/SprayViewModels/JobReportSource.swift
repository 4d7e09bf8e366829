// The job report of a history entry or of a record: its plan worked out again from the
// calculation it keeps, or why there is none — one error, said the same way by the history
// and the register.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

/// Why a history entry or a record gives no job report.
public enum NoJobReport: Error, Equatable {
    /// A record typed in (from paper, say): it keeps no calculation.
    case notFromACalculation
    /// The calculation kept no longer makes a plan (a file changed by hand, say).
    case noLongerAPlan(InvalidJob)

    public var title: String {
        switch self {
        case .notFromACalculation: tr("No job report for this record")
        case .noLongerAPlan: tr("No job report")
        }
    }

    public var detail: String {
        switch self {
        case .notFromACalculation: tr("This record was not made from a calculation, so there is no recipe to print.")
        case let .noLongerAPlan(invalid):
            tr("Its calculation no longer makes a plan: %@").filled(invalid.errors.map(\.problem.message).joined(separator: "; "))
        }
    }

    static func plan(of input: JobInput?) -> Result<TankMixPlan, NoJobReport> {
        guard let input else { return .failure(.notFromACalculation) }
        return TankMixEngine.plan(input).mapError { .noLongerAPlan($0) }
    }
}

extension HistoryViewModel {
    /// The plan of `entry` for its job report.
    public func plan(for entry: HistoryEntry) -> Result<TankMixPlan, NoJobReport> { NoJobReport.plan(of: entry.input) }
}

extension RegisterViewModel {
    /// The plan `record` was made from, for its job report.
    public func plan(for record: TreatmentRecord) -> Result<TankMixPlan, NoJobReport> { NoJobReport.plan(of: record.calculation) }
}
