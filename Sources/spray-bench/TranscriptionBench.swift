// How many keys a paper season takes in the transcription grid, and how long the grid's
// work per key is: a typist presses the keys a person would — characters (a library name
// or an earlier value only until the inline completion is sure), Tab and Shift+Tab between
// cells, Enter to the next row, Ctrl+D and Ctrl+Shift+D — on TranscriptionViewModel, and
// does after each key what the window does (the row's cells and problems, the summary).

import FarmContext
import FarmModel
import FarmStores
import FoundationEssentials
import SprayBase
import SprayMix
import SprayViewModels

/// One entry of a paper record book: a treatment and its products, or "as above" on a new date.
struct PaperEntry {
    var date: String
    var field: String
    var bbch: String
    var products: [(name: String, dose: String?)]
    var reason: String
    var operatorName: String
    var repeatsAbove = false
}

/// A held-out season (not the tests' data): 3 fields, 1–3 products, 40 entries of which 12
/// repeat the entry above on a new date.
func heldOutSeason() -> [PaperEntry] {
    let (a, b, c) = ("Za stodołą", "Pod lasem", "Łąka przy drodze")
    let (jan, piotr) = ("Jan Kowalski", "Piotr Kowalski")
    var entries: [PaperEntry] = []
    func new(_ date: String, _ field: String, _ bbch: String, _ products: [(String, String?)], _ reason: String, _ by: String) {
        entries.append(PaperEntry(date: date, field: field, bbch: bbch, products: products.map { ($0.0, $0.1) }, reason: reason,
                                  operatorName: by))
    }
    func again(_ date: String) {
        var entry = entries.last!
        entry.date = date
        entry.repeatsAbove = true
        entries.append(entry)
    }
    new("28.03", a, "25", [("Roundup 360 Plus", nil)], "chwasty jednoliścienne", jan)
    new("02.04", b, "13", [("Roundup 360 Plus", "2,5"), ("Atpolan 80 EC", nil)], "chwasty", jan)
    new("09.04", c, "30", [("Karate Zeon 050 CS", nil)], "słodyszek rzepakowy", piotr)
    again("16.04")
    new("14.04", a, "31", [("Topsin M 500 SC", nil), ("Nawóz dolistny Basfoliar", nil)], "mączniak prawdziwy", jan)
    again("28.04")
    new("15.04", b, "30", [("Tebu 250 EW", nil)], "rdza brunatna", jan)
    new("22.04", c, "55", [("Mospilan 20 SP", nil), ("Atpolan 80 EC", "0,5")], "chowacz podobnik", piotr)
    again("29.04")
    new("30.04", a, "37", [("Tebu 250 EW", "0,75"), ("Topsin M 500 SC", "1"), ("Nawóz dolistny Basfoliar", nil)], "septorioza liści", jan)
    again("12.05")
    new("05.05", b, "39", [("Topsin M 500 SC", nil)], "mączniak prawdziwy", piotr)
    new("06.05", c, "61", [("Tebu 250 EW", nil), ("Atpolan 80 EC", nil)], "zgnilizna twardzikowa", jan)
    new("13.05", a, "49", [("Karate Zeon 050 CS", "0,08")], "skrzypionki", jan)
    again("20.05")
    new("14.05", b, "45", [("Tebu 250 EW", nil), ("Nawóz dolistny Basfoliar", "3")], "rdza brunatna", piotr)
    new("21.05", c, "65", [("Mospilan 20 SP", "0,1")], "pryszczarek kapustnik", jan)
    again("28.05")
    new("26.05", a, "55", [("Topsin M 500 SC", nil), ("Tebu 250 EW", nil)], "fuzarioza kłosów", jan)
    again("02.06")
    new("27.05", b, "55", [("Topsin M 500 SC", nil)], "fuzarioza kłosów", piotr)
    new("03.06", c, "71", [("Karate Zeon 050 CS", nil), ("Atpolan 80 EC", nil)], "mszyca kapuściana", piotr)
    new("09.06", a, "65", [("Karate Zeon 050 CS", nil)], "mszyce", jan)
    again("16.06")
    new("10.06", b, "69", [("Nawóz dolistny Basfoliar", nil)], "dokarmianie dolistne", jan)
    new("17.06", c, "80", [("Roundup 360 Plus", "3,5")], "desykacja", piotr)
    new("23.06", a, "73", [("Tebu 250 EW", nil), ("Atpolan 80 EC", nil), ("Nawóz dolistny Basfoliar", nil)], "choroby liści", jan)
    again("30.06")
    new("24.06", b, "75", [("Mospilan 20 SP", nil)], "mszyce", piotr)
    new("25.08", a, "00", [("Roundup 360 Plus", nil)], "perz", jan)
    new("02.09", b, "00", [("Roundup 360 Plus", "2")], "samosiewy", jan)
    new("10.09", c, "12", [("Tebu 250 EW", "0,5")], "sucha zgnilizna kapustnych", piotr)
    again("24.09")
    new("22.09", a, "11", [("Karate Zeon 050 CS", nil)], "skoczek sześciorek", jan)
    new("08.10", b, "13", [("Topsin M 500 SC", "1,2"), ("Atpolan 80 EC", nil)], "mączniak prawdziwy", piotr)
    new("09.10", c, "16", [("Tebu 250 EW", nil)], "regulacja pokroju", jan)
    again("20.10")
    new("15.10", a, "13", [("Karate Zeon 050 CS", nil)], "mszyce jesienne", jan)
    new("21.10", b, "14", [("Topsin M 500 SC", nil), ("Atpolan 80 EC", "0,8")], "mączniak prawdziwy", piotr)
    again("04.11")
    return entries
}

