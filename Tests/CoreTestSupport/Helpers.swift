// Shared by the core's and the command line's tests: exact decimals, a language's number
// format, and a complete treatment record.

import FoundationEssentials
import FarmModel
import SprayBase
import SprayMix

/// An exact decimal from its literal text: d("258.4").
public func d(_ text: String) -> Decimal {
    guard let value = Decimal(string: text) else { fatalError("bad decimal literal \(text)") }
    return value
}

/// Runs `body` with `language`'s number format and English messages, then restores the translator.
public func withLanguage<T>(_ language: Language, _ body: () throws -> T) rethrows -> T {
    let previous = Translation.current
    var translator = Translator.english
    translator.language = language
    Translation.install(translator)
    defer { Translation.install(previous) }
    return try body()
}

/// A complete surface record: every Annex field filled.
public func completeDetails(date: CalendarDate = CalendarDate(year: 2026, month: 4, day: 14)!) -> TreatmentDetails {
    TreatmentDetails(
        use: .surface, date: date, startTime: ClockTime(hour: 6, minute: 30), parcel: "Działka 7 „za stodołą”",
        parcelIDs: ["141201_1.0001.123/4", "141201_1.0001.124"], treatedSize: d("4.2"), parcelSize: d("8.4"), basis: .hectare,
        crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"), bbch: "31", seedBatch: nil,
        products: [ProductUse(name: "Fungicyd Ś", authorisation: "R-12/2024", dose: d("1.25"), doseUnit: .litres, quantityUsed: d("5.25")),
                   ProductUse(name: "Adiuwant", authorisation: "R-3/2021", dose: 200, doseUnit: .millilitres, quantityUsed: 840)],
        reason: "septorioza liści", operatorName: "Łukasz Nowak", notes: "wiatr 2 m/s; 12 °C")
}
