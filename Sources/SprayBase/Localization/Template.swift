// Fills placeholders in translated messages without Foundation's ICU-backed String(format:).
// Supports `%@` and `%d` (taken in order), `%1$@`…`%9$@` / `%1$d`… (by position, so a
// translation may reorder them) and `%%`. Arguments arrive already formatted as text.

extension String {
    public func filled(_ arguments: String...) -> String {
        filled(arguments)
    }

    public func filled(_ arguments: [String]) -> String {
        var result = ""
        var nextArgument = 0
        var characters = self[...]
        while let percent = characters.firstIndex(of: "%") {
            result += characters[..<percent]
            characters = characters[characters.index(after: percent)...]
            guard let first = characters.first else { result += "%"; break }
            if first == "%" {
                result += "%"
                characters = characters.dropFirst()
                continue
            }
            var position: Int? = nil
            var spec = characters
            if let digit = first.wholeNumberValue, spec.dropFirst().first == "$" {
                position = digit - 1
                spec = spec.dropFirst(2)
            }
            guard let kind = spec.first, kind == "@" || kind == "d" else {
                result += "%"
                continue
            }
            let index = position ?? nextArgument
            if position == nil { nextArgument += 1 }
            result += index < arguments.count ? arguments[index] : ""
            characters = spec.dropFirst()
        }
        result += characters
        return result
    }
}
