// Preferences without GTK: the choices saved as the settings hold them, the farm trimmed
// (blank clears it), the second copy's folder said, a settings file that cannot be written
// said rather than lost; and the job report's one error, for a history entry and a record.

import CatalogTestSupport
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

final class PreferencesViewModelTests: TemporaryDirectoryTestCase {
    func testChoicesAreSavedAndReadBack() throws {
        let directory: URL = path("")
        try FileManager.default.createDirectory(at: path("usb"), withIntermediateDirectories: false)
        MainActor.assumeIsolated {
            let locations = DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": directory.appendingPathComponent("data").path,
                                                        "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path])
            @MainActor func model() -> PreferencesViewModel {
                PreferencesViewModel(farm: Farm(locations: locations))
            }
            let preferences = model()
            XCTAssertEqual([preferences.languageIndex, preferences.themeIndex], [0, 0], "the system's, at first")
            XCTAssertEqual(PreferencesViewModel.languageTitles.count, PreferencesViewModel.languages.count)
            XCTAssertEqual(PreferencesViewModel.themeTitles.count, PreferencesViewModel.themes.count)

            let language = preferences.chooseLanguage(at: 1)
            XCTAssertEqual(language.language, .polish)
            XCTAssertNil(language.problem)
            XCTAssertEqual(preferences.chooseTheme(at: 2).theme, .dark)
            XCTAssertNil(preferences.saveFarm(name: "  Gospodarstwo Nowak ", producerNumber: " 012345678 "))
            let reopened = SettingsStore(file: locations.settingsFile)
            XCTAssertEqual(reopened.settings.language, .polish)
            XCTAssertEqual(reopened.settings.theme, .dark)
            XCTAssertEqual(reopened.settings.farmName, "Gospodarstwo Nowak")
            XCTAssertEqual(reopened.settings.producerNumber, "012345678")
            XCTAssertEqual([model().languageIndex, model().themeIndex], [1, 2])
            XCTAssertEqual(model().farmName, "Gospodarstwo Nowak")

            XCTAssertNil(preferences.saveFarm(name: "  ", producerNumber: ""))
            XCTAssertNil(SettingsStore(file: locations.settingsFile).settings.farmName, "blank clears it")
            XCTAssertEqual(preferences.chooseLanguage(at: 99).language, nil, "past the end: the system's")

            withLanguage(.english) { () -> Void in
                XCTAssertFalse(preferences.keepsSecondCopy)
                XCTAssertEqual(preferences.copyFolderText, "No copy is kept off this computer.")
                let folder = directory.appendingPathComponent("usb").path
                let said = preferences.setCopyFolder(folder)
                XCTAssertFalse(said.isError, said.message)
                XCTAssertTrue(preferences.keepsSecondCopy)
                XCTAssertEqual(preferences.copyFolderText, "A copy of all the data is kept every day in \(folder).")
                XCTAssertEqual(preferences.setCopyFolder(nil).message, "No second copy is kept now.")
                XCTAssertNil(preferences.olderCopiesText(of: []))
            }
        }
    }

    func testASettingsFileThatCannotBeWrittenIsSaid() throws {
        let directory: URL = path("")
        // No one, root included, makes a folder inside a regular file.
        try Data("not a folder".utf8).write(to: path("afile"))
        MainActor.assumeIsolated {
            let unwritable = DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": directory.appendingPathComponent("data").path,
                                                         "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("afile/sub").path])
            let preferences = PreferencesViewModel(farm: Farm(locations: unwritable))
            XCTAssertNotNil(preferences.chooseTheme(at: 1).problem)
            XCTAssertNotNil(preferences.saveFarm(name: "Nowak", producerNumber: ""))
        }
    }

    func testTheJobReportOfAnEntryAndOfARecordHasOneErrorPath() throws {
        let directory: URL = path("")
        let input = JobInput(area: 4, sprayRate: 200, tankCapacity: 2500, products: [ProductInput(name: "Fungicyd", rate: 1)])
        var broken = input
        broken.tankCapacity = 0
        let farmFolder: URL = directory
        MainActor.assumeIsolated {
            let history = HistoryViewModel(farm: Farm.inFolder(farmFolder))
            XCTAssertNotNil(try? history.plan(for: HistoryEntry(timestamp: Clock.system.now, input: input)).get())
            guard case .failure(.noLongerAPlan) = history.plan(for: HistoryEntry(timestamp: Clock.system.now, input: broken)) else {
                return XCTFail("a calculation that no longer makes a plan")
            }
            let register = RegisterViewModel(farm: Farm.inFolder(farmFolder))
            let typed = TreatmentRecord(details: completeDetails(), createdAt: Clock.system.now, calculation: nil)
            XCTAssertEqual(register.plan(for: typed).failure, .notFromACalculation)
            let calculated = TreatmentRecord(details: completeDetails(), createdAt: Clock.system.now, calculation: input)
            XCTAssertNotNil(try? register.plan(for: calculated).get())
            inPolish {
                XCTAssertEqual(NoJobReport.notFromACalculation.title, "Brak raportu dla tego wpisu")
                XCTAssertTrue(NoJobReport.noLongerAPlan(InvalidJob([FieldError(.tankCapacity, .notPositive)])).detail
                    .hasPrefix("Zapisane obliczenie nie daje już planu: "))
            }
        }
    }
}
