// Every window fits a 1366 × 768 laptop and a 1280 × 720 one, at text scaling 1.0 and 1.25,
// in Polish and English: its natural width (gtk_widget_measure), its minimum height and the size
// it opens at are within the screen, and shown at the screen's size, its title is not cut. The header bars
// carry at most three buttons and one menu (GNOME's guidelines); the rest is in that menu.

import CGtk
import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import SprayBase
@testable import SprayGtk
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

final class WindowSizeTests: XCTestCase {
    private static let registerFixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SprayCoreTests/Fixtures/register/rejestr.csv")
    private static let screens: [(width: Int32, height: Int32)] = [(1366, 768), (1280, 720)]

    func testEveryWindowFitsInPolish() { Self.check(.polish, textScale: 1.0) }
    func testEveryWindowFitsInEnglish() { Self.check(.english, textScale: 1.0) }
    func testEveryWindowFitsInPolishWithLargerText() { Self.check(.polish, textScale: 1.25) }
    func testEveryWindowFitsInEnglishWithLargerText() { Self.check(.english, textScale: 1.25) }

    /// What left the header bars is in their menus: every action of the register, the harvest
    /// dates, the store and the shopping list is a header button or a menu item, and keeps its shortcut.
    func testEveryActionOfTheWindowsWithMenusIsInTheHeaderOrItsMenu() {
        CalculatorHarness.run(.polish) { harness in
            for (stop, kind) in [(WindowTour.Stop.register, ActionWindow.register), (.harvestDates, .harvestDates), (.fieldCard, .fieldCard), (.store, .store),
                                 (.shoppingList, .shoppingList)] {
                guard let window = WindowTour.open(stop, in: harness.app), let header = Self.header(of: window) else {
                    return XCTFail("\(stop): no window")
                }
                let reachable = Self.actionNames(in: header)
                for action in Action.allCases where action.windows.contains(kind) && action.rawValue.hasPrefix("win.") {
                    XCTAssertTrue(reachable.contains(action.rawValue), "\(stop): \(action.rawValue) in neither the header nor its menu")
                    for accelerator in action.accelerators {
                        XCTAssertTrue(harness.actions(forAccelerator: accelerator).contains(action.rawValue), "\(action): \(accelerator)")
                    }
                }
            }
        }
    }

    /// The paper grid on a 1280 px screen: scrolled to its last column, the date, hour and field
    /// are still in view; Tab from the field goes on to the crop of the same row.
    func testTheGridKeepsDateHourAndFieldInViewWhenScrolledSideways() {
        CalculatorHarness.run(.polish) { harness in
            guard let window = WindowTour.open(.grid, in: harness.app), let grid = harness.window.registerWindow?.transcriptionWindow else {
                return XCTFail("no grid")
            }
            gtk_window_set_default_size(cast(window), 1280, 720)
            func scrollsSideways(_ widget: Widget) -> Bool {
                guard Self.isA(widget, gtk_scrolled_window_get_type()) else { return false }
                var horizontal = GTK_POLICY_NEVER, vertical = GTK_POLICY_NEVER
                gtk_scrolled_window_get_policy(cast(widget), &horizontal, &vertical)
                return horizontal == GTK_POLICY_AUTOMATIC
            }
            guard let scroller = harness.find(in: grid.columnView, scrollsSideways) else { return XCTFail("no sideways scroller") }
            let sideways = gtk_scrolled_window_get_hadjustment(cast(scroller))!
            XCTAssertTrue(GtkTestSupport.iterate(until: {
                gtk_widget_get_width(window) <= 1280 && gtk_adjustment_get_upper(sideways) > gtk_adjustment_get_page_size(sideways)
            }), "more columns than fit in 1280 px")
            gtk_adjustment_set_value(sideways, gtk_adjustment_get_upper(sideways))
            /// Where `column`'s cell of the first row is, left to right, in the window; nil when not built.
            @MainActor func span(_ column: TranscriptionColumn) -> ClosedRange<Float>? {
                var bounds = graphene_rect_t()
                guard let entry = grid.cells[.init(row: 0, column: column)]?.entry,
                      gtk_widget_compute_bounds(entry, window, &bounds) != 0 else { return nil }
                return bounds.origin.x...(bounds.origin.x + bounds.size.width)
            }
            var scrollerBounds = graphene_rect_t()
            XCTAssertTrue(gtk_widget_compute_bounds(scroller, window, &scrollerBounds) != 0)
            let visible = scrollerBounds.origin.x...(scrollerBounds.origin.x + scrollerBounds.size.width)
            XCTAssertTrue(GtkTestSupport.iterate(until: { span(.notes).map { visible.contains($0.upperBound) } ?? false }),
                          "the last column scrolled into view: \(String(describing: span(.notes))) in \(visible)")
            for column in TranscriptionWindow.keptColumns {
                XCTAssertTrue(span(column).map { $0.lowerBound >= 0 && $0.upperBound <= visible.lowerBound } ?? false,
                              "\(column) kept in view, left of the scrolling columns: \(String(describing: span(column)))")
            }
            XCTAssertTrue(span(.crop).map { $0.lowerBound < visible.lowerBound } ?? true, "the crop scrolled away to the left")

            guard let field = grid.cells[.init(row: 0, column: .field)] else { return XCTFail("no field cell") }
            grid.tabAcross(from: field, backwards: false)
            XCTAssertTrue(GtkTestSupport.iterate(until: { grid.focusedCell.map { $0.row == 0 && $0.column == .crop } ?? false }))
        }
    }

