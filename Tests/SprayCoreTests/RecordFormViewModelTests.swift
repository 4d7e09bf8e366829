// The record form without GTK: prefilled from a plan or a history entry, typing every field,
// problems that block saving (named by field), missing fields that do not, the crop search,
// remembered authorisation numbers and operator, and a correction keeping the old version.

import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

/// What a scenario works with: the records file of the test and a fixed "now".
private struct Setting {
    /// The farm of the test's folder, its clock at 2026-04-14 06:30 in UTC (scenarios pin TZ to UTC).
    let farm: Farm
    static let now = Date(timeIntervalSince1970: Double(CalendarDate(year: 2026, month: 4, day: 14)!.daysSinceEpoch * 86_400 + 6 * 3600 + 30 * 60))
    var now: Date { Self.now }

    init(folder: URL) {
        farm = Farm.inFolder(folder, clock: .fixed(Self.now))
    }

    func store() -> any RecordBook { farm.records }
}

final class RecordFormViewModelTests: TemporaryDirectoryTestCase {
    /// 4,2 ha (420 a) of Fungicyd Ś at 1,25 l/ha and an unnamed adjuvant at 200 ml/ha.
    private static func plan() throws -> TankMixPlan {
        try TankMixEngine.plan(JobInput(area: 420, areaUnit: .ares, sprayRate: 200, tankCapacity: 2500, products: [
            ProductInput(name: "Fungicyd Ś", rate: d("1.25")), ProductInput(name: "", rate: 200, unit: .millilitresPerHectare),
        ])).get()
    }

    private var setting: Setting { Setting(folder: path("farm")) }

    /// Runs `body` on the main actor (XCTest calls synchronous tests on the main thread),
    /// in `language` and UTC.
    private func scenario(_ language: Language = .english, _ body: @MainActor (Setting) throws -> Void) rethrows {
        nonisolated(unsafe) let setting = self.setting
        try withTimeZone("UTC0") {
            try withLanguage(language) {
                try MainActor.assumeIsolated { try body(setting) }
            }
        }
    }

    // Prefilled

    func testPrefilledFromAPlanInEachLanguage() throws {
        let rows: [(Language, date: String, size: String, dose: String)] = [
            (.english, "2026-04-14", "4.2", "1.25"),
            (.polish, "14.04.2026", "4,2", "1,25"),
        ]
        let s = setting
        let earlier = s.store()
        var old = completeDetails(date: CalendarDate(year: 2026, month: 3, day: 1)!)
        old.products = [ProductUse(name: "fungicyd s", authorisation: "R-12/2024", dose: 1, doseUnit: .litres)]
        try earlier.add(old, at: s.now.addingTimeInterval(-86_400 * 40))
        for row in rows {
            try scenario(row.0) { s in
                let model = RecordFormViewModel(plan: try Self.plan(), farm: s.farm)
                XCTAssertEqual(model.text(of: .date), row.date)
                XCTAssertEqual(model.text(of: .startTime), "06:30")
                XCTAssertEqual(model.text(of: .treatedSize), row.size)
                XCTAssertEqual(model.sizeUnit, "ha")
                XCTAssertEqual(model.products, [
                    ProductUseForm(name: "Fungicyd Ś", authorisation: "R-12/2024", doseText: row.dose, unit: .litres),
                    ProductUseForm(name: "", authorisation: "", doseText: "200", unit: .millilitres),
                ], "quantities that are dose × size are not typed: they follow the dose and the size")
                XCTAssertEqual(model.quantityPlaceholder(ofProduct: 0), row.size == "4.2" ? "= 5.25" : "= 5,25")
                XCTAssertEqual(model.details.treatedSize, d("4.2"))
                XCTAssertEqual(model.drafts[0].stored.products.map(\.quantityUsed), [d("5.25"), 840])
                XCTAssertEqual(model.details.date, CalendarDate(year: 2026, month: 4, day: 14))
                XCTAssertEqual(model.text(of: .operatorName), "Łukasz Nowak", "the operator of the last record")
                XCTAssertEqual(model.title, "Record Treatment")
            }
        }
    }

