// A library item's JSON as LibraryItem's Codable conformance writes it (keys sorted, no
// spaces), each value as read or the one kept in its place (LibraryItem+JSON.swift); and the
// values kept, as the item's problems (LibraryRules).

import FoundationEssentials
import SprayBase
import SprayMix

/// An item's members after its opening "{", keys sorted as JSONEncoder sorts them: each value
/// as read, or the one kept in its place.
struct LibraryItemWriter {
    let kept: KeptValues
    var numbers: DecimalTexts
    var line = ""

    init(kept: KeptValues, numbers: DecimalTexts) {
        self.kept = kept
        self.numbers = numbers
    }

    /// `"name":value`, or the value kept under `name`; nothing for neither. With `keptFirst`, the
    /// value kept, when there is one, stands for the part of it that was read, or for the
    /// default (an empty text or list) a member always written was read as.
    private mutating func member(_ name: String, _ value: String?, keptFirst: Bool = false) {
        let prefix = line.isEmpty ? "" : ","
        if keptFirst, kept.write(name, to: &line, prefix: prefix) { return }
        if let value {
            line += prefix + "\"" + name + "\":" + value
        } else {
            kept.write(name, to: &line, prefix: prefix)
        }
    }

    private func quoted(_ text: String) -> String { JSONValue.quote(text) }
    private mutating func number(_ value: Decimal?) -> String? { value.map { numbers.text($0) } }
    private func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

    mutating func product(_ item: LibraryProduct) {
        member("authorisation", quoted(item.authorisation), keptFirst: item.authorisation.isEmpty)
        member("bee_hazard", item.beeHazard ? "true" : nil)
        member("buffer_zone", number(item.bufferZone))
        member("crop_limits", item.cropLimits.isEmpty ? nil : list(item.cropLimits.map { limit in
            "{\"eppo\":" + quoted(limit.eppo) + (limit.intervalDays.map { ",\"interval_days\":" + String($0) } ?? "")
                + (limit.maxTreatments.map { ",\"max_treatments\":" + String($0) } ?? "") + "}"
        }))
        member("formulation", item.formulation.map { quoted($0.rawValue) })
        member("id", quoted(item.id.uuidString))
        member("interval_days", item.intervalDays.map(String.init))
        member("kind", quoted(LibraryKind.product.rawValue))
        member("max_rate", number(item.maximumRate))
        member("max_treatments", item.maximumTreatments.map(String.init))
        member("modes_of_action", item.modesOfAction.isEmpty ? nil : list(item.modesOfAction.map(quoted)))
        member("name", quoted(item.name))
        member("notes", quoted(item.notes), keptFirst: item.notes.isEmpty)
        member("phi_days", item.preHarvestDays.map(String.init))
        member("rate", number(item.rate))
        var zones: [String] = []
        for zone in item.reducedZones { zones.append("{\"drift_reduction\":" + String(zone.driftReduction) + ",\"metres\":" + numbers.text(zone.metres) + "}") }
        member("reduced_zones", zones.isEmpty ? nil : list(zones))
        member("unit", quoted(item.unit.rawValue))
    }

    mutating func field(_ item: LibraryField) {
        member("area", number(item.area))
        member("crop", item.crop.map { "{\"eppo\":" + quoted($0.eppoCode) + ",\"name\":" + quoted($0.name) + "}" })
        member("id", quoted(item.id.uuidString))
        member("kind", quoted(LibraryKind.field.rawValue))
        member("name", quoted(item.name))
        member("neighbours", item.neighbours.isEmpty ? nil : list(item.neighbours.map { quoted($0.rawValue) }), keptFirst: true)
        member("parcel_ids", list(item.parcelIDs.map(quoted)), keptFirst: item.parcelIDs.isEmpty)
    }

    mutating func sprayer(_ item: LibrarySprayer) {
        member("bought", item.bought.map { quoted($0.description) })
        var calibration: String?
        if let value = item.calibration {
            calibration = "{\"date\":" + quoted(value.date.description) + ",\"flow\":" + numbers.text(value.flowPerNozzle)
                + (value.pressure.map { ",\"pressure\":" + numbers.text($0) } ?? "") + ",\"speed\":" + numbers.text(value.speed) + "}"
        }
        member("calibration", calibration)
        member("drift_reduction", item.driftReduction.map(String.init))
        member("id", quoted(item.id.uuidString))
        member("inspected", item.inspected.map { quoted($0.description) })
        member("inspection_valid_until", item.inspectionValidUntil.map { quoted($0.description) })
        member("kind", quoted(LibraryKind.sprayer.rawValue))
        member("name", quoted(item.name))
        member("nozzle", item.nozzle.map { quoted($0.rawValue) })
        member("orchard", item.isOrchard ? "true" : nil)
        member("spacing", number(item.nozzleSpacing))
        member("tank", number(item.tankCapacity))
        member("width", number(item.workingWidth))
    }

    mutating func `operator`(_ item: LibraryOperator) {
        member("certificate", quoted(item.certificate), keptFirst: item.certificate.isEmpty)
        member("id", quoted(item.id.uuidString))
        member("kind", quoted(LibraryKind.operator.rawValue))
        member("name", quoted(item.name))
        member("valid_until", item.validUntil.map { quoted($0.description) })
    }
}

extension LibraryRules {
    /// The values of `item` that this version cannot use, each a problem of the editor's field
    /// it belongs to (a member without one is named with its value).
    static func keptProblems(of item: LibraryItem) -> [LibraryProblem] {
        let values = item.kept.values
        guard !values.isEmpty else { return [] }
        return values.members.map { name, json in
            let field = LibraryFormField.keptMember[name]
            var shown = values.shown(name)
            // Of a list of neighbours, the words this version does not know.
            if name == "neighbours", let words = try? JSONScanner.reading(json, { scanner throws(JSONReadError) in try scanner.texts() }) {
                shown = FreeText.displayable(words.filter { FieldNeighbour(rawValue: $0) == nil }.joined(separator: ", "))
            }
            return LibraryProblem(field ?? .name, .notUsableHere(field == nil ? name + ": " + shown : shown))
        }
    }
}

extension LibraryProblem {
    /// A value kept as it came from another computer or a newer version.
    var isKeptValue: Bool {
        if case .notUsableHere = problem { true } else { false }
    }
}

extension LibraryFormField {
    /// The field of the editor each member of an item's JSON is.
    fileprivate static let keptMember: [String: LibraryFormField] = [
        "authorisation": .authorisation, "rate": .rate, "max_rate": .maximumRate, "max_treatments": .maximumTreatments,
        "interval_days": .intervalDays, "modes_of_action": .modesOfAction, "buffer_zone": .bufferZone, "reduced_zones": .reducedZones,
        "bee_hazard": .beeHazard, "crop_limits": .maximumTreatments, "phi_days": .preHarvestDays, "notes": .notes,
        "parcel_ids": .parcelIDs, "crop": .crop, "neighbours": .neighbours,
        "width": .width, "spacing": .spacing, "calibration": .calibration, "inspected": .inspected, "bought": .bought,
        "drift_reduction": .driftReduction, "orchard": .orchard, "certificate": .certificate, "valid_until": .validUntil,
    ]
}