    private static func check(_ language: Language, textScale: Double) {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            ko_set_text_scale(textScale)
            defer { ko_set_text_scale(1.0) }
            let harness = CalculatorHarness(language: language) { directory in
                let register = try! OfficialRegister.read(Array(try! Data(contentsOf: registerFixture)), source: "rejestr.csv",
                                                          importedAt: Clock.system.now)
                try! OfficialRegisterStore.save(register, to: directory.appendingPathComponent("official-register.bin"))
            }
            defer { harness.close() }
            var report: [String] = []
            for stop in WindowTour.Stop.allCases {
                guard let window = WindowTour.open(stop, in: harness.app) else {
                    XCTFail("\(stop): no window opened")
                    continue
                }
                GtkTestSupport.iterate(until: { gtk_widget_get_mapped(window) != 0 })
                let where_ = "\(language) ×\(textScale) \(stop.rawValue)"
                var minimumWidth: Int32 = 0, naturalWidth: Int32 = 0, minimumHeight: Int32 = 0, naturalHeight: Int32 = 0
                gtk_widget_measure(window, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, &naturalWidth, nil, nil)
                gtk_widget_measure(window, GTK_ORIENTATION_VERTICAL, -1, &minimumHeight, &naturalHeight, nil, nil)
                report.append("\(where_): natural width \(naturalWidth), minimum \(minimumWidth)×\(minimumHeight)")
                let buttons = headerButtons(of: window)
                XCTAssertLessThanOrEqual(buttons.buttons, 3, "\(where_): \(buttons.buttons) buttons in the header bar")
                XCTAssertLessThanOrEqual(buttons.menus, 1, "\(where_): \(buttons.menus) main menus in the header bar")
                var defaultWidth: Int32 = 0, defaultHeight: Int32 = 0
                gtk_window_get_default_size(cast(window), &defaultWidth, &defaultHeight)
                let opensAt = (width: defaultWidth > 0 ? defaultWidth : naturalWidth, height: defaultHeight > 0 ? defaultHeight : naturalHeight)
                report[report.count - 1] += ", opens at \(opensAt.width)×\(opensAt.height)"
                for screen in screens {
                    // GNOME's top bar takes 32 px of the screen's height.
                    XCTAssertLessThanOrEqual(opensAt.width, screen.width, "\(where_): opens \(opensAt.width) px wide on \(screen)")
                    XCTAssertLessThanOrEqual(opensAt.height, screen.height - 32, "\(where_): opens \(opensAt.height) px high on \(screen)")
                    XCTAssertLessThanOrEqual(naturalWidth, screen.width, "\(where_): \(naturalWidth) px wide on \(screen)")
                    XCTAssertLessThanOrEqual(minimumHeight, screen.height, "\(where_): \(minimumHeight) px high on \(screen)")
                    if let cut = titleCut(window, width: screen.width, height: screen.height) {
                        XCTFail("\(where_): the title is cut on \(screen): \(cut)")
                    }
                }
            }
            print(report.joined(separator: "\n"))
        }
    }

    /// Shows `window` at most `width` × `height`; what of its title does not fit, or nil.
    private static func titleCut(_ window: Widget, width: Int32, height: Int32) -> String? {
        var defaultWidth: Int32 = 0, defaultHeight: Int32 = 0
        gtk_window_get_default_size(cast(window), &defaultWidth, &defaultHeight)
        let shownWidth = defaultWidth > 0 ? min(defaultWidth, width) : width
        gtk_window_set_default_size(cast(window), shownWidth, defaultHeight > 0 ? min(defaultHeight, height) : -1)
        GtkTestSupport.iterate(until: { gtk_widget_get_width(window) <= max(shownWidth, minimumWidth(of: window)) })
        // Without a header bar the window manager draws the title, in its own frame.
        guard let header = header(of: window) else { return nil }
        let title = gtk_header_bar_get_title_widget(cast(header))
            ?? CalculatorHarness.find(in: header) { gtk_widget_has_css_class($0, "title") != 0 && isA($0, gtk_label_get_type()) }
        guard let title else { return nil }
        GtkTestSupport.iterate(until: { gtk_widget_get_width(title) > 0 })
        var cut: [String] = []
        func visit(_ widget: Widget) {
            if isA(widget, gtk_label_get_type()), pango_layout_is_ellipsized(gtk_label_get_layout(cast(widget))) != 0 {
                cut.append(String(cString: gtk_label_get_text(cast(widget))))
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                visit(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        visit(title)
        return cut.isEmpty ? nil : cut.joined(separator: ", ") + " ellipsized"
    }

    private static func minimumWidth(of window: Widget) -> Int32 {
        var minimum: Int32 = 0
        gtk_widget_measure(window, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
        return minimum
    }

    /// The buttons and menu buttons of the header bar, the window's own (close) aside.
    private static func headerButtons(of window: Widget) -> (buttons: Int, menus: Int) {
        guard let header = header(of: window) else { return (0, 0) }
        var buttons = 0, menus = 0
        func visit(_ widget: Widget) {
            // The window's own buttons, a stack's page switcher and a dropdown's button are not actions.
            if isA(widget, gtk_window_controls_get_type()) || isA(widget, gtk_stack_switcher_get_type())
                || isA(widget, gtk_drop_down_get_type()) { return }
            // The primary menu ("open-menu") is the one menu; a menu of its own (Export ▾) counts as a button.
            if isA(widget, gtk_menu_button_get_type()) {
                if gtk_menu_button_get_primary(cast(widget)) != 0
                    || gtk_menu_button_get_icon_name(cast(widget)).map({ String(cString: $0) }) == "open-menu-symbolic" {
                    menus += 1
                } else if gtk_widget_get_visible(widget) != 0 {
                    buttons += 1
                }
                return
            }
            if isA(widget, gtk_button_get_type()) {
                if gtk_widget_get_visible(widget) != 0 { buttons += 1 }
                return
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                visit(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        visit(header)
        return (buttons, menus)
    }

    /// The actions of the buttons and menu items under `widget` (menus followed into sections and submenus).
    private static func actionNames(in widget: Widget) -> Set<String> {
        var names: Set<String> = []
        func visit(_ model: UnsafeMutablePointer<GMenuModel>) {
            for index in 0..<g_menu_model_get_n_items(model) {
                if let action = g_menu_model_get_item_attribute_value(model, index, "action", nil) {
                    names.insert(String(cString: g_variant_get_string(action, nil)))
                    g_variant_unref(action)
                }
                for link in ["section", "submenu"] {
                    if let linked = g_menu_model_get_item_link(model, index, link) {
                        visit(cast(linked))
                        g_object_unref(linked.rawPointer)
                    }
                }
            }
        }
        if isA(widget, gtk_menu_button_get_type()), let model = gtk_menu_button_get_menu_model(cast(widget)) { visit(cast(model)) }
        if isA(widget, gtk_button_get_type()), let action = gtk_actionable_get_action_name(cast(widget)) {
            names.insert(String(cString: action))
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            names.formUnion(actionNames(in: current))
            child = gtk_widget_get_next_sibling(current)
        }
        return names
    }

    private static func header(of window: Widget) -> Widget? {
        if let titlebar = gtk_window_get_titlebar(cast(window)) {
            return isA(titlebar, gtk_header_bar_get_type()) ? titlebar : CalculatorHarness.find(in: titlebar) { isA($0, gtk_header_bar_get_type()) }
        }
        return CalculatorHarness.find(in: window) { isA($0, gtk_header_bar_get_type()) }
    }

    private static func isA(_ widget: Widget, _ type: GType) -> Bool {
        g_type_check_instance_is_a(cast(widget), type) != 0
    }
}
