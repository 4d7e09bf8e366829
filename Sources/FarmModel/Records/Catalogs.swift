// The crops (EPPO codes) and BBCH principal stages a record picks from, bundled with the
// app (Catalogs+Data.swift, generated from shared/reference). Searched without diacritics
// in Polish and English names and codes; a code not in the list is still accepted when it
// has the EPPO shape.

import SprayBase


/// A crop of the bundled list.
public struct Crop: Equatable, Hashable, Sendable {
    public var eppoCode: String
    public var polishName: String
    public var englishName: String

    /// The name in `language`.
    public func name(in language: Language) -> String {
        language == .polish ? polishName : englishName
    }

    /// What a record keeps of it.
    public func choice(in language: Language) -> CropChoice {
        CropChoice(eppoCode: eppoCode, name: name(in: language))
    }
}

public enum CropCatalog {
    public static var all: [Crop] { entries }

    /// The crop with `code` (any case); nil when it is not in the list.
    public static func crop(code: String) -> Crop? {
        let code = code.trimmedWhitespace.uppercased()
        return entries.first { $0.eppoCode == code }
    }

    /// The crops whose code or either name contains every word of `text`, ignoring case and
    /// diacritics ("psz oz" finds pszenica ozima); all of them for blank text.
    public static func search(_ text: String) -> [Crop] {
        let words = SearchFolding.fold(text).split(separator: UInt8(ascii: " ")).map(Array.init)
        guard !words.isEmpty else { return entries }
        return entries.filter { crop in
            let haystack = SearchFolding.fold(crop.eppoCode + " " + crop.polishName + " " + crop.englishName)
            return words.allSatisfy { SearchFolding.contains(haystack, $0) }
        }
    }

    /// Whether `code` looks like an EPPO code: five or six capital letters or digits, a
    /// letter among them (TRZAW, 3GRAC, 1BRSG).
    public static func hasEPPOShape(_ code: String) -> Bool {
        let scalars = code.unicodeScalars
        return (5...6).contains(scalars.count)
            && scalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
            && scalars.contains { ("A"..."Z").contains($0) }
    }
}

/// A BBCH principal growth stage: the first digit of a two-digit BBCH code.
public struct BBCHStage: Equatable, Sendable {
    public var principal: Int
    public var polishName: String
    public var englishName: String

    public func name(in language: Language) -> String {
        language == .polish ? polishName : englishName
    }

    /// The principal stage of a two-digit code ("31" → stage 3); nil when the text is not
    /// two digits.
    public static func of(code: String) -> BBCHStage? {
        guard isValid(code: code), let first = code.first?.wholeNumberValue else { return nil }
        return principal.first { $0.principal == first }
    }

    /// "00" to "99".
    public static func isValid(code: String) -> Bool {
        code.count == 2 && code.allSatisfy(\.isASCIIDigit)
    }
}

extension CropCatalog {
    /// A crop's code, whole name (any case, diacritics optional) or "name (CODE)", or a code
    /// of the EPPO shape not in the list; nil for anything else.
    /// Named in the UI's language; or, for a file (`fileLanguage` given), a name matched in
    /// the language it was written in and a code in the file's language — never the window's.
    public static func choice(typed text: String, fileLanguage: Language? = nil) -> CropChoice? {
        let typed = text.trimmedWhitespace
        guard !typed.isEmpty else { return nil }
        let language = fileLanguage ?? Translation.current.language
        if let known = crop(code: typed) { return known.choice(in: language) }
        if typed.hasSuffix(")"), let open = typed.lastIndex(of: "("),
           let known = crop(code: String(typed[typed.index(after: open)...].dropLast())) {
            return known.choice(in: language)
        }
        let folded = SearchFolding.fold(typed)
        let named = all.filter { SearchFolding.fold($0.polishName) == folded || SearchFolding.fold($0.englishName) == folded }
        if named.count == 1 {
            let written: Language = SearchFolding.fold(named[0].polishName) == folded ? .polish : .english
            return named[0].choice(in: fileLanguage == nil ? language : written)
        }
        if hasEPPOShape(typed) { return CropChoice(eppoCode: typed, name: "") }
        return nil
    }

    /// "pszenica ozima (TRZAW)" for every crop of the list, in the UI language: what a crop entry completes from.
    public static var titles: [String] {
        let language = Translation.current.language
        return all.map { $0.choice(in: language).title }
    }
}