/// The farm's library the season is typed with.
func benchLibrary() -> Library {
    var library = Library()
    library.fields = [
        LibraryField(name: "Za stodołą", area: Decimal(string: "4.2")!, crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima")),
        LibraryField(name: "Pod lasem", area: Decimal(string: "2.5")!, crop: CropChoice(eppoCode: "HORVS", name: "jęczmień jary")),
        LibraryField(name: "Łąka przy drodze", area: Decimal(string: "6.8")!, crop: CropChoice(eppoCode: "BRSNW", name: "rzepak ozimy")),
    ]
    library.products = [
        LibraryProduct(name: "Roundup 360 Plus", authorisation: "R-9/2018", formulation: .sl, rate: 3, unit: .litresPerHectare),
        LibraryProduct(name: "Atpolan 80 EC", authorisation: "A-30/2022", formulation: .adjuvant, rate: 1, unit: .litresPerHectare),
        LibraryProduct(name: "Karate Zeon 050 CS", authorisation: "R-4/2019", formulation: .cs, rate: Decimal(string: "0.1")!,
                       unit: .litresPerHectare),
        LibraryProduct(name: "Topsin M 500 SC", authorisation: "R-1/2020", formulation: .sc, rate: Decimal(string: "1.5")!,
                       unit: .litresPerHectare),
        LibraryProduct(name: "Nawóz dolistny Basfoliar", formulation: .fertiliser, rate: 2, unit: .litresPerHectare),
        LibraryProduct(name: "Tebu 250 EW", authorisation: "R-7/2021", formulation: .ew, rate: 1, unit: .litresPerHectare),
        LibraryProduct(name: "Mospilan 20 SP", authorisation: "R-2/2017", formulation: .sp, rate: Decimal(string: "0.12")!,
                       unit: .kilogramsPerHectare),
    ]
    return library
}

/// Presses keys on the grid as a person would, counting them and timing the grid's work.
@MainActor
final class GridTypist {
    let model: TranscriptionViewModel
    private(set) var keys = 0
    /// The grid's work after each key, in milliseconds.
    private(set) var keyTimes: [Double] = []
    private var row = 0
    private var column = TranscriptionColumn.date
    private var rowStart: TranscriptionColumn? = .date
    private let columns = TranscriptionColumn.allCases
    private let clock = ContinuousClock()

    init(model: TranscriptionViewModel) {
        self.model = model
        row = model.rows.count - 1
    }

    /// Tab or Shift+Tab to `target` in this row.
    func move(to target: TranscriptionColumn) {
        keys += abs(columns.firstIndex(of: target)! - columns.firstIndex(of: column)!)
        column = target
    }

    /// Types `text` over the cell (Tab selects what a cell holds, so typing replaces it); a
    /// name the column completes needs only the characters until one name is left.
    func type(_ text: String) {
        guard model.text(row: row, column: column) != text else { return }
        let names = model.completions(for: column)
        var typed = ""
        for character in text {
            typed.append(character)
            keys += 1
            let matches = names.filter { $0.lowercased().hasPrefix(typed.lowercased()) }
            if matches == [text] {
                key { model.setText(text, row: row, column: column) }
                return
            }
            key { model.setText(typed, row: row, column: column) }
        }
    }

    func enter() {
        keys += 1
        model.commit()
        let next = model.cellAfterEnter(row: row, column: column, tabsFrom: rowStart)
        (row, column, rowStart) = (next.row, next.column, next.column)
    }

    func copyRowAbove() {
        keys += 1
        key { column = model.copyRowAbove(into: row) ?? column }
    }

    func repeatTreatmentAbove() {
        keys += 1
        key { column = model.repeatTreatmentAbove(into: row) ?? column }
    }

    /// The key's work: the model's, then what the window shows after it (the row's cells and
    /// problems, the summary, whether Save is possible).
    private func key(_ press: () -> Void) {
        let elapsed = clock.measure {
            press()
            for column in columns { _ = (model.text(row: row, column: column), model.problem(row: row, column: column)) }
            _ = (model.summaryText, model.canSave)
        }
        keyTimes.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }

    /// Types one entry from the date cell of an empty row, ending on the next empty row.
    func typeEntry(_ entry: PaperEntry, like above: PaperEntry?) {
        if entry.repeatsAbove {
            repeatTreatmentAbove()
            type(entry.date)
            if entry.bbch != above?.bbch { move(to: .bbch); type(entry.bbch) }
            for _ in entry.products { enter() }
            return
        }
        for (index, product) in entry.products.enumerated() {
            if index == 0 {
                type(entry.date)
                move(to: .field)
                type(entry.field)
                move(to: .bbch)
                type(entry.bbch)
            } else {
                copyRowAbove()
            }
            move(to: .product)
            type(product.name)
            if let dose = product.dose { move(to: .dose); type(dose) }
            if index == 0 {
                move(to: .reason)
                type(entry.reason)
                move(to: .operatorName)
                type(entry.operatorName)
            }
            enter()
        }
    }
}

@MainActor
func transcriptionBench(directory: URL) throws {
    let library = LibraryStore(file: directory.appendingPathComponent("library.json"))
    let items: [LibraryItem] = benchLibrary().products.map { .product($0) } + benchLibrary().fields.map { .field($0) }
        + benchLibrary().sprayers.map { .sprayer($0) } + benchLibrary().operators.map { .operator($0) }
    for item in items { try library.save(item) }
    let farm = Farm(locations: DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": directory.path]),
                    clock: .fixed(on: CalendarDate(year: 2027, month: 1, day: 10)!))
    let records = farm.records
    let model = TranscriptionViewModel(farm: farm)
    let typist = GridTypist(model: model)
    let season = heldOutSeason()
    var newKeys: [Int] = [], repeatKeys: [Int] = []
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        for (index, entry) in season.enumerated() {
            let before = typist.keys
            typist.typeEntry(entry, like: index > 0 ? season[index - 1] : nil)
            if entry.repeatsAbove { repeatKeys.append(typist.keys - before) } else { newKeys.append(typist.keys - before) }
        }
    }
    let ready = model.treatments.count
    guard model.save() else { fatalError("the season was not saved: \(model.lastSave ?? "")") }
    let saved = records.records
    let complete = saved.filter { $0.status == .complete }.count
    /// The mean to one decimal; `tenths` when the values are tenths already.
    func average(_ values: [Int], tenths inTenths: Bool = false) -> String {
        let tenths = values.reduce(0, +) * (inTenths ? 1 : 10) / max(values.count, 1)
        return "\(tenths / 10).\(tenths % 10)"
    }
    print(padded("entries typed (new + repeats)", 62) + "\(newKeys.count) + \(repeatKeys.count)")
    print(padded("records saved (complete)", 62) + "\(saved.count) (\(complete)); treatments read: \(ready)")
    print(padded("keys per new entry, mean / most (goal ≤ 60)", 62)
          + "\(average(newKeys)) / \(newKeys.max() ?? 0)   " + ((newKeys.max() ?? 0) <= 60 ? "ok" : "MISSED"))
    print(padded("keys per repeated entry, mean / most (goal ≤ 25)", 62)
          + "\(average(repeatKeys)) / \(repeatKeys.max() ?? 0)   " + ((repeatKeys.max() ?? 0) <= 25 ? "ok" : "MISSED"))
    // A person's time, estimated: keys at 3 a second (a farmer typing, not a typist).
    print(padded("seconds per entry at 3 keys a second, new / repeated", 62)
          + "\(average(newKeys.map { $0 * 10 / 3 }, tenths: true)) / \(average(repeatKeys.map { $0 * 10 / 3 }, tenths: true))")
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    report("grid's work per entry (mean)", seconds * 1000 / Double(season.count))
    report("slowest key of the season", typist.keyTimes.max() ?? 0, goal: 16)

    // A long grid: 500 rows on screen, and the keys of one more entry.
    for index in 0..<500 {
        let row = model.rows.count - 1
        for (column, text) in [(TranscriptionColumn.date, "14.04"), (.field, "Pole \(index)"), (.product, "Topsin M 500 SC"),
                               (.reason, "mączniak")] {
            model.setText(text, row: row, column: column)
        }
    }
    let long = GridTypist(model: model)
    long.typeEntry(season[4], like: nil)
    report("slowest key with \(model.rows.count) rows", long.keyTimes.max() ?? 0, goal: 16)
}
