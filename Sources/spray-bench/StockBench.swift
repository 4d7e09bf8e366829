// The store of products: every product's stock on a date from 10 000 records and 2 000
// stock entries (goal 20 ms), and the shopping list for 200 plans (goal 50 ms).

import FarmContext
import FarmModel
import FarmStores
import FoundationEssentials
import SprayBase
import SprayMix

func stockBench(records count: Int, entries entryCount: Int) throws {
    let records = farmRecords(count: count)
    var names: [String: QuantityUnit] = [:]
    for record in records {
        for product in record.details.products where names[product.name] == nil { names[product.name] = product.doseUnit }
    }
    let products = names.sorted { $0.key < $1.key }
    let library = Library(products: products.map { name, unit in
        LibraryProduct(name: name, rate: 1, unit: RateUnit.allCases.first { $0.quantityUnit == unit }!)
    })
    let directory = "/tmp/spray-bench-stock-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = StockStore(file: URL(fileURLWithPath: directory + "/stock.json"))
    let kinds: [StockEntryKind] = [.purchase, .purchase, .purchase, .count, .disposal]
    let facts = (0..<entryCount).map { index -> StockFacts in
        let product = products[index % products.count]
        let kind = kinds[index % kinds.count]
        return StockFacts(kind: kind, product: product.key, quantity: Decimal(5 + index % 40), unit: product.value,
                          date: CalendarDate(year: 2022 + index % 4, month: 1 + index % 12, day: 1 + index % 28)!,
                          lot: kind == .purchase ? "L\(index)" : "", package: kind == .purchase ? StockPackage(size: 5, unit: product.value) : nil,
                          note: kind == .purchase ? "" : "spis")
    }
    for fact in facts { try store.add(fact, at: Date()) }
    // The farm of these files, as a door opens it; its parts read once before the timing.
    let locations = DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": directory, "KALKULATOR_OPRYSKU_CONFIG_DIR": directory])
    try RecordStore(file: locations.recordsFile).merge(records)
    let libraryStore = LibraryStore(file: locations.libraryFile)
    for item in library.products.map(LibraryItem.product) + library.fields.map(LibraryItem.field) { try libraryStore.save(item) }
    let day = CalendarDate(year: 2025, month: 6, day: 30)!
    let farm = Farm(locations: locations, clock: .fixed(on: day.adding(days: 1)))
    var stock = farm.stock(on: day)
    report("stock of \(products.count) products: \(records.count) records, \(entryCount) entries",
           milliseconds { stock = farm.stock(on: day) }, goal: 20)
    let plans = Array(farmHistory(count: 200))
    report("shopping list for \(plans.count) plans",
           milliseconds { _ = ShoppingList.items(plans: plans, stock: stock, library: library) }, goal: 50)
    report("\(entryCount) stock entries read from stock.json", milliseconds { _ = StockStore(file: store.url).entries })
}

/// A store of `products` products, one purchase each (the store window's benchmark).
func writeStock(products: Int, to directory: String) throws {
    let store = StockStore(file: URL(fileURLWithPath: directory + "/stock.json"))
    for index in 0..<products {
        try store.add(StockFacts(kind: .purchase, product: "Środek \(index + 1)", quantity: Decimal(5 + index % 40),
                                 unit: index % 3 == 0 ? .kilograms : .litres, date: CalendarDate(year: 2026, month: 3, day: 1 + index % 28)!,
                                 lot: "L\(index)"), at: Date())
    }
}
