// What the register's free texts say where they say it plainly: a date cell, the largest
// dose of a dose text, the BBCH stages of a timing text. Bytes, not Characters: a release
// has tens of thousands of these.

import FileFormats
import FoundationEssentials
import SprayBase
import SprayMix

/// What the register's free texts say, where they say it plainly.
public enum OfficialRegisterText {
    /// A date cell: a spreadsheet date or serial, or text in any form the ministry has used
    /// (RegisterDate); nil when empty or unreadable.
    public static func date(_ cell: SheetCell) -> CalendarDate? {
        RegisterDate(cell).day
    }

    /// The largest dose a dose text allows: the one after "maksymalna", else the upper end of
    /// the first dose given ("1,0-1,5 l/ha" is 1,5 l/ha); nil when no dose with a unit per
    /// hectare is written.
    public static func maxDose(_ text: String) -> (value: Decimal, unit: RateUnit)? {
        let folded = SearchFolding.fold(text)
        let doses = self.doses(in: folded)
        guard !doses.isEmpty else { return nil }
        if let maximum = firstIndex(of: Array("maksymaln".utf8), in: folded), let after = doses.first(where: { $0.at >= maximum }) {
            return (after.value, after.unit)
        }
        return (doses[0].value, doses[0].unit)
    }

    private static let units: [([UInt8], RateUnit)] = [(Array("ml/ha".utf8), .millilitresPerHectare), (Array("kg/ha".utf8), .kilogramsPerHectare),
                                                       (Array("g/ha".utf8), .gramsPerHectare), (Array("l/ha".utf8), .litresPerHectare)]

    /// Each "1,5 l/ha" or "1,0-1,5 l/ha" (its upper end) in the folded UTF-8 `text`, in order.
    /// Bytes, not Characters: the ministry's file has tens of thousands of these.
    private static func doses(in text: [UInt8]) -> [(at: Int, value: Decimal, unit: RateUnit)] {
        func isDigit(_ at: Int) -> Bool { at < text.count && text[at] >= 0x30 && text[at] <= 0x39 }
        func skipSpaces(_ at: inout Int) { while at < text.count, text[at] == 0x20 { at += 1 } }
        /// The number at `at` ("1,5", "20", "0.75") and the index after it.
        func number(at start: Int) -> (Decimal, Int)? {
            var end = start, digits: [UInt8] = []
            while end < text.count {
                if isDigit(end) { digits.append(text[end]) }
                else if (text[end] == UInt8(ascii: ",") || text[end] == UInt8(ascii: ".")), isDigit(end + 1), !digits.contains(UInt8(ascii: ".")) {
                    digits.append(UInt8(ascii: "."))
                } else { break }
                end += 1
            }
            guard end > start, let value = Decimal(string: String(decoding: digits, as: UTF8.self)) else { return nil }
            return (value, end)
        }
        var found: [(at: Int, value: Decimal, unit: RateUnit)] = []
        var index = 0
        while index < text.count {
            guard isDigit(index), index == 0 || !isDigit(index - 1) else { index += 1; continue }
            guard var (value, cursor) = number(at: index) else { index += 1; continue }
            // A range: "1,0-1,5", "200 – 300" (the dash folded is "–" in UTF-8, three bytes).
            var after = cursor
            skipSpaces(&after)
            let dash = after < text.count && text[after] == UInt8(ascii: "-") ? 1
                : text[after...].starts(with: [0xE2, 0x80, 0x93]) ? 3 : 0
            if dash > 0 {
                var next = after + dash
                skipSpaces(&next)
                if isDigit(next), let (upper, end) = number(at: next) { (value, cursor) = (upper, end) }
            }
            var unitStart = cursor
            skipSpaces(&unitStart)
            if let unit = units.first(where: { text[unitStart...].starts(with: $0.0) }) {
                found.append((index, value, unit.1))
                index = unitStart + unit.0.count
            } else {
                index = cursor
            }
        }
        return found
    }

