// What the joins of a record and of a stock entry decide alike, so that two computers joining
// the same two states in either order end with the same one.


enum TrailJoin {
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
}
