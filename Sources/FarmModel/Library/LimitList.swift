// A label's limits as the farmer types them, "3; TRZAW: 1" (a number for every crop, a crop's
// EPPO code before its own): the pieces LibraryFormReader reads, and what `library add` makes of
// a limit given for one crop when the product has others (and of a smaller zone, "75: 5", given
// for one drift class: the same shape, its class before the colon).

import FoundationEssentials
import SprayBase

/// A list of limits as typed, "3; TRZAW: 1": its pieces, and one merged into another.
public enum LimitList {
    /// One piece: the crop's EPPO code (upper case) or nil for every crop, and its number as typed.
    public struct Piece: Equatable, Sendable {
        public var crop: String?
        public var typedCrop: String
        public var value: String
    }

    /// The pieces of `text` that are not blank, in order.
    public static func pieces(_ text: String) -> [Piece] {
        text.split(separator: ";").map { String($0).trimmedWhitespace }.filter { !$0.isEmpty }.map { piece in
            let parts = piece.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).trimmedWhitespace }
            return parts.count == 2 ? Piece(crop: parts[0].uppercased(), typedCrop: parts[0], value: parts[1])
                : Piece(crop: nil, typedCrop: "", value: piece)
        }
    }

    /// `typed` added to `existing`: a limit typed replaces the one for the same crop (or for
    /// every crop), the others stay. A `typed` with nothing in it is left alone, to be refused.
    public static func merging(_ typed: String, into existing: String) -> String {
        let given = pieces(typed)
        guard !given.isEmpty else { return typed }
        let kept = text(existing).filter { piece in !given.contains { $0.crop == pieceCrop(piece) } }
        return (kept + [typed]).joined(separator: "; ")
    }

    private static func text(_ list: String) -> [String] {
        list.split(separator: ";").map { String($0).trimmedWhitespace }.filter { !$0.isEmpty }
    }

    private static func pieceCrop(_ piece: String) -> String? { pieces(piece).first?.crop }
}
