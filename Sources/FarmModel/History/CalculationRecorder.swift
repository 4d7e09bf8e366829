import FoundationEssentials
import SprayMix

/// Keeps each calculation the user records (HistoryStore implements it).
public protocol CalculationRecorder: AnyObject {
    @discardableResult
    func record(_ input: JobInput, at date: Date) throws -> HistoryEntry
}
