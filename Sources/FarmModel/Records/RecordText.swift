// A treatment record's values worded for print, in one language: the printed register
// (RegisterDocument) and the job report printed from a record (ReportDocument) both use
// these, so a dose or a location reads the same on both.

import FoundationEssentials
import SprayBase
import SprayMix

public struct RecordText: Sendable {
    public var language: Language
    let format: NumberFormat
    static let space = "\u{00A0}"

    public init(language: Language) {
        self.language = language
        format = NumberFormat(language: language)
    }

    func number(_ value: Decimal) -> String { format.string(value, maxFractionDigits: 4) }

    /// "21.11.2026" in Polish, "2026-11-21" in English.
    public func date(_ date: CalendarDate) -> String { date.typedText(in: language) }

    /// The date, and the start hour (to the end hour) after `separator` when recorded.
    public func time(_ details: TreatmentDetails, separator: String = "\n") -> String {
        let hours = [details.startTime?.description ?? "", details.endTime.map { "–" + $0.description } ?? ""].joined()
        return date(details.date) + (hours.isEmpty ? "" : separator + hours)
    }

    /// "wind 3.5 m/s · 18 °C"; empty when neither was noted.
    public func conditions(_ details: TreatmentDetails) -> String {
        [details.windSpeed.map { tr("wind %@ m/s").filled(number($0)) }, details.temperature.map { number($0) + Self.space + "°C" }]
            .compactMap { $0 }.joined(separator: " · ")
    }

    /// "1,25 l/ha"; empty when no dose was given.
    public func dose(_ product: ProductUse, basis: DoseBasis) -> String {
        guard let dose = product.dose else { return "" }
        return number(dose) + Self.space + product.doseUnit.rawValue + "/" + basis.symbol
    }

    /// "12,5 ha"; empty when not given.
    public func size(_ details: TreatmentDetails) -> String {
        details.treatedSize.map { number($0) + Self.space + details.basis.symbol } ?? ""
    }

    /// "50% of the parcel" when less than the whole parcel was treated; nil otherwise.
    public func fraction(_ details: TreatmentDetails) -> String? {
        guard let fraction = details.treatedFraction, fraction < 1 else { return nil }
        return tr("%@ of the parcel").filled(format.string(fraction * 100, maxFractionDigits: 1) + "%")
    }

    /// The parcel's name, its IACS identifiers and the part treated, each on a line of its own
    /// (or after `separator`).
    public func location(_ details: TreatmentDetails, separator: String = "\n") -> String {
        let ids = details.parcelIDs.map(\.trimmedWhitespace).filter { !$0.isEmpty }.joined(separator: ", ")
        return [details.parcel.trimmedWhitespace, ids, fraction(details) ?? ""].filter { !$0.isEmpty }.joined(separator: separator)
    }

    /// "pszenica ozima", then "TRZAW · BBCH 31"; for seeds the seed batch as well.
    public func crop(_ details: TreatmentDetails, separator: String = "\n") -> String {
        var lines: [String] = []
        if let crop = details.crop, !(crop.name.isEmpty && crop.eppoCode.isEmpty) {
            lines.append(crop.name.isEmpty ? crop.eppoCode : crop.name)
        }
        let codes = [details.crop.map(\.eppoCode).flatMap { $0.isEmpty || $0 == lines.first ? nil : $0 },
                     details.bbch.flatMap { $0.isEmpty ? nil : "BBCH" + Self.space + $0 }].compactMap { $0 }
        if !codes.isEmpty { lines.append(codes.joined(separator: " · ")) }
        if details.use == .seeds, let batch = details.seedBatch?.trimmedWhitespace, !batch.isEmpty {
            lines.append(tr("seed batch %@").filled(batch))
        }
        return lines.joined(separator: separator)
    }

    /// "Fungicyd X", then its authorisation number.
    public func product(_ product: ProductUse, separator: String = "\n") -> String {
        [product.name.trimmedWhitespace, product.authorisation.trimmedWhitespace].filter { !$0.isEmpty }.joined(separator: separator)
    }

    /// "Harvest not before 12.06.2026": the treatment date plus the longest pre-harvest
    /// interval of its products; nil when none is known.
    public func harvest(_ details: TreatmentDetails) -> String? {
        details.harvestNotBefore.map { tr("Harvest not before %@").filled(date($0)) }
    }

    /// Why a record is not as the law asks, or nil for a complete one: "WITHDRAWN" with the
    /// date and the reason, or "INCOMPLETE" with what is missing.
    public func status(_ record: TreatmentRecord) -> StatusNote? {
        if let withdrawal = record.withdrawal {
            let day = date(LocalTime.dateTime(at: withdrawal.at).date)
            let reason = withdrawal.reason.trimmedWhitespace
            return StatusNote(label: tr("WITHDRAWN"), text: reason.isEmpty ? day : day + ": " + reason)
        }
        let problems = record.problems
        if !problems.isEmpty {
            return StatusNote(label: tr("NEEDS CHECKING"),
                              text: FreeText.displayable(problems.map { $0.text(in: record.details) }.joined(separator: "; ")))
        }
        let missing = RecordCompleteness.missing(in: record)
        guard !missing.isEmpty else { return nil }
        return StatusNote(label: tr("INCOMPLETE"), text: tr("missing: %@").filled(missing.map { $0.title(in: record.details) }.joined(separator: ", ")))
    }
}

/// Why a record is not as the law asks: a bold label and the rest.
public struct StatusNote: Equatable, Sendable {
    /// "WITHDRAWN", "NEEDS CHECKING", "INCOMPLETE".
    public var label: String
    /// The withdrawal's date and reason, or what is missing.
    public var text: String
}