    /// The form from a calculation with products the ministry's register knows: its number
    /// fills an empty one (a product the library has without a number too), never a typed or
    /// the library's own; a name two register products share is left for the farmer.
    func testAFormFromACalculationTakesTheRegistersNumber() throws {
        func registered(_ name: String, _ number: String, kind: String = "Fungicyd", useUntil: String? = nil) -> OfficialRegisterProduct {
            OfficialRegisterProduct(name: name, authorisation: number, kind: kind, substances: "", authorisedUntil: nil, saleUntil: nil,
                              useUntil: useUntil.flatMap(CalendarDate.init(parsing:)), uses: [])
        }
        let register = OfficialRegisterIndex(OfficialRegister(date: nil, importedAt: Clock.system.now, source: "test", products: [
            registered("Chwastox Trio 540 SL", "R-77/2018", kind: "Herbicyd"), registered("Fungicyd Ś", "R-99/2099"),
            registered("Delta", "R-3/2020"), registered("Delta", "R-4/2020"), registered("Adiuwant X", "A-1/2020", kind: "Adiuwant"),
        ]))
        var library = Library()
        library.products = [LibraryProduct(name: "Fungicyd Ś", authorisation: "R-12/2024", rate: 1, unit: .litresPerHectare),
                            LibraryProduct(name: "Chwastox Trio 540 SL", authorisation: "", rate: 2, unit: .litresPerHectare)]
        let plan = try TankMixEngine.plan(JobInput(area: 4, areaUnit: .hectares, sprayRate: 200, tankCapacity: 2500, products: [
            ProductInput(name: "Fungicyd Ś", rate: 1), ProductInput(name: "Chwastox Trio 540 SL", rate: 2),
            ProductInput(name: "Delta", rate: 1), ProductInput(name: "Adiuwant X", rate: d("0.1")),
        ])).get()
        for language in [Language.english, .polish] {
            try scenario(language) { s in
                let model = RecordFormViewModel(plan: plan, farm: try s.farm.with(library))
                XCTAssertEqual(model.products.map(\.authorisation), ["R-12/2024", "", "", ""], "before the register is read")
                s.farm.register = register
                XCTAssertEqual(model.products.map(\.authorisation), ["R-12/2024", "R-77/2018", "", "A-1/2020"], "\(language)")
                XCTAssertEqual(model.products[3].kind, .adjuvant)
                XCTAssertFalse(model.missing.contains { $0.field == .authorisation && $0.product == 1 }, "no longer incomplete for it")
            }
        }
    }

