// The calculator window driven in-process under Xvfb: results as the user types, in both
// languages; invalid input marked and kept; actions.

import CGtk
import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import SprayBase
@testable import SprayGtk
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

final class CalculatorWindowTests: XCTestCase {
    func testSeedExampleReadsCorrectlyInPolish() {
        CalculatorHarness.run(.polish) { harness in
            XCTAssertEqual(harness.window.title, "Kalkulator Oprysku")
            harness.typeSeed()
            let texts = harness.resultTexts
            for expected in ["Ciecz robocza", "2250 l", "woda 2025 l + środki", "Środek do kupienia", "225 l",
                             "2 pełne zbiorniki + 1 częściowy zbiornik", "Skład pełnego zbiornika", "2 × 800 l",
                             "720 l", "80 l", "Skład częściowego zbiornika", "1 × 650 l", "585 l", "65 l"] {
                XCTAssertTrue(texts.contains(expected), "missing “\(expected)” in \(texts)")
            }
        }
    }

    func testSeedExampleReadsCorrectlyInEnglish() {
        CalculatorHarness.run(.english) { harness in
            XCTAssertEqual(harness.window.title, "Spray Calculator")
            harness.typeSeed(productName: "")
            let texts = harness.resultTexts
            for expected in ["Working liquid", "2,250 l", "Product to buy", "Product", "225 l",
                             "2 full tanks + 1 partial tank", "Full tank composition", "720 l", "80 l", "585 l", "65 l"] {
                XCTAssertTrue(texts.contains(expected), "missing “\(expected)” in \(texts)")
            }
        }
    }

    func testThreeProductsInEqualLoads() {
        CalculatorHarness.run(.english) { harness in
            let window = harness.window
            harness.type("12", into: window.areaEntry)
            harness.type("250", into: window.sprayRateEntry)
            harness.type("1000", into: window.tankEntry)
            harness.activate(.addProduct)
            harness.activate(.addProduct)
            XCTAssertEqual(window.productRows.count, 3)
            for (index, (name, rate)) in [("Herbicide", "2"), ("Fungicide", "0,5"), ("Fertiliser", "200")].enumerated() {
                harness.type(name, into: window.productRows[index].nameEntry)
                harness.type(rate, into: window.productRows[index].rateEntry)
            }
            harness.pickUnit(3, in: window.productRows[2].unitChooser)  // g/ha
            gtk_check_button_set_active(cast(window.equalLoadsButton), 1)
            let texts = harness.resultTexts
            // One unit per product in the loads: ml (g) only under 1 l (kg) a load; to buy, l (kg).
            for expected in ["3 equal loads", "Composition of each load", "3 × 1,000 l", "990 l", "8 l", "24 l",
                             "2 l", "6 l", "800 g", "2.4 kg"] {
                XCTAssertTrue(texts.contains(expected), "missing “\(expected)” in \(texts)")
            }
        }
    }

    func testInvalidValueIsMarkedExplainedAndKept() {
        CalculatorHarness.run(.polish) { harness in
            let window = harness.window
            harness.typeSeed()
            harness.type("1,5,5", into: window.tankEntry)

            XCTAssertEqual(Widgets.text(of: window.tankEntry), "1,5,5", "the typed text stays")
            XCTAssertTrue(gtk_widget_has_css_class(window.tankEntry, "error") != 0)
            let error = window.errorLabels[.tankCapacity]!
            XCTAssertTrue(harness.isVisible(error))
            XCTAssertEqual(harness.label(error), "to nie jest liczba (wpisz np. 1,5 lub 1.5)")
            XCTAssertTrue(harness.resultTexts.contains("• Pojemność zbiornika: to nie jest liczba (wpisz np. 1,5 lub 1.5)"),
                          "\(harness.resultTexts)")

            harness.type("800", into: window.tankEntry)
            XCTAssertFalse(gtk_widget_has_css_class(window.tankEntry, "error") != 0)
            XCTAssertFalse(harness.isVisible(error))
            XCTAssertTrue(harness.resultTexts.contains("2250 l"))
        }
    }

