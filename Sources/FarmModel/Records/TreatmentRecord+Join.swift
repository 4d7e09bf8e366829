// Two computers' states of one record made one, the same whichever is met first: the merge
// of the farm folder is a join (commutative, associative, idempotent), so every computer
// that has read the same journal lines holds the same record, in any order of arrival.

import FoundationEssentials
import SprayBase

extension TreatmentRecord {
    /// Every version either has (a version is its details and when they were saved), oldest
    /// first, the newest current; a version both have keeps the note one of them gave it
    /// (a correction's reason); the earlier withdrawal; marked changed on two computers when
    /// each had a version the other had not.
    package func joined(with other: TreatmentRecord) -> TreatmentRecord {
        if self == other { return self }
        // Versions are few (a record is rarely corrected more than a few times): plain scans,
        // the details compared only for versions saved in the same second.
        func same(_ a: RecordRevision, _ b: RecordRevision) -> Bool { a.isSame(as: b) }
        // Mine first, then what the other adds: one list, made once (a join runs 10 000 times
        // when a computer joins the farm).
        var all: [RecordRevision] = []
        all.reserveCapacity(corrections.count + other.corrections.count + 2)
        // A version a trail holds twice (saved again unchanged in one second) is one, on either
        // side alike: otherwise which side came first would decide how many the trail keeps.
        func addingOnce(_ versions: [RecordRevision]) -> [RecordRevision] {
            var once: [RecordRevision] = []
            for version in versions {
                if let known = once.firstIndex(where: { same($0, version) }) {
                    once[known].note = TrailJoin.chosenNote(once[known].note, version.note)
                    once[known].savedAt = min(once[known].savedAt, version.savedAt)
                } else {
                    once.append(version)
                }
            }
            return once
        }
        all += addingOnce(versions)
        let mineCount = all.count
        var theirs = addingOnce(other.versions)
        // The same first version saved at two moments (one file imported on two computers) is
        // one creation, at the earlier moment: the same content is never a conflict.
        if all[0].details == theirs[0].details, all[0].savedAt != theirs[0].savedAt {
            let earliest = min(all[0].savedAt, theirs[0].savedAt)
            all[0].savedAt = earliest
            theirs[0].savedAt = earliest
        }
        var otherAddsVersion = false
        // Which of mine were met in the other's (the rest looked for again below, a trail
        // holding one version twice aside).
        var shared = [Bool](repeating: false, count: mineCount)
        for index in theirs.indices {
            if let found = all.firstIndex(where: { same($0, theirs[index]) }) {
                // One version saved in one second, at its earlier moment on both sides.
                all[found].note = TrailJoin.chosenNote(all[found].note, theirs[index].note)
                all[found].savedAt = min(all[found].savedAt, theirs[index].savedAt)
                if found < mineCount { shared[found] = true }
            } else {
                all.append(theirs[index])
                otherAddsVersion = true
            }
        }
        let selfAddsVersion = shared.indices.contains { index in !shared[index] && !theirs.contains { same($0, all[index]) } }

        // Mostly in order already (the other's versions came after mine): sorted only when not.
        if !all.indices.dropFirst().allSatisfy({ all[$0 - 1].savedAt < all[$0].savedAt }) {
            all.sort { a, b in
                a.savedAt != b.savedAt ? a.savedAt < b.savedAt : Self.orderKey(a.details) < Self.orderKey(b.details)
            }
        }
        let withdrawal = TrailJoin.earlier(withdrawal, other.withdrawal)
        // A withdrawn record never changes: a version saved after the withdrawal (on a
        // computer that had not heard of it) is not part of it; its journal keeps it.
        if let withdrawal, all.count > 1 {
            let kept = all.filter { $0.savedAt <= withdrawal.at }
            if !kept.isEmpty { all = kept }
        }
        var joined = withTrail(all, joining: other)
        joined.withdrawal = withdrawal
        if changedOnTwoComputers || other.changedOnTwoComputers || (selfAddsVersion && otherAddsVersion) {
            joined.changedOnTwoComputersMark = true
        }
        return joined
    }

    /// This record with `versions` (oldest first, never empty) as its trail, the last one
    /// current, and what `other` (the same record elsewhere) adds: the earlier creation, a
    /// calculation or plan this one lacks.
    func withTrail(_ versions: [RecordRevision], joining other: TreatmentRecord) -> TreatmentRecord {
        var record = self
        var trail = versions
        let current = trail.removeLast()
        record.details = current.details
        record.changedAt = current.savedAt
        record.corrections = trail
        record.createdAt = min(createdAt, other.createdAt)
        record.calculation = calculation ?? other.calculation
        record.planID = planID ?? other.planID
        return record
    }

    /// Orders two versions saved in the same second, the same way on every computer.
    private static func orderKey(_ details: TreatmentDetails) -> String {
        var line = "", numbers = DecimalTexts()
        details.appendJSON(to: &line, numbers: &numbers, preserved: RecordPreservedMembers())
        return line
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
