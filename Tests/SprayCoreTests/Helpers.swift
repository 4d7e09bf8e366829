import FoundationEssentials
import XCTest
@testable import SprayCore

/// An exact decimal from its literal text: d("258.4").
func d(_ text: String) -> Decimal {
    guard let value = Decimal(string: text) else { fatalError("bad decimal literal \(text)") }
    return value
}

/// Runs `body` with `language`'s number format and English messages, then restores the translator.
func withLanguage<T>(_ language: Language, _ body: () throws -> T) rethrows -> T {
    let previous = Translation.current
    var translator = Translator.english
    translator.language = language
    Translation.install(translator)
    defer { Translation.install(previous) }
    return try body()
}
