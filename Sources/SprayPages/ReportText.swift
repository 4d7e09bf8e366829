// Text as the reports set it, the same for measuring and drawing: control characters kept by
// an older version shown as U+FFFD, characters no font has written as "[U+1F33E]", and words
// too long for their width cut into lines here.
// Left to Pango, a word of 100 000 characters took time growing with the square of its
// length (it shapes the rest of an unbroken paragraph again for every line it fills); cut
// here, each character is measured once per style, and each line is a paragraph of its own.

import SprayBase


final class ReportText: TextMeasurer {
    /// Words up to this many characters are left whole to the text engine.
    static let longWord = 30

    let base: any TextMeasurer
    private var characterWidths: [TextStyle: [Character: Double]] = [:]
    private var prepared: [PreparedKey: String] = [:]

    private struct PreparedKey: Hashable {
        var text: String
        var style: TextStyle
        var width: Double?
    }

    init(_ base: any TextMeasurer) {
        self.base = base
    }

    func measure(_ text: String, style: TextStyle, width: Double?) -> TextExtent {
        base.measure(prepare(text, style: style, width: width), style: style, width: width)
    }

    func height(of element: TextElement) -> Double {
        var element = element
        element.text = prepare(element.text, style: element.style, width: element.width)
        return base.height(of: element)
    }

    func lines(of element: TextElement) -> [TextLine] {
        var element = element
        element.text = prepare(element.text, style: element.style, width: element.width)
        return base.lines(of: element)
    }

    func drawable(_ text: String, style: TextStyle) -> String {
        base.drawable(text, style: style)
    }

    /// `text` as it is set in `style`, wrapped at `width` points when given.
    func prepare(_ text: String, style: TextStyle, width: Double?) -> String {
        let clean = base.drawable(FreeText.displayable(text, keepingLineBreaks: true), style: style)
        // A word longer than `longWord` characters needs more bytes than that.
        guard let width, clean.utf8.count > Self.longWord, hasLongWord(clean) else { return clean }
        let key = PreparedKey(text: clean, style: style, width: width)
        if let done = prepared[key] { return done }
        var result = ""
        var word: [Character] = []
        func flushWord() {
            if word.count > Self.longWord { result += cut(word, style: style, width: width) } else { result += String(word) }
            word.removeAll(keepingCapacity: true)
        }
        for character in clean {
            if character.isWhitespace {
                flushWord()
                result.append(character)
            } else {
                word.append(character)
            }
        }
        flushWord()
        prepared[key] = result
        return result
    }

    private func hasLongWord(_ text: String) -> Bool {
        var run = 0
        for character in text {
            run = character.isWhitespace ? 0 : run + 1
            if run > Self.longWord { return true }
        }
        return false
    }

    /// `word` with a line break wherever the next character would overflow `width` (with a
    /// little room for kerning, so the text engine never has to break it again).
    private func cut(_ word: [Character], style: TextStyle, width: Double) -> String {
        let room = width * 0.97
        var widths = characterWidths[style] ?? [:]
        defer { characterWidths[style] = widths }
        var result = ""
        result.reserveCapacity(word.count + word.count / 8)
        var line = 0.0
        for character in word {
            let advance: Double
            if let known = widths[character] {
                advance = known
            } else {
                advance = base.measure(String(character), style: style, width: nil).width
                widths[character] = advance
            }
            if line > 0, line + advance > room {
                result.append("\n")
                line = 0
            }
            result.append(character)
            line += advance
        }
        return result
    }

    /// `page` with every text as it is set.
    func prepare(_ page: ReportPage) -> ReportPage {
        ReportPage(elements: page.elements.map { element in
            guard case var .text(text) = element else { return element }
            text.text = prepare(text.text, style: text.style, width: text.width)
            return .text(text)
        })
    }
}
