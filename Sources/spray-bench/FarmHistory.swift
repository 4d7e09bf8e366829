// Generated history entries for the benchmarks.

import FarmModel
import FoundationEssentials
import SprayMix

private let productNames = ["Herbicyd Śląski", "Fungicyd Złoty", "Insektycyd", "Adiuwant", "Mocznik", "Siarczan magnezu", "Mikroelementy"]
private let crops = ["Rzepak ozimy", "Pszenica ozima", "Kukurydza", "Buraki cukrowe", "Jęczmień jary"]
private let units: [RateUnit] = [.litresPerHectare, .millilitresPerHectare, .kilogramsPerHectare, .gramsPerHectare]
/// A farm's years of spraying: `count` entries with varied products, parcels, crops and
/// notes, one every few hours from 2022-01-01.
func farmHistory(count: Int) -> [HistoryEntry] {
    var random = SystemRandomNumberGenerator()
    let start = Date(timeIntervalSince1970: 1_640_995_200)  // 2022-01-01
    return (0..<count).map { index in
    HistoryEntry(
        timestamp: start.addingTimeInterval(Double(index) * 3 * 3600),
        input: JobInput(
            area: Decimal(Int.random(in: 5...4000, using: &random)) / 10, sprayRate: [100, 150, 200, 250, 300].randomElement(using: &random)!,
            tankCapacity: [600, 800, 2500, 3000, 4000].randomElement(using: &random)!,
            products: (0..<Int.random(in: 1...3, using: &random)).map { _ in
                ProductInput(name: productNames.randomElement(using: &random)!, rate: Decimal(Int.random(in: 1...40, using: &random)) / 4,
                             unit: units.randomElement(using: &random)!)
            },
            strategy: Bool.random(using: &random) ? .full : .equal),
        parcel: Bool.random(using: &random) ? "Działka \(Int.random(in: 1...60, using: &random))" : nil,
        crop: Bool.random(using: &random) ? crops.randomElement(using: &random) : nil,
        notes: Int.random(in: 0..<4, using: &random) == 0 ? "Wiatr \(Int.random(in: 0...5, using: &random)) m/s; 14 °C, bez deszczu" : nil)
}
}
