// The ministry's register imported and searched: the workbook read, the sheet turned into
// products and uses, the register kept and read back, and searches and completions on it.

import FarmModel
import FarmStores
import FileFormats
import FoundationEssentials
import SprayBase

func officialRegisterBench(file: String, directory: URL) throws {
    let bytes = try InputFile.read(file)
    var table = SheetTable(name: "", rows: [])
    report("the sheet read (ZIP, XML, cells)", try milliseconds(runs: 3) {
        table = try SpreadsheetFile.read(bytes, name: file, sheet: "Rejestr_zastosowanie")
    })
    var register: OfficialRegister?
    report("whole import: the sheet and its products and uses", try milliseconds(runs: 3) {
        register = try OfficialRegister.read(bytes, source: file, importedAt: Date())
    }, goal: 1500)
    guard let register else { return }
    let kept = directory.appendingPathComponent("official-register.bin")
    report("kept (packed, written atomically)", try milliseconds(runs: 3) { try OfficialRegisterStore.save(register, to: kept) })
    var loaded: OfficialRegister?
    report("read back", try milliseconds(runs: 3) { loaded = try OfficialRegisterStore.load(kept) })
    var index: OfficialRegisterIndex?
    report("indexed for searching", milliseconds(runs: 3) { index = OfficialRegisterIndex(loaded!) })
    guard let index else { return }
    var found = 0
    report("one search with a crop (\"produkt 12\" on TRZAW)", milliseconds { found += index.search("produkt 12", crop: "TRZAW").count }, goal: 10)
    report("one search that matches nearly all (\"p\")", milliseconds { found += index.search("p").count }, goal: 10)
    report("one completion (\"produkt 4\")", milliseconds { found += index.names(completing: "produkt 4").count }, goal: 10)
    print("  \(table.rows.count) rows: \(register.products.count) products, \(register.useCount) uses (\(found) found)")
}

/// A release as the ministry publishes it (the basic and uses workbooks): the files read, the
/// sheets read, and the whole import — classified, joined by id_sor, sorted.
func registerReleaseBench(files: [String]) throws {
    var read: [RegisterFile] = []
    report("the files read", try milliseconds(runs: 3) { read = try RegisterFiles.read(files) })
    report("the sheets read (ZIP, XML, cells)", try milliseconds(runs: 3) {
        for file in read { _ = try SpreadsheetFile.read(file.bytes, name: file.name) }
    })
    var imported: RegisterImport?
    report("whole import: read, told apart, joined", try milliseconds(runs: 3) {
        imported = try RegisterRelease.read(try RegisterFiles.read(files), importedAt: Date())
    }, goal: 1500)
    if let imported { print("  " + imported.lines.joined(separator: "\n  ")) }
}
