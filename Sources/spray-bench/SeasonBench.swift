// The season on a field (issue 53): the warnings of one record and of one plan checked
// against 10 000 records — the treatments on its field found, the label's count, interval and
// mode of action compared (goal 5 ms each); the treatments of every field indexed, as the farm
// does once after its records change (issue 62: every season's, the interval crosses New Year;
// goal 20 ms); and the field's card (goal 20 ms).

import FarmContext
import FarmModel
import FarmStores
import FoundationEssentials
import SprayBase
import SprayMix

func seasonBench(records count: Int) throws {
    let records = farmRecords(count: count)
    let names = Set(records.flatMap { $0.details.products.map(\.name) }).sorted()
    let library = Library(products: names.enumerated().map { index, name in
        LibraryProduct(name: name, rate: 1, maximumTreatments: 2, intervalDays: 14, modesOfAction: ["FRAC \(1 + index % 12)"])
    }, fields: [LibraryField(name: "Działka 7", area: 4, crop: CropCatalog.crop(code: "TRZAW")?.choice(in: .polish))])
    // A farm of these records and this library, as a door opens it.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spray-bench-season-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let locations = DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": folder.path, "KALKULATOR_OPRYSKU_CONFIG_DIR": folder.path])
    try RecordStore(file: locations.recordsFile).merge(records)
    let libraryStore = LibraryStore(file: locations.libraryFile)
    for item in library.products.map(LibraryItem.product) + library.fields.map(LibraryItem.field) { try libraryStore.save(item) }
    let farm = Farm(locations: locations, clock: .fixed(on: records[0].details.date))
    _ = farm.records.records
    let advice = farm.advice(readingRegister: false)
    let record = records.first { $0.details.parcel == "Działka 7" } ?? records[0]
    var said = 0
    report("the treatments of every field indexed (once a change)", milliseconds {
        said += PastTreatment.byField(records).count
    }, goal: 20)
    report("one record's warnings (the season on its field among \(records.count) records)", milliseconds {
        said += advice.record(record.details, id: record.id).count
    }, goal: 5)
    let plan = try TankMixEngine.plan(JobInput(area: 4, sprayRate: 200, tankCapacity: 1000, products: [
        ProductInput(name: record.details.products[0].name, rate: 1, unit: .litresPerHectare),
    ])).get()
    report("one plan's warnings on the field", milliseconds { said += advice.plan(plan, field: library.fields[0], sprayer: nil).count }, goal: 5)
    report("the field card of one field's season among \(records.count) records", milliseconds {
        said += FieldCard.make(field: record.details.parcel, season: record.details.date.year, records: records, library: library).entries.count
    }, goal: 20)
    print("  (\(said) warnings said)")
}
