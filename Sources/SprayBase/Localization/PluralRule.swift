// The plural rule a catalog's header declares ("Plural-Forms: nplurals=3; plural=…;"),
// evaluated without the C library: the header comes from a file, so the expression is
// parsed by a small parser that knows only the C subset gettext uses — n, integer
// literals, ?:, ||, &&, ==, !=, <, >, <=, >=, %, +, -, *, /, ! and parentheses — and
// refuses anything else. Arithmetic is unsigned and wraps, as gettext's `unsigned long`;
// a division by zero has no form, and the caller falls back to the English rule.

public struct PluralRule: Sendable, Equatable {
    /// How many forms a plural translation has.
    public let count: Int
    private let expression: Expression

    /// The source language's rule: "one" for 1, "other" for every other count.
    public static let english = PluralRule(count: 2, expression: .binary(.notEqual, .n, .literal(1)))

    /// The longest expression read, and how deep parentheses, ?: and ! may nest: a real rule
    /// is under 200 characters; a longer one is refused before it can cost anything.
    static let maximumLength = 512
    static let maximumDepth = 32
    /// The most forms a rule may declare (Arabic, the most, has six).
    static let maximumCount = 16

    private init(count: Int, expression: Expression) {
        self.count = count
        self.expression = expression
    }

    /// Reads `plural=EXPRESSION` with `nplurals=COUNT`; nil when either is missing or the
    /// expression is not one gettext's grammar allows.
    public init?(count: Int, expression text: String) {
        guard (1...Self.maximumCount).contains(count), text.utf8.count <= Self.maximumLength,
              var parser = Parser(text), let expression = parser.parse() else { return nil }
        self.init(count: count, expression: expression)
    }