    func testPrefilledFromAHistoryEntry() throws {
        try scenario(.polish) { s in
            let entry = HistoryEntry(timestamp: s.now, input: try Self.plan().input, parcel: "Działka 7", crop: "Pszenica ozima", notes: "wiatr 2 m/s")
            let model = try XCTUnwrap(RecordFormViewModel(entry: entry, farm: s.farm))
            XCTAssertFalse(model.isEdited, "filling in is not editing: the form closes without asking")
            XCTAssertEqual(model.text(of: .parcel), "Działka 7")
            XCTAssertEqual(model.text(of: .notes), "wiatr 2 m/s")
            XCTAssertEqual(model.crop, CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"), "the entry's crop, by its whole name")
            XCTAssertEqual(model.text(of: .crop), "pszenica ozima (TRZAW)")
            XCTAssertEqual(model.details.products.map(\.name), ["Fungicyd Ś", ""])
            let free = HistoryEntry(timestamp: s.now, input: try Self.plan().input, crop: "zboże")
            let searching = try XCTUnwrap(RecordFormViewModel(entry: free, farm: s.farm))
            XCTAssertNil(searching.crop)
            XCTAssertEqual(searching.text(of: .crop), "zboże", "kept as search text for the farmer to pick")
        }
    }

    // Typing

    func testTypingEveryFieldGivesTheDetailsAndSavesThem() throws {
        try scenario(.polish) { s in
            let records = s.store()
            let model = RecordFormViewModel(plan: try Self.plan(), farm: s.farm)
            var changes: [RecordFormViewModel.Change] = []
            model.onChange = { changes.append($0) }
            let typed: [(RecordFormField, String)] = [
                (.date, "14.04.2026"), (.startTime, "6:30"), (.parcel, " Działka 7 „za stodołą” "),
                (.parcelIDs, "141201_1.0001.123/4,\n 141201_1.0001.124"), (.treatedSize, "4,2"), (.parcelSize, "8,4"),
                (.crop, "TRZAW"), (.bbch, "31"),
                (.productName(0), "Fungicyd Ś"), (.productAuthorisation(0), "R-12/2024"), (.productDose(0), "1,25"),
                (.productQuantity(0), "5,25"), (.productName(1), "Adiuwant"), (.productAuthorisation(1), "R-3/2021"),
                (.productDose(1), "200"), (.productQuantity(1), "840"), (.reason, "septorioza liści"),
                (.operatorName, "Łukasz Nowak"), (.notes, "wiatr 2 m/s; 12 °C"),
            ]
            XCTAssertFalse(model.isEdited)
            for (field, text) in typed { model.setText(text, for: field) }
            XCTAssertTrue(model.isEdited, "closing now asks first")
            XCTAssertEqual(changes.count, typed.count, "every keystroke tells the window")
            XCTAssertEqual(model.details, completeDetails())
            XCTAssertEqual(model.bbchStageName, "Wydłużanie pędu (strzelanie w źdźbło) lub wzrost rozety / rozwój pędów (pęd główny)")
            XCTAssertEqual(model.fractionText, "Treated: 50 % of the parcel")
            XCTAssertTrue(model.problems.isEmpty)
            XCTAssertEqual(model.missing, [])
            XCTAssertEqual(model.completenessText, "Complete: everything the law asks for is filled in.")

            let saved = try model.save().get()
            XCTAssertEqual(records.records.map(\.details), [completeDetails()])
            XCTAssertEqual(saved.status, .complete)
            XCTAssertEqual(saved.calculation, try Self.plan().input)
            XCTAssertFalse(model.canSave, "saved once; the window closes")
            XCTAssertEqual(try model.save().get(), saved, "a second save adds nothing")
            XCTAssertEqual(records.records.count, 1)
        }
    }

    func testTypeOfUseSetsTheBasisAndTheFieldsShown() throws {
        try scenario { s in
            let model = RecordFormViewModel(plan: try Self.plan(), farm: s.farm)
            var changes: [RecordFormViewModel.Change] = []
            model.onChange = { changes.append($0) }
            model.setText("TRZAW", for: .crop)
            let rows: [(TypeOfUse, DoseBasis?, bases: [DoseBasis], basis: DoseBasis, crop: Bool, batch: Bool, dose: String)] = [
                (.seeds, nil, [.tonne, .kilogram], .tonne, false, true, "l/t"),
                (.seeds, .kilogram, [.tonne, .kilogram], .kilogram, false, true, "l/kg"),
                (.seeds, .hectare, [.tonne, .kilogram], .kilogram, false, true, "l/kg"),
                (.closedSpace, .cubicMetre, [.squareMetre, .cubicMetre], .cubicMetre, false, false, "l/m³"),
                (.surface, nil, [.hectare], .hectare, true, false, "l/ha"),
            ]
            for row in rows {
                model.setUse(row.0)
                if let basis = row.1 { model.setBasis(basis) }
                XCTAssertEqual(model.basisChoices, row.bases)
                XCTAssertEqual(model.basis, row.basis)
                XCTAssertEqual(model.showsCrop, row.crop)
                XCTAssertEqual(model.showsSeedBatch, row.batch)
                XCTAssertEqual(model.doseUnitTitle(.litres), row.dose)
                XCTAssertEqual(model.details.crop != nil, row.crop, "the crop is recorded for surfaces only")
                XCTAssertEqual(model.missing.contains(MissingField(.seedBatch)), row.batch)
            }
            XCTAssertEqual(changes.filter { $0 == .fields }.count, 5, "each use and basis change refills the fields")
        }
    }

    // Problems and missing fields

    func testBadTextsNameTheFieldAndBlockSaving() throws {
        let rows: [(field: RecordFormField, text: String, message: String)] = [
            (.date, "31.02.2026", "Date: write the date as 21.11.2026 or 2026-11-21"),
            (.date, "jutro", "Date: write the date as 21.11.2026 or 2026-11-21"),
            (.date, " ", "Date: enter the date of the treatment"),
            (.startTime, "25:00", "Start time: write the hour as 06:30, or leave it empty"),
            (.startTime, "6.30", "Start time: write the hour as 06:30, or leave it empty"),
            (.treatedSize, "4,2,1", "Size treated: not a number (write e.g. 1,5 or 1.5)"),
            (.treatedSize, "0", "Size treated: must be greater than 0"),
            (.parcelSize, "-3", "Parcel size: must be greater than 0"),
            (.crop, "pszenica", "Crop (EPPO code): choose a crop from the list, or type its EPPO code (e.g. TRZAW)"),
            (.crop, "trz-w", "Crop (EPPO code): choose a crop from the list, or type its EPPO code (e.g. TRZAW)"),
            (.bbch, "3", "Growth stage (BBCH): write two digits, 00 to 99"),
            (.bbch, "3a", "Growth stage (BBCH): write two digits, 00 to 99"),
            (.productDose(0), "dużo", "Dose of Fungicyd Ś: not a number (write e.g. 1,5 or 1.5)"),
            (.productQuantity(1), "0", "Quantity used of product 2: must be greater than 0"),
        ]
        for row in rows {
            try scenario { s in
                let records = s.store()
                let model = RecordFormViewModel(plan: try Self.plan(), farm: s.farm)
                XCTAssertTrue(model.canSave, "\(row.field) before")
                model.setText(row.text, for: row.field)
                XCTAssertNotNil(model.problem(for: row.field), "\(row.field) “\(row.text)”")
                XCTAssertFalse(model.canSave, "\(row.field) “\(row.text)”")
                guard case let .failure(error) = model.save() else { return XCTFail("saved with \(row.field) “\(row.text)”") }
                XCTAssertEqual(error.message, row.message)
                XCTAssertTrue(records.records.isEmpty)
            }
        }
    }

    func testHiddenFieldsAndEmptyOptionalFieldsDoNotBlock() throws {
        try scenario { s in
            let model = RecordFormViewModel(plan: try Self.plan(), farm: s.farm)
            for field in [RecordFormField.startTime, .parcelSize, .bbch, .crop, .productQuantity(0)] {
                model.setText("", for: field)
            }
            XCTAssertEqual(model.problems, [])
            model.setText("pszenica", for: .crop)
            model.setUse(.closedSpace)
            XCTAssertEqual(model.problems, [], "the crop is not asked for a closed space")
        }
    }

    func testMissingFieldsDoNotBlockAndAreListed() throws {
        try scenario { s in
            let records = s.store()
            let model = RecordFormViewModel(plan: try Self.plan(), farm: s.farm)
            XCTAssertEqual(model.missing.map { $0.title(in: model.details) }, [
                "Parcel or place", "Crop (EPPO code)", "Authorisation number of Fungicyd Ś",
                "Product name of product 2", "Authorisation number of product 2", "Reason",
            ])
            XCTAssertEqual(model.completenessText, "Saved as incomplete: missing parcel or place, crop (EPPO code), "
                + "authorisation number of Fungicyd Ś, product name of product 2, authorisation number of product 2, reason")
            model.setText("Działka 7", for: .parcel)
            model.setText("mszyce", for: .reason)
            XCTAssertEqual(model.missing.count, 4)
            XCTAssertTrue(model.canSave)
            let saved = try model.save().get()
            XCTAssertEqual(saved.status, .incomplete)
            XCTAssertEqual(records.records.first?.details.reason, "mszyce")
        }
    }

    // Crop and BBCH

    func testCropSearchInBothLanguagesWithoutDiacritics() throws {
        let rows: [(Language, typed: String, matches: [String], chosen: CropChoice?, text: String?)] = [
            (.polish, "psz oz", ["TRZAW", "TTLWI"], nil, nil),
            (.polish, "JECZMIEN", ["HORVX", "HORVW", "HORVS"], nil, nil),
            (.polish, "jeczmien jary", [], CropChoice(eppoCode: "HORVS", name: "jęczmień jary"), nil),
            (.english, "jeczmien jary", [], CropChoice(eppoCode: "HORVS", name: "spring barley"), nil),
            (.english, "winter oilseed", ["BRSNW"], nil, nil),
            (.english, "Winter Wheat", [], CropChoice(eppoCode: "TRZAW", name: "winter wheat"), nil),
            (.polish, "winter wheat", [], CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"), nil),
            (.polish, "trzaw", [], CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"), nil),
            (.polish, "", [], nil, nil),
        ]
        for row in rows {
            try scenario(row.0) { s in
                let model = RecordFormViewModel(plan: try Self.plan(), farm: s.farm)
                model.setText(row.typed, for: .crop)
                XCTAssertEqual(model.cropMatches.map(\.eppoCode), row.matches, row.typed)
                XCTAssertEqual(model.crop, row.chosen, row.typed)
                XCTAssertEqual(model.text(of: .crop), row.text ?? row.typed, "typing never rewrites the text")
                XCTAssertNil(model.cropWarning, row.typed)
            }
        }
    }

    func testChoosingAMatchAndTypingAnUnknownCode() throws {
        try scenario(.polish) { s in
            let model = RecordFormViewModel(plan: try Self.plan(), farm: s.farm)
            var changes: [RecordFormViewModel.Change] = []
            model.onChange = { changes.append($0) }
            model.setText("rzepak", for: .crop)
            XCTAssertEqual(model.cropMatches.map(\.eppoCode), ["BRSNN", "BRSNW", "BRSNS"])
            XCTAssertEqual(model.cropMatches.map(model.title(of:)), ["rzepak (ogółem) (BRSNN)", "rzepak ozimy (BRSNW)", "rzepak jary (BRSNS)"])
            model.chooseCrop(model.cropMatches[1])
            XCTAssertEqual(changes, [.state, .fields], "choosing rewrites the crop's text")
            XCTAssertEqual(model.text(of: .crop), "rzepak ozimy (BRSNW)")
            XCTAssertEqual(model.crop, CropChoice(eppoCode: "BRSNW", name: "rzepak ozimy"))
            XCTAssertEqual(model.cropMatches, [], "the list closes once chosen")
            XCTAssertNil(model.problem(for: .crop))
            XCTAssertNil(model.cropNote, "the text already names it")

            model.setText("brsns", for: .crop)
            XCTAssertEqual(model.cropNote, "rzepak jary (BRSNS)", "a typed code is confirmed by its name")

            model.setText("ABCDE", for: .crop)
            XCTAssertEqual(model.crop, CropChoice(eppoCode: "ABCDE", name: ""))
            XCTAssertEqual(model.cropWarning, "ABCDE is not in the list of crops: check the code")
            XCTAssertEqual(model.cropNote, model.cropWarning)
            XCTAssertNil(model.problem(for: .crop), "an EPPO-shaped code is accepted")
            XCTAssertTrue(model.canSave)
            XCTAssertEqual(model.details.crop?.eppoCode, "ABCDE")
        }
    }

    func testBBCHStageNames() throws {
        let rows: [(Language, code: String, name: String?)] = [
            (.english, "31", "Stem elongation or rosette growth / shoot development (main shoot)"),
            (.polish, "65", "Kwitnienie (pęd główny)"),
            (.english, " 09 ", "Germination / sprouting / bud development"),
            (.english, "3", nil),
            (.english, "", nil),
        ]
        for row in rows {
            try scenario(row.0) { s in
                let model = RecordFormViewModel(plan: try Self.plan(), farm: s.farm)
                model.setText(row.code, for: .bbch)
                XCTAssertEqual(model.bbchStageName, row.name, row.code)
            }
        }
    }

    // Remembered values

    func testAuthorisationNumbersOfEarlierRecordsAreSuggested() throws {
        try scenario { s in
            let records = s.store()
            try records.add(completeDetails(date: CalendarDate(year: 2026, month: 3, day: 1)!), at: s.now.addingTimeInterval(-90_000))
            var newer = completeDetails(date: CalendarDate(year: 2026, month: 3, day: 20)!)
            newer.products[0].authorisation = "R-99/2025"
            try records.add(newer, at: s.now.addingTimeInterval(-80_000))

            let model = RecordFormViewModel(plan: try Self.plan(), farm: s.farm)
            XCTAssertEqual(model.products[0].authorisation, "R-99/2025", "the most recent number is filled in")
            XCTAssertEqual(model.authorisationSuggestions(forProduct: 0), ["R-12/2024"], "the others are offered")
            XCTAssertEqual(model.authorisationSuggestions(forProduct: 1), [], "an unnamed product has none")
            model.setText("adiuwant", for: .productName(1))
            XCTAssertEqual(model.products[1].authorisation, "R-3/2021", "a name typed takes the number given before, any case")
            XCTAssertEqual(model.authorisationSuggestions(forProduct: 1), [], "not offered once there")
            model.setText("", for: .productAuthorisation(1))
            XCTAssertEqual(model.authorisationSuggestions(forProduct: 1), ["R-3/2021"], "offered when cleared")
        }
    }

    func testTheOperatorSavedLastIsRemembered() throws {
        try scenario { s in
            let records = s.store()
            XCTAssertEqual(RecordFormViewModel(plan: try Self.plan(), farm: s.farm).text(of: .operatorName), "")
            var older = completeDetails(date: CalendarDate(year: 2026, month: 4, day: 10)!)
            older.operatorName = "Jan Kowalski"
            try records.add(older, at: s.now.addingTimeInterval(-3600))
            var earlierTreatment = completeDetails(date: CalendarDate(year: 2026, month: 4, day: 1)!)
            earlierTreatment.operatorName = "Anna Wiśniewska"
            try records.add(earlierTreatment, at: s.now.addingTimeInterval(-60))
            var noOperator = completeDetails(date: CalendarDate(year: 2026, month: 4, day: 2)!)
            noOperator.operatorName = ""
            try records.add(noOperator, at: s.now.addingTimeInterval(-30))
            XCTAssertEqual(RecordFormViewModel(plan: try Self.plan(), farm: s.farm).text(of: .operatorName), "Anna Wiśniewska",
                           "the last one entered, even for an earlier treatment")
        }
    }

    // Correcting

    func testCorrectingARecordKeepsTheOldVersion() throws {
        try scenario { s in
            let records = s.store()
            let original = try records.add(completeDetails(), at: s.now.addingTimeInterval(-3600))
            let model = RecordFormViewModel(correcting: original, farm: s.farm)
            XCTAssertEqual(model.title, "Correct the Record")
            XCTAssertEqual(model.drafts[0].stored, original.details, "the form shows the record as it is")
            XCTAssertEqual(model.text(of: .operatorName), "Łukasz Nowak")
            model.setText("rdza brunatna", for: .reason)
            model.setText("3,9", for: .treatedSize)
            XCTAssertEqual(model.problem(for: .correctionNote), "say why the record is corrected: the earlier version is kept with this note")
            XCTAssertFalse(model.canSave)
            model.setText("pomyłka w powierzchni", for: .correctionNote)
            XCTAssertTrue(model.canSave)

            let corrected = try model.save().get()
            XCTAssertEqual(records.records.count, 1)
            let stored = try XCTUnwrap(records.record(id: original.id))
            XCTAssertEqual(stored, corrected)
            XCTAssertEqual(stored.details.reason, "rdza brunatna")
            XCTAssertEqual(stored.details.treatedSize, d("3.9"))
            XCTAssertEqual(stored.corrections.map(\.details), [original.details])
            XCTAssertEqual(stored.corrections.map(\.note), ["pomyłka w powierzchni"])
        }
    }

    // Free text: bounded, and no control characters (FreeText)

    func testLongOrControlTextBlocksSavingNamingTheField() throws {
        let long = String(repeating: "x", count: 201)
        let rows: [(RecordFormField, String, String)] = [
            (.reason, long, "Reason: too long: at most 200 characters"),
            (.operatorName, long, "Operator: too long: at most 200 characters"),
            (.parcel, long, "Parcel or place: too long: at most 200 characters"),
            (.productName(0), long, "Name of product 1: too long: at most 200 characters"),
            (.notes, String(repeating: "y", count: 2001), "Notes: too long: at most 2000 characters"),
            (.reason, "mszyca\u{1B}[2J", "Reason: " + InputProblem.controlCharacter.message),
            (.operatorName, "Jan\nKowalski", "Operator: " + InputProblem.controlCharacter.message),
            (.parcel, "\u{202E}7 akłaiD", "Parcel or place: " + InputProblem.controlCharacter.message),
            (.productName(1), "Adiuwant\u{7}", "Name of product 2: " + InputProblem.controlCharacter.message),
            (.productAuthorisation(0), "R-12\u{2066}", "Authorisation number of Fungicyd Ś: " + InputProblem.controlCharacter.message),
            (.notes, "wiatr\u{1B}]0;x\u{7}", "Notes: " + InputProblem.controlCharacter.message),
        ]
        for (field, text, message) in rows {
            try scenario { s in
                let records = s.store()
                let model = RecordFormViewModel(plan: try Self.plan(), farm: s.farm)
                model.setText(text, for: field)
                XCTAssertFalse(model.canSave, "\(field)")
                guard case let .failure(error) = model.save() else { return XCTFail("saved \(field)") }
                XCTAssertEqual(error.message, message)
                XCTAssertTrue(records.records.isEmpty)
            }
        }
        // At the limits, and notes over several lines with tabs, are fine.
        try scenario { s in
            let model = RecordFormViewModel(plan: try Self.plan(), farm: s.farm)
            model.setText(String(repeating: "r", count: 200), for: .reason)
            model.setText(String(repeating: "n", count: 1990) + "\nline\t2", for: .notes)
            XCTAssertEqual(model.problems, [])
        }
    }
}