    func testCalculateOnAnEmptyFormShowsEveryMissingFieldAndFocusesTheFirst() {
        CalculatorHarness.run(.english) { harness in
            let window = harness.window
            XCTAssertFalse(harness.isVisible(window.errorLabels[.area]!), "nothing is red before the user acts")
            harness.type("15", into: window.areaEntry)
            gtk_widget_grab_focus(window.tankEntry)
            harness.activate(.calculate)
            XCTAssertEqual(harness.label(window.errorLabels[.sprayRate]!), "enter a value")
            // An entry's focus sits on its inner text widget.
            let focus = gtk_window_get_focus(cast(window.window))
            XCTAssertTrue(focus.map { gtk_widget_is_ancestor($0, window.sprayRateEntry) != 0 } ?? false, "the cursor goes to the first problem")
        }
    }

    func testProductRowsAddAndRemove() {
        CalculatorHarness.run(.english) { harness in
            let window = harness.window
            XCTAssertEqual(gtk_widget_get_sensitive(window.productRows[0].removeButton), 0, "the last product cannot be removed")
            harness.type("A", into: window.productRows[0].nameEntry)
            harness.activate(.addProduct)
            harness.type("B", into: window.productRows[1].nameEntry)
            harness.activate(.addProduct)
            harness.type("C", into: window.productRows[2].nameEntry)
            ko_signal_emit_by_name(window.productRows[1].removeButton, "clicked")
            XCTAssertEqual(window.productRows.map { Widgets.text(of: $0.nameEntry) }, ["A", "C"])
        }
    }

    func testAUnitIsPickedFromAMenuMadeWhenFirstOpened() {
        CalculatorHarness.run(.polish) { harness in
            let window = harness.window, chooser = window.areaUnitChooser!
            XCTAssertNil(gtk_menu_button_get_popover(cast(chooser.widget)), "no menu before it is opened")
            XCTAssertEqual(Widgets.labelTexts(in: chooser.widget), ["ha"])
            gtk_menu_button_popup(cast(chooser.widget))
            guard let popover = gtk_menu_button_get_popover(cast(chooser.widget)) else { return XCTFail("the menu did not open") }
            XCTAssertEqual(Widgets.labelTexts(in: cast(popover)).filter { !$0.isEmpty }, ["ha", "a", "m²"])
            gtk_menu_button_popdown(cast(chooser.widget))

            harness.type("50", into: window.areaEntry)
            harness.pickUnit(1, in: chooser)
            XCTAssertEqual(window.model.form.areaUnit, .ares)
            XCTAssertEqual(Widgets.labelTexts(in: chooser.widget).first, "a", "the button shows the unit picked")
            XCTAssertEqual(chooser.selected, 1)
            harness.pickUnit(7, in: chooser)
            XCTAssertEqual(window.model.form.areaUnit, .ares, "no unit past the end")

            // Rows made again from the model show each product's unit.
            harness.type("Środek", into: window.productRows[0].nameEntry)
            harness.pickUnit(3, in: window.productRows[0].unitChooser)
            XCTAssertEqual(window.model.form.products[0].unit, RateUnit.allCases[3])
            harness.activate(.addProduct)
            ko_signal_emit_by_name(window.productRows[1].removeButton, "clicked")
            XCTAssertEqual(window.productRows[0].unitChooser.selected, 3)
            XCTAssertEqual(Widgets.labelTexts(in: window.productRows[0].unitChooser.widget), [RateUnit.allCases[3].symbol])
            XCTAssertEqual(window.areaUnitChooser.selected, 1)
        }
    }

    /// Each font size and weight Pango meets first costs a fontconfig match and sort on two
    /// new threads before the first frame: the first screen's text is body size, in the
    /// regular weight and bold (the title, headings and the Calculate button).
    func testTheFirstScreenWritesInOneSizeAndTwoWeights() {
        CalculatorHarness.run(.polish) { harness in
            var fonts: Set<String> = []
            func visit(_ widget: Widget) {
                guard gtk_widget_get_mapped(widget) != 0 else { return }
                if g_type_check_instance_is_a(cast(widget), gtk_label_get_type()) != 0,
                   let text = gtk_label_get_text(cast(widget)), text.pointee != 0,
                   let font = pango_context_get_font_description(gtk_widget_get_pango_context(widget)) {
                    fonts.insert("\(pango_font_description_get_size(font) / PANGO_SCALE) \(pango_font_description_get_weight(font).rawValue)")
                }
                var child = gtk_widget_get_first_child(widget)
                while let current = child {
                    visit(current)
                    child = gtk_widget_get_next_sibling(current)
                }
            }
            visit(harness.window.window)
            let body = pango_font_description_get_size(pango_context_get_font_description(
                gtk_widget_get_pango_context(harness.window.areaEntry))) / PANGO_SCALE
            XCTAssertEqual(fonts, ["\(body) \(PANGO_WEIGHT_NORMAL.rawValue)", "\(body) \(PANGO_WEIGHT_BOLD.rawValue)"])
        }
    }

