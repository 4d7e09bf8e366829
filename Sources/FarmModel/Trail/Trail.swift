// The trail a treatment record and a stock entry keep alike: every version, oldest first, the
// current one last, and one withdrawal. Two computers' states of one item are made one by one
// join for both kinds, the same whichever is met first, however grouped, however often
// (TrailJoinLawTests): the farm folder's merge, a restore and an import all end in it.

import FoundationEssentials
import SprayBase

/// One version a trail keeps: what it said, when it was saved, why it was replaced, and what
/// a newer version of the app wrote into it that this one does not know.
package protocol TrailVersion: Equatable {
    associatedtype Content: Equatable
    associatedtype Members: JoinableMembers
    var content: Content { get }
    var savedAt: Date { get set }
    var note: String { get set }
    var preserved: Members { get set }
    /// The content as the file writes it: two versions saved in one second are ordered by it,
    /// the same way on every computer.
    var contentBytes: [UInt8] { get }
}

/// What a newer version wrote and this one keeps unread: joined member by member.
package protocol JoinableMembers: Equatable {
    func joined(with other: Self) -> Self
}

extension TrailVersion {
    /// The same version: the same content saved in the same second. Files give the moment to
    /// the second or to the millisecond, with any offset from UTC: one moment all the same.
    package func isSame(as other: Self) -> Bool {
        savedAt.timeIntervalSince1970.rounded(.down) == other.savedAt.timeIntervalSince1970.rounded(.down) && content == other.content
    }

    /// One version held on two sides: the earlier moment, the note one of them gave it, what
    /// either kept unread.
    fileprivate mutating func absorb(_ other: Self) {
        savedAt = min(savedAt, other.savedAt)
        note = Trail.chosenNote(note, other.note)
        preserved = preserved.joined(with: other.preserved)
    }

    /// Saved before `other`: by moment, and in one moment by content.
    fileprivate func precedes(_ other: Self) -> Bool {
        savedAt != other.savedAt ? savedAt < other.savedAt : contentBytes.lexicographicallyPrecedes(other.contentBytes)
    }
}

package enum Trail {
    /// Two trails of one item (each oldest first, never empty) as one.
    package struct Joined<Version: TrailVersion> {
        /// Every version either holds, once, oldest first; none saved after the withdrawal.
        package var versions: [Version]
        package var withdrawal: Withdrawal?
        /// Each side held a version the other did not: the item was changed on two computers.
        package var changedOnBothSides: Bool
    }

    /// Every version either trail holds, once (the same content saved in the same second),
    /// oldest first. One creation of the same content saved at two moments (one file imported
    /// on two computers) is one version, at the earlier moment. The earlier withdrawal; a
    /// withdrawn item never changes, so a version saved after it (on a computer that had not
    /// heard of it) is not part of it.
    package static func joined<Version: TrailVersion>(_ mine: [Version], _ theirs: [Version],
                                                      withdrawals: (Withdrawal?, Withdrawal?)) -> Joined<Version> {
        var all = once(mine), others = once(theirs)
        if all[0].content == others[0].content, all[0].savedAt != others[0].savedAt {
            let earliest = min(all[0].savedAt, others[0].savedAt)
            all[0].savedAt = earliest
            others[0].savedAt = earliest
        }
        // Which side holds each version: mine first, then what only the other adds.
        var held = [(mine: Bool, theirs: Bool)](repeating: (true, false), count: all.count)
        for version in others {
            if let found = all.firstIndex(where: { $0.isSame(as: version) }) {
                all[found].absorb(version)
                held[found].theirs = true
            } else {
                all.append(version)
                held.append((false, true))
            }
        }
        var order = Array(all.indices)
        // Mostly in order already (the other's versions came after mine): sorted only when not.
        if !order.dropFirst().allSatisfy({ all[$0 - 1].precedes(all[$0]) }) {
            order.sort { all[$0].precedes(all[$1]) }
        }
        let withdrawal = earlier(withdrawals.0, withdrawals.1)
        if let withdrawal, order.count > 1 {
            let kept = order.filter { all[$0].savedAt <= withdrawal.at }
            if !kept.isEmpty { order = kept }
        }
        // Changed on both sides: each holds a version the other does not, of those the item keeps.
        let changedOnBothSides = order.contains { held[$0] == (true, false) } && order.contains { held[$0] == (false, true) }
        all = order.map { all[$0] }
        return Joined(versions: all, withdrawal: withdrawal, changedOnBothSides: changedOnBothSides)
    }

    /// A trail holding one version twice (saved again unchanged in one second) holds it once,
    /// on either side alike: otherwise which side came first would decide how many it keeps.
    private static func once<Version: TrailVersion>(_ versions: [Version]) -> [Version] {
        var once: [Version] = []
        once.reserveCapacity(versions.count)
        for version in versions {
            if let known = once.firstIndex(where: { $0.isSame(as: version) }) {
                once[known].absorb(version)
            } else {
                once.append(version)
            }
        }
        return once
    }

    /// The note of a version both sides hold: the one given, of two the first in text order.
    static func chosenNote(_ a: String, _ b: String) -> String {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        return min(a, b)
    }

    /// Of two withdrawals, the earlier; at the same moment, the first reason in text order.
    static func earlier(_ a: Withdrawal?, _ b: Withdrawal?) -> Withdrawal? {
        switch (a, b) {
        case let (a?, b?): (a.at, a.reason) <= (b.at, b.reason) ? a : b
        case let (a, b): a ?? b
        }
    }

    /// Of two values either side may lack, the one given; of two different ones, the one whose
    /// bytes come first: the same whichever side is met first.
    static func either<Value: Equatable>(_ a: Value?, _ b: Value?, bytes: (Value) -> [UInt8]) -> Value? {
        guard let a, let b, a != b else { return a ?? b }
        return bytes(a).lexicographicallyPrecedes(bytes(b)) ? a : b
    }
}

/// What keeps a trail: a treatment record, a stock entry. Their store (TrailStore) corrects,
/// withdraws and merges them alike, and says its refusals in the item's words.
package protocol TrailedItem: Identifiable, Equatable, Sendable where ID == UUID {
    associatedtype Version: TrailVersion
    var versions: [Version] { get }
    var withdrawal: Withdrawal? { get set }
    func joined(with other: Self) -> Self
    /// The item's own words for what a trail store refuses.
    static func refusal(_ refusal: TrailRefusal) -> any Error
}

package enum TrailRefusal: Equatable, Sendable {
    case notFound, withdrawn, withdrawalNeedsReason
    /// The withdrawal's reason breaks the notes' rule (FreeText.notesProblem).
    case reason(String)
}

extension TreatmentRecord: TrailedItem {
    package static func refusal(_ refusal: TrailRefusal) -> any Error {
        switch refusal {
        case .notFound: RecordError.notFound
        case .withdrawn: RecordError.withdrawn
        case .withdrawalNeedsReason: RecordError.withdrawalNeedsReason
        case let .reason(problem): RecordError.invalidDraft(tr("Why it is withdrawn") + ": " + problem)
        }
    }
}

extension StockEntry: TrailedItem {
    package static func refusal(_ refusal: TrailRefusal) -> any Error {
        switch refusal {
        case .notFound: StockError.notFound
        case .withdrawn: StockError.withdrawn
        case .withdrawalNeedsReason: StockError.withdrawalNeedsReason
        case let .reason(problem): StockError.invalid([StockProblem(.note, problem)])
        }
    }
}
