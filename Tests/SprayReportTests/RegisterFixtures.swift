// Treatment records the register tests print: one of each type of use, a withdrawn one, an
// incomplete one, and runs of typical one-product records for counting pages.

@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import FoundationEssentials
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels

enum RegisterFixtures {
    static let from = CalendarDate(year: 2027, month: 1, day: 1)!
    static let to = CalendarDate(year: 2027, month: 12, day: 31)!
    static let farm = Settings(farmName: "Gospodarstwo Rolne Jan Kowalski", producerNumber: "071234567")
    /// 14 April 2027, local noon: that calendar day in any time zone.
    static let saved = Clock.fixed(on: CalendarDate(year: 2027, month: 4, day: 14)!).now

    static func date(_ month: Int, _ day: Int) -> CalendarDate { CalendarDate(year: 2027, month: month, day: day)! }

    /// Winter wheat, half the parcel, two products: every Annex field of a surface use.
    static var wheat: TreatmentRecord {
        TreatmentRecord(details: TreatmentDetails(
            use: .surface, date: date(4, 14), startTime: ClockTime(hour: 6, minute: 30), parcel: "Pole za stodołą",
            parcelIDs: ["141201_1.0001.123/4"], treatedSize: Decimal(string: "12.5")!, parcelSize: 25, basis: .hectare,
            crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"), bbch: "31",
            products: [
                ProductUse(name: "Fungicyd Zielony 250 EC", authorisation: "R-12/2024", dose: Decimal(string: "1.25")!,
                           doseUnit: .litres, quantityUsed: Decimal(string: "15.625")!),
                ProductUse(name: "Adiuwant Plus", authorisation: "R-7/2019", dose: Decimal(string: "0.2")!, doseUnit: .litres),
            ],
            reason: "septorioza paskowana liści", operatorName: "Jan Kowalski"), createdAt: saved)
    }

    static var seeds: TreatmentRecord {
        TreatmentRecord(details: TreatmentDetails(
            use: .seeds, date: date(9, 20), parcel: "Magazyn nasion", treatedSize: 2, basis: .tonne,
            crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"), seedBatch: "PL-2027-0456",
            products: [ProductUse(name: "Zaprawa Nasienna FS", authorisation: "R-31/2022", dose: 2, doseUnit: .litres)],
            reason: "śnieć cuchnąca", operatorName: "Anna Nowak"), createdAt: saved)
    }

    static var withdrawn: TreatmentRecord {
        var record = TreatmentRecord(details: TreatmentDetails(
            use: .surface, date: date(5, 2), parcel: "Działka przy lesie", parcelIDs: ["141201_1.0002.77"], treatedSize: 4,
            crop: CropChoice(eppoCode: "BRSNW", name: "rzepak ozimy"), bbch: "55",
            products: [ProductUse(name: "Insektycyd Szybki", authorisation: "R-3/2021", dose: Decimal(string: "0.1")!, doseUnit: .litres)],
            reason: "słodyszek rzepakowy", operatorName: "Jan Kowalski"), createdAt: saved)
        record.withdrawal = Withdrawal(at: saved, reason: "wpisany dwa razy")
        return record
    }

    static var incomplete: TreatmentRecord {
        TreatmentRecord(details: TreatmentDetails(
            use: .surface, date: date(6, 10), parcel: "Łąka", treatedSize: 3,
            crop: CropChoice(eppoCode: "HORVW", name: "jęczmień ozimy"),
            products: [ProductUse(name: "Herbicyd Nowy", dose: 3, doseUnit: .litres)]), createdAt: saved)
    }

    static var sample: [TreatmentRecord] { [wheat, seeds, withdrawn, incomplete] }

    /// `count` records as a farm usually writes them: one product, a named parcel with its
    /// IACS number, a crop, a short reason.
    static func typical(_ count: Int) -> [TreatmentRecord] {
        (0..<count).map { index in
            TreatmentRecord(details: TreatmentDetails(
                use: .surface, date: date(4, 1 + index % 28), startTime: ClockTime(hour: 7, minute: 0),
                parcel: "Pole \(index + 1)", parcelIDs: ["141201_1.0001.\(100 + index)"], treatedSize: 10,
                crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"), bbch: "31",
                products: [ProductUse(name: "Fungicyd Zielony", authorisation: "R-12/2024", dose: 1, doseUnit: .litres)],
                reason: "mączniak", operatorName: "Jan Kowalski"), createdAt: saved)
        }
    }
}