    func testRecordingPlaysTheTractorWhenAnimationsAreOn() {
        CalculatorHarness.run(.english) { harness in
            harness.typeSeed()
            let tractor = harness.window.tractor!
            ko_set_animations_enabled(tractor.area, 1)
            harness.activate(.calculate)
            XCTAssertTrue(tractor.isRunning)
            XCTAssertTrue(GtkTestSupport.iterate(until: { !tractor.isRunning }, timeout: 10), "the ride ends")

            ko_set_animations_enabled(tractor.area, 0)
            defer { ko_set_animations_enabled(tractor.area, 1) }
            harness.activate(.calculate)
            XCTAssertFalse(tractor.isRunning, "no ride when the desktop turns animations off")
        }
    }
}

final class PreferencesTests: XCTestCase {
    func testSwitchingLanguageRebuildsTheWindowAndKeepsWhatWasTyped() {
        CalculatorHarness.run(.english) { harness in
            harness.typeSeed()
            harness.type("1,5,5", into: harness.window.tankEntry)
            harness.activate(.preferences)
            guard let preferences = harness.app.preferencesWindow else { return XCTFail("no preferences window") }

            gtk_drop_down_set_selected(cast(preferences.languageDropDown), 1)  // Polski
            XCTAssertTrue(GtkTestSupport.iterate(until: { harness.app.calculatorWindow?.title == "Kalkulator Oprysku" }))
            let window = harness.app.calculatorWindow!
            XCTAssertEqual(window.title, "Kalkulator Oprysku")
            XCTAssertEqual(Widgets.text(of: window.areaEntry), "15", "typed values stay")
            XCTAssertEqual(Widgets.text(of: window.tankEntry), "1,5,5", "even invalid ones")
            XCTAssertEqual(harness.label(window.errorLabels[.tankCapacity]!), "to nie jest liczba (wpisz np. 1,5 lub 1.5)")
            XCTAssertTrue(Widgets.labelTexts(in: window.window).contains("Powierzchnia pola"))
            XCTAssertEqual(harness.app.services.farm.settings.settings.language, .polish, "the choice is kept")

            let reopened = harness.app.preferencesWindow!
            gtk_drop_down_set_selected(cast(reopened.languageDropDown), 2)  // English
            XCTAssertTrue(GtkTestSupport.iterate(until: { harness.app.calculatorWindow?.title == "Spray Calculator" }))
            XCTAssertEqual(Widgets.text(of: harness.app.calculatorWindow!.areaEntry), "15")
            let saved = SettingsStore(file: harness.directory.appendingPathComponent("settings.json")).settings
            XCTAssertEqual(saved.language, .english)
        }
    }