    private static func firstIndex(of needle: [UInt8], in text: [UInt8]) -> Int? {
        guard !needle.isEmpty, text.count >= needle.count else { return nil }
        for start in 0...(text.count - needle.count) where text[start] == needle[0] && text[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    /// The BBCH stages a timing text names: "(BBCH 31-69)" and "BBCH 31 – BBCH 69" give both
    /// ends, "do BBCH 39" the last, "od BBCH 13" the first, "BBCH 30" that one.
    public static func bbchRange(_ text: String) -> (from: Int?, to: Int?) {
        let folded = SearchFolding.fold(text)
        guard let first = firstIndex(of: Array("bbch".utf8), in: folded) else { return (nil, nil) }
        func isDigit(_ at: Int) -> Bool { at < folded.count && folded[at] >= 0x30 && folded[at] <= 0x39 }
        func skipSpaces(_ at: inout Int) { while at < folded.count, folded[at] == 0x20 { at += 1 } }
        /// One or two digits (not three: "BBCH 123" is no stage) at `at`, after spaces.
        func stage(after index: Int) -> (value: Int, end: Int)? {
            var start = index
            skipSpaces(&start)
            var end = start
            while isDigit(end), end - start < 2 { end += 1 }
            guard end > start, !isDigit(end) else { return nil }
            return (Int(String(decoding: folded[start..<end], as: UTF8.self))!, end)
        }
        guard let low = stage(after: first + 4) else { return (nil, nil) }
        var cursor = low.end
        skipSpaces(&cursor)
        let dash = cursor < folded.count && folded[cursor] == UInt8(ascii: "-") ? 1
            : folded[cursor...].starts(with: [0xE2, 0x80, 0x93]) ? 3 : 0
        if dash > 0 {
            cursor += dash
            skipSpaces(&cursor)
            if folded[cursor...].starts(with: Array("bbch".utf8)) { cursor += 4 }
            if let high = stage(after: cursor), high.value >= low.value { return (low.value, high.value) }
        }
        var before = folded[..<first]
        while before.last == 0x20 { before = before.dropLast() }
        func endsWithWord(_ word: String) -> Bool {
            let bytes = Array(word.utf8)
            return before.count >= bytes.count && before.suffix(bytes.count).elementsEqual(bytes)
                && (before.count == bytes.count || before[before.endIndex - bytes.count - 1] == 0x20 || before[before.endIndex - bytes.count - 1] == UInt8(ascii: "("))
        }
        if endsWithWord("do") { return (nil, low.value) }
        if endsWithWord("od") { return (low.value, nil) }
        return (low.value, low.value)
    }

    /// "TAK", "NIE" and their kin as a yes or no; nil when empty or neither.
    public static func yesOrNo(_ text: String) -> Bool? {
        switch String(decoding: SearchFolding.fold(text.trimmedWhitespace), as: UTF8.self) {
        case "tak", "t", "1", "x", "true", "prawda", "yes", "y": true
        case "nie", "n", "0", "false", "falsz", "no": false
        default: nil
        }
    }

    /// The crops of a use that names several, split at commas and semicolons outside
    /// parentheses ("pszenica ozima, pszenżyto ozime"); the text itself when it names one.
    public static func crops(_ text: String) -> [String] {
        guard text.contains(",") || text.contains(";") else { return [text] }
        var pieces: [String] = [], current = "", depth = 0
        for character in text {
            switch character {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            // Each pattern its own condition: a "where" binds only the pattern it follows.
            case "," where depth == 0, ";" where depth == 0:
                pieces.append(current.trimmedWhitespace)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        pieces.append(current.trimmedWhitespace)
        pieces.removeAll { $0.isEmpty }
        return pieces.count > 1 && pieces.count <= 50 ? pieces : [text]
    }

    /// The date a release's file name or title carries: "rejestr podstawowy - 26.06.2026 r.",
    /// "rejestr-zastosowan-26062026-r.xlsx" (the address dane.gov.pl gives it), 2026-06-26.
    public static func releaseDate(in text: String) -> CalendarDate? {
        // Runs of digits, each with where it starts and the character before it.
        var runs: [(digits: [UInt8], start: Int, before: UInt8?)] = []
        var previous: UInt8?
        for (offset, byte) in text.utf8.enumerated() {
            if (0x30...0x39).contains(byte) {
                if let last = previous, (0x30...0x39).contains(last) { runs[runs.count - 1].digits.append(byte) }
                else { runs.append(([byte], offset, previous)) }
            }
            previous = byte
        }
        func number(_ digits: [UInt8]) -> Int { digits.reduce(0) { $0 * 10 + Int($1 - 0x30) } }
        let joiners: Set<UInt8> = [UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_")]
        for (index, run) in runs.enumerated() {
            if run.digits.count == 8 {
                let day = number(Array(run.digits[0..<2])), month = number(Array(run.digits[2..<4])), year = number(Array(run.digits[4..<8]))
                if let date = CalendarDate(year: year, month: month, day: day) { return date }
                if let date = CalendarDate(year: number(Array(run.digits[0..<4])), month: number(Array(run.digits[4..<6])),
                                           day: number(Array(run.digits[6..<8]))) { return date }
            }
            // Three runs one joiner apart: "26.06.2026", "2026-06-26".
            guard index + 2 < runs.count, runs[index + 1].start == run.start + run.digits.count + 1,
                  runs[index + 2].start == runs[index + 1].start + runs[index + 1].digits.count + 1,
                  let first = runs[index + 1].before, let second = runs[index + 2].before, joiners.contains(first), first == second else { continue }
            let (a, b, c) = (run.digits, runs[index + 1].digits, runs[index + 2].digits)
            if a.count <= 2, b.count <= 2, c.count == 4, let date = CalendarDate(year: number(c), month: number(b), day: number(a)) {
                return date
            }
            if a.count == 4, b.count <= 2, c.count <= 2, let date = CalendarDate(year: number(a), month: number(b), day: number(c)) {
                return date
            }
        }
        return nil
    }

    /// The limits a use's texts state in so many words: "Maksymalna liczba zabiegów w sezonie: 2"
    /// ("1-2": the upper end, the most the label allows) and "Odstęp pomiędzy zabiegami: 7-14 dni"
    /// or "co 7-10 dni" (the lower end, the shortest it allows; weeks in days). A number
    /// followed by a distance ("odstęp od zbiorników wodnych 20 m") is never an interval.
    public static func treatmentLimits(_ text: String) -> (treatments: Int?, intervalDays: Int?) {
        let folded = SearchFolding.fold(text)
        var treatments: Int?, interval: Int?
        for at in occurrences(of: Array("liczba zabiegow".utf8), in: folded) where treatments == nil {
            // A count is followed by nothing, "zabiegi", "w sezonie" or the next sentence; never by days or metres.
            if let found = figure(in: folded, from: at + 15, reach: 40), ![.days, .weeks, .distance].contains(found.unit),
               (1...50).contains(found.upper) {
                treatments = found.upper
            }
        }
        for phrase in ["odstep", "co "] {
            for at in occurrences(of: Array(phrase.utf8), in: folded) where interval == nil {
                // "co" a word of its own ("co 7 dni"), not the end of another.
                if phrase == "co ", at > 0, (0x61...0x7A).contains(folded[at - 1]) || folded[at - 1] >= 0x80 { continue }
                guard let found = figure(in: folded, from: at + phrase.utf8.count, reach: phrase == "co " ? 2 : 40) else { continue }
                let days: Int? = switch found.unit {
                case .days: found.lower
                case .weeks: found.lower * 7
                // A bare number is days only where the text says between what ("odstęp między zabiegami: 10").
                case .none: phrase == "odstep" && SearchFolding.contains(Array(folded[at..<found.start]), Array("zabieg".utf8)) ? found.lower : nil
                case .distance, .count, .other: nil
                }
                if let days, (1...365).contains(days) { interval = days }
            }
        }
        return (treatments, interval)
    }

    /// What follows a figure in a label's text.
    enum FigureUnit { case none, days, weeks, distance, count, other }

    /// The first figure within `reach` bytes after `start` — a number or a range ("7-14",
    /// "7 – 14", "7 do 14") — and the word after it.
    static func figure(in text: [UInt8], from start: Int, reach: Int) -> (lower: Int, upper: Int, unit: FigureUnit, start: Int)? {
        func isDigit(_ at: Int) -> Bool { at < text.count && (0x30...0x39).contains(text[at]) }
        func skipSpaces(_ at: inout Int) { while at < text.count, text[at] == 0x20 { at += 1 } }
        guard start < text.count, let first = text[start..<min(text.count, start + reach)].firstIndex(where: { (0x30...0x39).contains($0) }) else {
            return nil
        }
        func number(at index: Int) -> (value: Int, end: Int)? {
            var end = index
            while isDigit(end) { end += 1 }
            // A decimal ("1,5 m") is read whole, so that its unit is seen.
            if end + 1 < text.count, text[end] == UInt8(ascii: ",") || text[end] == UInt8(ascii: "."), isDigit(end + 1) {
                var after = end + 1
                while isDigit(after) { after += 1 }
                return end - index <= 3 ? (Int(String(decoding: text[index..<end], as: UTF8.self))!, after) : nil
            }
            return end - index <= 3 ? (Int(String(decoding: text[index..<end], as: UTF8.self))!, end) : nil
        }
        guard let low = number(at: first) else { return nil }
        var upper = low.value, cursor = low.end
        var probe = cursor
        skipSpaces(&probe)
        let dash = probe < text.count && text[probe] == UInt8(ascii: "-") ? 1
            : text[probe...].starts(with: [0xE2, 0x80, 0x93]) ? 3 : text[probe...].starts(with: Array("do ".utf8)) ? 3 : 0
        if dash > 0 {
            var next = probe + dash
            skipSpaces(&next)
            if isDigit(next), let high = number(at: next), high.value >= low.value { (upper, cursor) = (high.value, high.end) }
        }
        skipSpaces(&cursor)
        var wordEnd = cursor
        while wordEnd < text.count, (0x61...0x7A).contains(text[wordEnd]) { wordEnd += 1 }
        let word = String(decoding: text[cursor..<wordEnd], as: UTF8.self)
        let unit: FigureUnit
        switch word {
        case "": unit = .none
        case "m", "km", "cm", "mm", "metr", "metry", "metrow", "metra", "metrach": unit = .distance
        case _ where word.hasPrefix("dni") || word.hasPrefix("dzien") || word.hasPrefix("doba") || word.hasPrefix("dob"): unit = .days
        case _ where word.hasPrefix("tydz") || word.hasPrefix("tygod"): unit = .weeks
        case _ where word.hasPrefix("zabieg") || word.hasPrefix("raz") || word == "w" || word == "na": unit = .count
        default: unit = .other
        }
        return (low.value, upper, unit, first)
    }

    /// Where each `needle` starts in `text`.
    private static func occurrences(of needle: [UInt8], in text: [UInt8]) -> [Int] {
        guard !needle.isEmpty, text.count >= needle.count else { return [] }
        return (0...(text.count - needle.count)).filter { start in
            text[start] == needle[0] && text[start..<(start + needle.count)].elementsEqual(needle)
        }
    }
}
