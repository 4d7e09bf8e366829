// What a field or a sprayer of the library gives the job, at every door (the calculator,
// `calc --field`, `export-pdf --sprayer`): the field its area in hectares, the sprayer its tank.

import SprayBase
import SprayMix

extension JobForm {
    /// The area of a job on `field`, as typed (in hectares).
    public static func areaText(of field: LibraryField) -> String {
        NumberFormat.current.editable(field.area)
    }

    /// The tank of a job with `sprayer`, as typed (in litres).
    public static func tankText(of sprayer: LibrarySprayer) -> String {
        NumberFormat.current.editable(sprayer.tankCapacity)
    }

    /// The job on `field`: its area, in hectares.
    public mutating func take(_ field: LibraryField) {
        areaText = Self.areaText(of: field)
        areaUnit = .hectares
    }

    /// The job with `sprayer`: its tank.
    public mutating func take(_ sprayer: LibrarySprayer) {
        tankText = Self.tankText(of: sprayer)
    }
}