    /// The rule of a catalog header (the translation of the empty msgid); nil without a
    /// Plural-Forms line or with one that cannot be read.
    public init?(header: String) {
        guard let line = header.split(separator: "\n").first(where: { $0.hasPrefix("Plural-Forms:") }) else { return nil }
        var count: Int?
        var expression: String?
        for part in line.dropFirst("Plural-Forms:".count).split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let key = pair[0].trimmingSpaces
            if key == "nplurals" { count = Int(pair[1].trimmingSpaces) }
            if key == "plural" { expression = String(pair[1]) }
        }
        guard let count, let expression else { return nil }
        self.init(count: count, expression: expression)
    }

    /// The form for `n`: an index below `count`, or nil when the expression has none for it
    /// (a division by zero, an index out of range).
    public func index(for n: Int) -> Int? {
        guard let value = expression.evaluate(UInt64(clamping: max(n, 0))), value < UInt64(count) else { return nil }
        return Int(value)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

private indirect enum Expression: Sendable, Equatable {
    enum Operator: Sendable, Equatable {
        case or, and, equal, notEqual, less, greater, lessOrEqual, greaterOrEqual, plus, minus, times, divide, remainder
    }

    case n
    case literal(UInt64)
    case not(Expression)
    case binary(Operator, Expression, Expression)
    case condition(Expression, Expression, Expression)

    func evaluate(_ n: UInt64) -> UInt64? {
        switch self {
        case .n: return n
        case .literal(let value): return value
        case .not(let operand): return operand.evaluate(n).map { $0 == 0 ? 1 : 0 }
        case .condition(let test, let then, let otherwise):
            guard let value = test.evaluate(n) else { return nil }
            return value != 0 ? then.evaluate(n) : otherwise.evaluate(n)
        case .binary(let op, let left, let right):
            guard let a = left.evaluate(n) else { return nil }
            // || and && do not evaluate their right side when the left decides, as in C.
            if op == .or && a != 0 { return 1 }
            if op == .and && a == 0 { return 0 }
            guard let b = right.evaluate(n) else { return nil }
            switch op {
            case .or, .and: return b != 0 ? 1 : 0
            case .equal: return a == b ? 1 : 0
            case .notEqual: return a != b ? 1 : 0
            case .less: return a < b ? 1 : 0
            case .greater: return a > b ? 1 : 0
            case .lessOrEqual: return a <= b ? 1 : 0
            case .greaterOrEqual: return a >= b ? 1 : 0
            case .plus: return a &+ b
            case .minus: return a &- b
            case .times: return a &* b
            case .divide: return b == 0 ? nil : a / b
            case .remainder: return b == 0 ? nil : a % b
            }
        }
    }
}

/// Recursive descent over C's precedence: ?: (right to left), ||, &&, == !=, < > <= >=,
/// + -, * / %, unary !, then n, a number or a parenthesised expression.
private struct Parser {
    private enum Token: Equatable {
        case n, number(UInt64), symbol(String)
    }

    private var tokens: [Token]
    private var position = 0
    private var depth = 0

    init?(_ text: String) {
        var tokens: [Token] = []
        let bytes = Array(text.utf8)
        var index = 0
        let twoCharacter: Set<String> = ["||", "&&", "==", "!=", "<=", ">="]
        let oneCharacter: Set<UInt8> = Set("?:<>+-*/%!()".utf8)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                index += 1
            } else if byte == UInt8(ascii: "n") {
                tokens.append(.n)
                index += 1
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                var value: UInt64 = 0
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                    let (sum, overflow2) = times.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
                    guard !overflow1, !overflow2 else { return nil }
                    value = sum
                    index += 1
                }
                tokens.append(.number(value))
            } else if index + 1 < bytes.count,
                      let pair = String(validating: bytes[index...index + 1], as: UTF8.self), twoCharacter.contains(pair) {
                tokens.append(.symbol(pair))
                index += 2
            } else if oneCharacter.contains(byte) {
                tokens.append(.symbol(String(decoding: [byte], as: UTF8.self)))
                index += 1
            } else {
                return nil
            }
        }
        self.tokens = tokens
    }

    mutating func parse() -> Expression? {
        guard let expression = condition(), position == tokens.count else { return nil }
        return expression
    }

    private var next: Token? { position < tokens.count ? tokens[position] : nil }

    private mutating func take(_ symbol: String) -> Bool {
        guard next == .symbol(symbol) else { return false }
        position += 1
        return true
    }

    private mutating func nested<T>(_ body: (inout Parser) -> T?) -> T? {
        guard depth < PluralRule.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        return body(&self)
    }

    private mutating func condition() -> Expression? {
        nested { parser in
            guard let test = parser.binary(level: 0) else { return nil }
            guard parser.take("?") else { return test }
            guard let then = parser.condition(), parser.take(":"), let otherwise = parser.condition() else { return nil }
            return .condition(test, then, otherwise)
        }
    }

    private static let levels: [[(String, Expression.Operator)]] = [
        [("||", .or)],
        [("&&", .and)],
        [("==", .equal), ("!=", .notEqual)],
        [("<=", .lessOrEqual), (">=", .greaterOrEqual), ("<", .less), (">", .greater)],
        [("+", .plus), ("-", .minus)],
        [("*", .times), ("/", .divide), ("%", .remainder)],
    ]

    private mutating func binary(level: Int) -> Expression? {
        guard level < Self.levels.count else { return unary() }
        guard var left = binary(level: level + 1) else { return nil }
        while let (_, op) = Self.levels[level].first(where: { take($0.0) }) {
            guard let right = binary(level: level + 1) else { return nil }
            left = .binary(op, left, right)
        }
        return left
    }

    private mutating func unary() -> Expression? {
        if take("!") {
            return nested { parser in parser.unary().map { .not($0) } }
        }
        switch next {
        case .n:
            position += 1
            return .n
        case .number(let value):
            position += 1
            return .literal(value)
        case .symbol("("):
            position += 1
            guard let inner = condition(), take(")") else { return nil }
            return inner
        default:
            return nil
        }
    }
}