    func testTheFarmIsKeptAndDeleteAllDataNamesTheRecords() {
        CalculatorHarness.run(.polish) { harness in
            harness.typeSeed()
            _ = try? harness.app.services.records.add(TreatmentDetails(date: CalendarDate(year: 2026, month: 4, day: 14)!, parcel: "Działka 7", reason: "mszyca"), at: Clock.system.now)
            harness.activate(.preferences)
            guard let preferences = harness.app.preferencesWindow else { return XCTFail("no preferences window") }
            harness.type("Gospodarstwo Rolne Nowak", into: preferences.farmEntry)
            harness.type(" 012345678 ", into: preferences.producerEntry)
            ko_signal_emit_by_name(preferences.producerEntry, "activate")
            let saved = SettingsStore(file: harness.directory.appendingPathComponent("settings.json")).settings
            XCTAssertEqual(saved.farmName, "Gospodarstwo Rolne Nowak")
            XCTAssertEqual(saved.producerNumber, "012345678")
            // The farm's own limit on one mode of action: a wrong value is said and saves nothing;
            // a right one is what the calculator's warnings read from then on.
            harness.type("zero", into: preferences.modeLimitEntry)
            ko_signal_emit_by_name(preferences.modeLimitEntry, "activate")
            XCTAssertTrue(harness.label(preferences.messageLabel).hasPrefix("Zabiegi jednym mechanizmem działania w sezonie: wpisz liczbę całkowitą od 1 do 50"),
                          harness.label(preferences.messageLabel))
            XCTAssertNil(SettingsStore(file: harness.directory.appendingPathComponent("settings.json")).settings.modeOfActionLimit)
            harness.type("2", into: preferences.modeLimitEntry)
            ko_signal_emit_by_name(preferences.modeLimitEntry, "activate")
            XCTAssertEqual(SettingsStore(file: harness.directory.appendingPathComponent("settings.json")).settings.modeOfActionLimit, 2)
            XCTAssertEqual(harness.app.services.farm.modeOfActionLimit, 2)
            let goes = harness.app.services.dataDeletion.whatGoes
            XCTAssertTrue(goes.contains {
                $0.hasPrefix("1 wpis ewidencji zabiegów — ewidencja, którą przepisy każą przechowywać 3 lata (")
            }, "\(goes)")
            let texts = Widgets.labelTexts(in: preferences.window)
            XCTAssertTrue(texts.contains("Kopie przechowywane przez program"), "\(texts)")
            XCTAssertTrue(texts.contains("Żadna kopia nie jest przechowywana poza tym komputerem."), "the second copy: none chosen")
            XCTAssertFalse(Widgets.labelTexts(in: preferences.copiesBox).isEmpty, "the copies, or that there are none")
        }
    }

    func testThemeChoiceIsAppliedAndKept() {
        CalculatorHarness.run(.english) { harness in
            harness.activate(.preferences)
            let preferences = harness.app.preferencesWindow!
            gtk_drop_down_set_selected(cast(preferences.themeDropDown), 2)  // dark
            XCTAssertEqual(ko_prefers_dark_theme(), 1)
            gtk_drop_down_set_selected(cast(preferences.themeDropDown), 1)  // light
            XCTAssertEqual(ko_prefers_dark_theme(), 0)
            XCTAssertEqual(harness.app.services.farm.settings.settings.theme, .light)
        }
    }
}

final class ReportActionsTests: XCTestCase {
    @MainActor private static func isEnabled(_ action: Action, in window: CalculatorWindow) -> Bool {
        g_action_group_get_action_enabled(cast(window.window), action.name) != 0
    }

    func testReportActionsFollowThePlanAndOpenThePreview() {
        CalculatorHarness.run(.polish) { harness in
            let window = harness.window
            XCTAssertFalse(Self.isEnabled(.exportPDF, in: window), "nothing to export on an empty form")
            XCTAssertFalse(harness.isVisible(window.reportButtons))
            harness.typeSeed()
            for action in [Action.exportPDF, .printPreview, .print] {
                XCTAssertTrue(Self.isEnabled(action, in: window), action.rawValue)
            }
            XCTAssertTrue(harness.isVisible(window.reportButtons))
            XCTAssertEqual(window.currentReport()?.suggestedFileName.hasSuffix("-15ha.pdf"), true)

            harness.activate(.printPreview)
            XCTAssertTrue(GtkTestSupport.iterate(until: { harness.toplevel(titled: "Podgląd wydruku") != nil }), "the preview opens")
            harness.toplevel(titled: "Podgląd wydruku").map { gtk_window_destroy(cast($0)) }

            harness.type("0", into: window.tankEntry)
            XCTAssertFalse(Self.isEnabled(.print, in: window), "an invalid job cannot be printed")
        }
    }
}

final class MenuTests: XCTestCase {
    func testThePrimaryMenuIsBuiltWhenFirstOpenedAndOffersEveryWindow() {
        CalculatorHarness.run(.english) { harness in
            let button = harness.window.primaryMenuButton!
            XCTAssertNil(gtk_menu_button_get_popover(cast(button)), "no menu is built before it is needed")
            gtk_menu_button_popup(cast(button))
            guard let popover = gtk_menu_button_get_popover(cast(button)) else { return XCTFail("the menu did not open") }
            let texts = Widgets.labelTexts(in: cast(popover))
            for item in ["History", "Favorites", "Export PDF…", "Print preview", "Print…", "Preferences", "Keyboard Shortcuts",
                         "About Spray Calculator"] {
                XCTAssertTrue(texts.contains(item), "missing “\(item)” in \(texts)")
            }
            gtk_menu_button_popdown(cast(button))
        }
    }
}
