// What a spreadsheet column means to the import, and how its header is recognised: the
// headers of the usual paper and spreadsheet templates (WIORiN, advisory centres, product
// makers) and of the app's own CSV export, in Polish and English, compared without case or
// diacritics. The window and `record import --column` let the farmer change a guess.

import FoundationEssentials
import SprayBase

public enum ImportColumn: String, CaseIterable, Sendable {
    case ignore
    case date
    case start
    case end
    case wind
    case temperature
    case parcel
    case parcelIDs = "parcel-ids"
    case treatedSize = "size"
    case parcelSize = "parcel-size"
    case sizeUnit = "size-unit"
    case fraction
    case use
    case crop
    case cropCode = "crop-code"
    case bbch
    case seedBatch = "seed-batch"
    case product
    case productKind = "product-kind"
    case authorisation
    case dose
    case doseUnit = "dose-unit"
    case quantity
    case sprayVolume = "spray-volume"
    case reason
    case operatorName = "operator"
    case notes
    case recordID = "record-id"
    case withdrawnOn = "withdrawn"

    public var title: String {
        switch self {
        case .ignore: tr("(not imported)")
        case .date: tr("Date")
        case .start: tr("Start hour")
        case .end: tr("End hour")
        case .wind: tr("Wind (m/s)")
        case .temperature: tr("Temperature (°C)")
        case .parcel: tr("Parcel or place")
        case .parcelIDs: tr("Parcel identifiers (IACS)")
        case .treatedSize: tr("Size treated")
        case .parcelSize: tr("Size of the parcel or crop")
        case .sizeUnit: tr("Size unit")
        case .fraction: tr("Fraction of the parcel")
        case .use: tr("Type of use")
        case .crop: tr("Crop")
        case .cropCode: tr("Crop EPPO code")
        case .bbch: tr("BBCH")
        case .seedBatch: tr("Seed batch")
        case .product: tr("Product")
        case .productKind: tr("Product kind (ppp, adjuvant, not-ppp)")
        case .authorisation: tr("Authorisation number")
        case .dose: tr("Dose or concentration")
        case .doseUnit: tr("Dose unit")
        case .quantity: tr("Quantity used")
        case .sprayVolume: tr("Spray volume (l/ha)")
        case .reason: tr("Reason")
        case .operatorName: tr("Operator")
        case .notes: tr("Notes")
        case .recordID: tr("Record id")
        case .withdrawnOn: tr("Withdrawn on")
        }
    }

    /// Headers of columns the import knows and leaves out: the row number, what the app's
    /// export works out (status, what is missing, when saved).
    private static let known: [String] = ["lp", "lp.", "l.p.", "nr", "no", "status", "braki", "missing", "zapisano", "saved",
                                          "poprawiono", "corrected", "wersje", "versions", "jednostka ilosci", "quantity unit",
                                          "powod wycofania", "withdrawal reason"]

    /// Words a header holds for each meaning, in Polish and in English; the first meaning
    /// whose word it holds wins, so the specific come before the general ("dawka cieczy"
    /// before "dawka"). Words both languages use (BBCH, EPPO, IACS, operator) are English here.
    private static let words: [(ImportColumn, polish: [String], english: [String])] = [
        (.recordID, ["id wpisu"], ["record id"]),
        (.withdrawnOn, ["wycofano"], ["withdrawn on"]),
        (.use, ["rodzaj zastosowania"], ["type of use"]),
        (.productKind, ["rodzaj srodka"], ["product kind"]),
        (.sizeUnit, ["jednostka obszaru"], ["size unit"]),
        (.doseUnit, ["jednostka dawki"], ["dose unit"]),
        (.fraction, ["czesc dzialki"], ["fraction of the parcel"]),
        (.cropCode, [], ["eppo"]),
        (.parcelIDs, ["ewidencyjn", "identyfikator"], ["iacs", "cadastral"]),
        (.treatedSize, ["na ktorej wykonano", "wielkosc obszaru", "powierzchnia zabiegu", "powierzchnia opryskana"],
         ["size treated", "treated area", "area treated"]),
        (.parcelSize, ["powierzchnia uprawy", "powierzchnia dzialki", "powierzchnia pola"], ["crop area", "parcel area", "field area"]),
        (.sprayVolume, ["dawka cieczy", "ilosc cieczy", "ciecz robocza", "woda"], ["spray volume", "water volume"]),
        (.quantity, ["zuzyta ilosc", "zuzycie", "ilosc srodka"], ["quantity used"]),
        (.seedBatch, ["partia"], ["seed batch"]),
        (.notes, ["uwagi", "notatki", "komentarz"], ["notes", "remarks", "comments"]),
        (.operatorName, ["wykonawca", "wykonal", "osoba"], ["operator", "applied by"]),
        (.reason, ["przyczyna", "agrofag", "choroba", "szkodnik"], ["reason", "target", "pest"]),
        (.authorisation, ["zezwolen", "nrzezw"], ["authoris", "authoriz", "registration"]),
        (.bbch, ["faza"], ["bbch", "growth stage"]),
        (.wind, ["wiatr"], ["wind"]),
        (.temperature, ["temperatura"], ["temperature"]),
        (.end, ["zakonczeni", "koniec"], ["end time", "end hour", "finished"]),
        (.date, ["data", "termin", "dzien"], ["date", "day"]),
        (.start, ["godzina", "czas"], ["start time", "hour", "time"]),
        (.crop, ["roslina", "uprawa"], ["crop", "plant"]),
        (.dose, ["dawka", "stezenie"], ["dose", "rate", "concentration"]),
        (.product, ["srodek", "srodka", "preparat", "nazwa"], ["product", "name"]),
        (.parcel, ["dzialka", "lokalizacja", "miejsce", "pole"], ["parcel", "field", "place", "location"]),
        (.treatedSize, ["powierzchnia", "obszar"], ["area", "size"]),
    ]

    /// The words folded, as bytes: a header is searched for each, on up to 20 rows of every
    /// column before a sheet is read (String.contains built a searcher for every pair).
    private static let wordBytes: [(ImportColumn, polish: [[UInt8]], english: [[UInt8]])] = words.map {
        ($0.0, $0.polish.map { Array($0.utf8) }, $0.english.map { Array($0.utf8) })
    }

    /// The meaning a header names; nil when it names none the import knows.
    public static func guess(header: String) -> ImportColumn? {
        let folded = SearchFolding.fold(header.trimmedWhitespace)
        guard !folded.isEmpty else { return nil }
        if known.contains(String(decoding: folded, as: UTF8.self)) { return .ignore }
        func holds(_ word: String) -> Bool { SearchFolding.contains(folded, Array(word.utf8)) }
        // "Nazwa środka i nr zezwolenia": the product's name, its number in brackets after it.
        if holds("zezwolen"), holds("nazwa") || holds("srodk") { return .product }
        return wordBytes.first { ($0.polish + $0.english).contains { SearchFolding.contains(folded, $0) } }?.0
    }

    /// Whether `header` names a column in Polish words: a sheet kept in Polish writes its
    /// decimals with a comma.
    public static func isPolish(header: String) -> Bool {
        let folded = SearchFolding.fold(header.trimmedWhitespace)
        return !folded.isEmpty && wordBytes.contains { $0.polish.contains { SearchFolding.contains(folded, $0) } }
    }
}
