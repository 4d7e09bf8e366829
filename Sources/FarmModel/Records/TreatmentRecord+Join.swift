// Two computers' states of one record made one, the same whichever is met first: the merge
// of the farm folder is a join (commutative, associative, idempotent), so every computer
// that has read the same journal lines holds the same record, in any order of arrival.
// The record's digest, by which the journal tells what changed, is here too.

import FoundationEssentials
import SprayBase
import SprayMix

extension TreatmentRecord {
    /// This record and `other` (the same id, from a backup or another computer) as one: the
    /// trail's join (Trail.joined) of their versions and withdrawals; the earlier creation; the
    /// calculation and plan either was made from (of two, the same one whichever side joins);
    /// what either kept unread; marked changed on two computers when each had a version the
    /// other had not, until it is withdrawn.
    package func joined(with other: TreatmentRecord) -> TreatmentRecord {
        if self == other { return self }
        let trail = Trail.joined(versions, other.versions, withdrawals: (withdrawal, other.withdrawal))
        var joined = self
        var versions = trail.versions
        let current = versions.removeLast()
        joined.details = current.details
        joined.changedAt = current.savedAt
        joined.currentNote = current.note.isEmpty ? nil : current.note
        joined.corrections = versions
        joined.createdAt = min(createdAt, other.createdAt)
        joined.withdrawal = trail.withdrawal
        let made = Trail.either(Made(self), Made(other)) { $0.bytes }
        joined.calculation = made?.calculation
        joined.planID = Trail.either(planID, other.planID) { Array($0.uuidString.utf8) }
        joined.preserved = RecordPreservedMembers(record: preserved.record.joined(with: other.preserved.record),
                                                  details: current.preserved.details, products: current.preserved.products)
        joined.preserved.calculation = made?.preserved ?? PreservedMembers()
        joined.preserved.kept = current.preserved.kept
        joined.preserved.recordValues = preserved.recordValues.joined(with: other.preserved.recordValues)
        // A withdrawn record never changes again: which computer's version it shows is settled.
        joined.changedOnTwoComputersMark = trail.withdrawal == nil
            && (changedOnTwoComputers || other.changedOnTwoComputers || trail.changedOnBothSides) ? true : nil
        return joined
    }

    /// The calculation a record was made from, with what a newer version wrote into it.
    private struct Made: Equatable {
        var calculation: JobInput
        var preserved: PreservedMembers

        init?(_ record: TreatmentRecord) {
            guard let calculation = record.calculation else { return nil }
            self.calculation = calculation
            preserved = record.preserved.calculation
        }

        var bytes: [UInt8] {
            var line = "", numbers = DecimalTexts()
            calculation.appendJSON(to: &line, numbers: &numbers, preserved: preserved)
            return Array(line.utf8)
        }
    }

    /// What the journal said of the record last: its whole state, hashed (FNV-1a, 64 bits).
    package func digest(numbers: inout DecimalTexts) -> UInt64 {
        var line = ""
        appendJSON(to: &line, numbers: &numbers)
        return Self.digest(ofJSON: line.utf8)
    }

    /// The digest of a record whose JSON (as `appendJSON` writes it) is `json`.
    package static func digest(ofJSON json: some Sequence<UInt8>) -> UInt64 {
        json.withContiguousStorageIfAvailable(digest(of:)) ?? Array(json).withUnsafeBufferPointer(digest(of:))
    }

    private static let digestStart: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let digestPrime: UInt64 = 0x0100_0000_01b3

    private static func digest(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = digestStart
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= digestPrime
        }
        return hash
    }

    /// The digests of two records' JSON at once, each as `digest(ofJSON:)` gives it: the hash
    /// is one multiplication after another, and two of them side by side keep a core busy
    /// twice as much (10 000 records are ~30 MB to hash).
    package static func digests(ofJSON first: ArraySlice<UInt8>, _ second: ArraySlice<UInt8>) -> (UInt64, UInt64) {
        first.withUnsafeBufferPointer { a in
            second.withUnsafeBufferPointer { b in
                var hashA = digestStart, hashB = digestStart
                let common = min(a.count, b.count)
                for index in 0..<common {
                    hashA = (hashA ^ UInt64(a[index])) &* digestPrime
                    hashB = (hashB ^ UInt64(b[index])) &* digestPrime
                }
                for byte in a[common...] { hashA = (hashA ^ UInt64(byte)) &* digestPrime }
                for byte in b[common...] { hashB = (hashB ^ UInt64(byte)) &* digestPrime }
                return (hashA, hashB)
            }
        }
    }
}
