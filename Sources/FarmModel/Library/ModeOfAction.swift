// A product's mode of action as its label prints it: the resistance committees' group — FRAC
// for fungicides, HRAC for herbicides, IRAC for insecticides — and the group's code ("FRAC 3",
// "HRAC 4", "IRAC 3A", "FRAC M5"). Spraying one group again and again on a field breeds
// resistance: SeasonCheck warns when the last treatment there used the same group.

import FoundationEssentials
import SprayBase

public struct ModeOfAction: Hashable, Sendable, CustomStringConvertible {
    public enum Committee: String, CaseIterable, Sendable {
        case frac = "FRAC", hrac = "HRAC", irac = "IRAC"
    }

    public var committee: Committee
    /// "3", "3A", "M5", "BM01", "UN".
    public var group: String

    /// "FRAC 3" as typed in any case, with or without a space ("frac3", "IRAC 3a"); nil when
    /// it is not a committee followed by a group of one to five letters and digits.
    public init?(parsing text: String) {
        let compact = text.trimmedWhitespace.uppercased().filter { $0 != " " }
        guard let committee = Committee.allCases.first(where: { compact.hasPrefix($0.rawValue) }) else { return nil }
        let group = String(compact.dropFirst(committee.rawValue.count))
        guard (1...5).contains(group.count), group.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) }),
              group.contains(where: \.isNumber) || group.count <= 2 else { return nil }
        self.committee = committee
        self.group = group
    }

    public var description: String { committee.rawValue + " " + group }

    /// The modes of a text listing them, separated by commas or semicolons: the modes read,
    /// and the pieces that are none (to be named in a message).
    public static func list(_ text: String) -> (modes: [ModeOfAction], unreadable: [String]) {
        var modes: [ModeOfAction] = [], unreadable: [String] = []
        for piece in text.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == "\n" }).map({ String($0).trimmedWhitespace }) where !piece.isEmpty {
            if let mode = ModeOfAction(parsing: piece) { if !modes.contains(mode) { modes.append(mode) } } else { unreadable.append(piece) }
        }
        return (modes, unreadable)
    }
}
