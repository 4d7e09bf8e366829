// The law's numbers the farm's checks use, in one table, each row with the act it comes from:
// a change in the law is a change of one row here (and a test reads the table). The act is
// the regulation of the Minister of Agriculture of 31 March 2014 on the conditions of using
// plant protection products (Dz.U. 2014 poz. 516), as amended from 1 April 2026 (Dz.U. 2026
// poz. 353). Where a label asks more, the label applies.

import FoundationEssentials
import SprayBase

public enum SprayingLaw {
    /// One number of the law: what it limits, the number, its unit, and its source.
    public struct Row: Equatable, Sendable {
        public var what: String
        public var value: Decimal
        public var unit: String
        public var source: String
    }

    static let act = "Dz.U. 2014 poz. 516"
    /// § 3 as Dz.U. 2026 poz. 353 words it from 1 April 2026.
    static let wind = act + " § 3 pkt 1 (Dz.U. 2026 poz. 353)"

    /// The highest wind ground spraying is done in, m/s; and with equipment that reduces drift
    /// by at least `driftReductionForStrongerWind` per cent.
    public static let windLimit: Decimal = 4
    public static let windLimitWithDriftReduction: Decimal = 5
    public static let driftReductionForStrongerWind = 75
    /// The least distances, m, unless the label asks more: from apiaries (ground equipment),
    /// from the edge of public roads (not municipal or county ones), and from water and land
    /// not farmed, with a field sprayer and with an orchard sprayer.
    public static let apiaryDistance: Decimal = 20
    public static let publicRoadDistance: Decimal = 3
    public static let waterDistanceFieldSprayer: Decimal = 1
    public static let waterDistanceOrchardSprayer: Decimal = 3
    /// The bees' flight: a product hazardous to bees is sprayed outside these hours.
    public static let beeHours = 6..<20
    /// The drift-reduction classes a sprayer may be given, per cent.
    public static let driftReductionClasses = [50, 75, 90]

    /// The table, for the help and a test. The bees' hours are no number of the act: a label
    /// of a product hazardous to bees asks for spraying after their flight, and the app takes
    /// the flight as these hours.
    public static var table: [Row] {
        [
            Row(what: "wind, ground spraying", value: windLimit, unit: "m/s", source: wind + " lit. b"),
            Row(what: "wind, drift reduction ≥ 75 %", value: windLimitWithDriftReduction, unit: "m/s", source: wind + " lit. a"),
            Row(what: "distance from apiaries, ground equipment", value: apiaryDistance, unit: "m", source: act + " § 2 ust. 1 pkt 1"),
            Row(what: "distance from the edge of public roads (not municipal or county)", value: publicRoadDistance, unit: "m",
                source: act + " § 2 ust. 1 pkt 2"),
            Row(what: "distance from water and land not farmed, orchard sprayer", value: waterDistanceOrchardSprayer, unit: "m",
                source: act + " § 2 ust. 1 pkt 3"),
            Row(what: "distance from water and land not farmed, field sprayer", value: waterDistanceFieldSprayer, unit: "m",
                source: act + " § 2 ust. 1 pkt 4"),
            Row(what: "the bees' flight, start", value: Decimal(beeHours.lowerBound), unit: "h", source: "the label of a product hazardous to bees"),
            Row(what: "the bees' flight, end", value: Decimal(beeHours.upperBound), unit: "h", source: "the label of a product hazardous to bees"),
        ]
    }

    /// The highest wind the sprayer of `driftReduction` per cent may spray in.
    public static func windAllowed(driftReduction: Int?) -> Decimal {
        (driftReduction ?? 0) >= driftReductionForStrongerWind ? windLimitWithDriftReduction : windLimit
    }

    /// "Wind 4,5 m/s: allowed up to 4 m/s with this sprayer (5 m/s with 75 % drift reduction).",
    /// when the wind of a treatment is above what the sprayer may spray in.
    public static func windAdvice(_ wind: Decimal?, driftReduction: Int?) -> Advice? {
        guard let wind, wind > windAllowed(driftReduction: driftReduction) else { return nil }
        return .windAboveLaw(wind, allowed: windAllowed(driftReduction: driftReduction), driftReduction: driftReduction,
                             withReduction: windLimitWithDriftReduction, reductionNeeded: driftReductionForStrongerWind)
    }

    /// The distances a treatment on `field` with the products named keeps: from water, the
    /// larger of the label's zone (the smaller one its drift-reduction class allows the
    /// sprayer) and the regulation's; from an apiary and a public road, the regulation's.
    public static func zones(on field: LibraryField, products: [String], library: Library, sprayer: LibrarySprayer?) -> [Advice] {
        var advice: [Advice] = []
        let waterDistance = waterDistance(sprayer)
        if field.neighbours.contains(.water) {
            var byLabel = false
            for name in products {
                guard let label = library.product(named: name), let zone = label.bufferZone else { continue }
                byLabel = true
                let reduction = sprayer?.driftReduction ?? 0
                let allowed = label.reducedZones.filter { $0.driftReduction <= reduction }.min { $0.metres < $1.metres }
                let keep = max(allowed?.metres ?? zone, waterDistance)
                let said = Advice.zoneText(zone, reduced: label.reducedZones.sorted { $0.driftReduction < $1.driftReduction }.map {
                    (metres: $0.metres, driftReduction: $0.driftReduction, thisSprayer: $0 == allowed)
                })
                advice.append(.keepFromWater(product: label.name, keep: keep, label: said))
            }
            if !byLabel {
                advice.append(.keepFromWater(waterDistance, orchardSprayer: sprayer?.isOrchard == true))
            }
        }
        if field.neighbours.contains(.apiary) {
            advice.append(.keepFromApiary(apiaryDistance))
        }
        if field.neighbours.contains(.publicRoad) {
            advice.append(.keepFromRoad(publicRoadDistance))
        }
        return advice
    }

    /// The regulation's least distance from water and land not farmed for `sprayer` (a field
    /// sprayer's when not known).
    public static func waterDistance(_ sprayer: LibrarySprayer?) -> Decimal {
        sprayer?.isOrchard == true ? waterDistanceOrchardSprayer : waterDistanceFieldSprayer
    }

    /// For each product hazardous to bees, when the treatment fell in their flight: whether the
    /// crop, or the weeds in it, was flowering. The treatment is its whole span, from its start
    /// to its end (the next day when the end is before the start), or its start when it has no end.
    public static func beeAdvice(_ details: TreatmentDetails, library: Library) -> [Advice] {
        guard let start = details.startTime, duringBeesFlight(from: start, to: details.endTime) else { return [] }
        return details.products.compactMap { library.product(named: $0.name) }.filter(\.beeHazard).map { product in
            Advice.beeHazard(product: product.name, start: start.description, end: details.endTime?.description, hours: beeHours)
        }
    }

    /// Whether a treatment from `start` to `end` (the next day when before the start) overlaps the
    /// bees' flight of its day or the next; without an end, whether it started during the flight.
    public static func duringBeesFlight(from start: ClockTime, to end: ClockTime?) -> Bool {
        let from = start.minuteOfDay, flight = (beeHours.lowerBound * 60, beeHours.upperBound * 60)
        guard let end, end != start else { return from >= flight.0 && from < flight.1 }
        let to = end.minuteOfDay + (end < start ? 24 * 60 : 0)
        return [0, 24 * 60].contains { day in from < flight.1 + day && to > flight.0 + day }
    }
}
