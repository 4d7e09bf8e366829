// An authorisation number as it is compared: the ministry's files spell one number several
// ways — "R-9/2016wu" and "R-5/2016 wu", "h.r." and "h.r", "R-1/2013 PE" and "R-1/2013/PE",
// capitals or not — and a farmer types it any of them. One key for all the spellings of a
// number, and never one for two numbers: "R-5/2016" is not "R-5/2016 wu".

import SprayBase

public enum AuthorisationNumber {
    /// The number with case, spaces, dots and dashes left out and a suffix's "/" dropped:
    /// "R-45/2015 h.r." and "r-45/2015 H.R" are both "R45/2015HR", "R-1/2013/PE" and
    /// "R-1/2013 PE" both "R1/2013PE". Empty for a blank number.
    public static func key(_ number: String) -> String {
        var scalars: [Unicode.Scalar] = []
        for scalar in number.uppercased().unicodeScalars {
            switch scalar {
            case ".", "-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2212}": continue
            case _ where scalar.properties.isWhitespace: continue
            default: scalars.append(scalar)
            }
        }
        // "…/2013/PE": a slash between the year and a suffix of letters is no part of the number.
        if let slash = scalars.lastIndex(of: "/"), slash > 0, scalars[slash - 1].properties.numericType != nil,
           slash + 1 < scalars.count, scalars[(slash + 1)...].allSatisfy({ $0.properties.isAlphabetic }),
           scalars[..<slash].contains("/") {
            scalars.remove(at: slash)
        }
        var key = String.UnicodeScalarView()
        key.append(contentsOf: scalars)
        return String(key)
    }

    /// Whether `a` and `b` are spellings of one number (two blanks are not).
    public static func same(_ a: String, _ b: String) -> Bool {
        let key = key(a)
        return !key.isEmpty && key == Self.key(b)
    }
}
