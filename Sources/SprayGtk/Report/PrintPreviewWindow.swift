// The print preview: the report's pages drawn by ReportPainter on a GtkDrawingArea, with
// page navigation (buttons, Ctrl+Page Up/Down), zoom (fit width, +/−, Ctrl+scroll,
// Ctrl+plus/minus/0) and "Save PDF…" (Ctrl+S) and "Print…" (Ctrl+P). What it shows comes
// from PreviewState.

import CGtk
import SprayBase
import SprayPages
import SprayReport

@MainActor
public final class PrintPreviewWindow {
    public let window: UnsafeMutablePointer<GtkWidget>
    public let report: any PrintableDocument
    public private(set) var state: PreviewState
    /// Runs for "Save PDF…"; by default a PDFSaveDialog over this window.
    public var onSavePDF: (@MainActor () -> Void)?
    /// Runs for "Print…"; by default a ReportPrinter's print dialog over this window.
    public var onPrint: (@MainActor () -> Void)?

    // Widgets, internal for the tests.
    let area: UnsafeMutablePointer<GtkWidget>
    private let scroller: UnsafeMutablePointer<GtkWidget>
    let pageLabel: UnsafeMutablePointer<GtkWidget>
    let zoomLabel: UnsafeMutablePointer<GtkWidget>
    let previousButton: UnsafeMutablePointer<GtkWidget>
    let nextButton: UnsafeMutablePointer<GtkWidget>
    let zoomInButton: UnsafeMutablePointer<GtkWidget>
    let zoomOutButton: UnsafeMutablePointer<GtkWidget>
    private var printer: ReportPrinter?
    private var resizePending = false
    /// How many times the page has been painted (tests wait for it).
    private(set) var drawCount = 0

    /// A preview of `report`, transient for `parent` when given. Call `present()` to show it.
    public init(report: any PrintableDocument, parent: UnsafeMutablePointer<GtkWindow>? = nil) {
        self.report = report
        state = PreviewState(pageCount: report.pageCount)
        window = gtk_window_new()
        gtk_window_set_title(cast(window), tr("Print preview"))
        gtk_window_set_default_size(cast(window), 900, 680)
        if let parent {
            gtk_window_set_transient_for(cast(window), parent)
            gtk_window_set_destroy_with_parent(cast(window), 1)
        }

        previousButton = Widgets.iconButton("go-previous-symbolic", tooltip: Action.previousPage.tooltip(tr("Previous page")))
        nextButton = Widgets.iconButton("go-next-symbolic", tooltip: Action.nextPage.tooltip(tr("Next page")))
        pageLabel = gtk_label_new("")
        gtk_label_set_width_chars(opaque(pageLabel), 14)
        zoomOutButton = Widgets.iconButton("zoom-out-symbolic", tooltip: Action.zoomOut.tooltip(tr("Zoom out")))
        zoomInButton = Widgets.iconButton("zoom-in-symbolic", tooltip: Action.zoomIn.tooltip(tr("Zoom in")))
        zoomLabel = gtk_label_new("")
        gtk_label_set_width_chars(opaque(zoomLabel), 5)
        let fitButton = Widgets.iconButton("zoom-fit-best-symbolic", tooltip: Action.fitWidth.tooltip(tr("Fit width")))
        let saveButton = Widgets.button(tr("_Save PDF…"))
        gtk_widget_set_tooltip_text(saveButton, Action.savePDFFromPreview.tooltip(tr("Save as PDF")))
        let printButton = Widgets.button(tr("_Print…"), classes: ["suggested-action"])
        gtk_widget_set_tooltip_text(printButton, Action.printFromPreview.tooltip(tr("Print")))

        // The header carries what the preview is for; turning pages and zooming are under the page.
        let header = gtk_header_bar_new()!
        gtk_header_bar_pack_end(opaque(header), printButton)
        gtk_header_bar_pack_end(opaque(header), saveButton)
        gtk_window_set_titlebar(cast(window), header)
        let controls = gtk_action_bar_new()!
        gtk_action_bar_pack_start(opaque(controls), Self.linked([previousButton, pageLabel, nextButton]))
        gtk_action_bar_pack_end(opaque(controls), Self.linked([zoomOutButton, zoomLabel, zoomInButton, fitButton]))

        area = gtk_drawing_area_new()
        gtk_widget_set_hexpand(area, 1)
        gtk_widget_set_vexpand(area, 1)
        scroller = gtk_scrolled_window_new()
        gtk_scrolled_window_set_child(opaque(scroller), area)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_window_set_child(cast(window), Widgets.box(GTK_ORIENTATION_VERTICAL, children: [scroller, controls]))

        attach(self, to: window)
        setDrawFunction(area) { [weak self] cr, width, height in
            guard let self else { return }
            self.draw(cr, width: Double(width), height: Double(height))
        }
        connect(previousButton, "clicked") { [weak self] in
            guard let self else { return }
            self.turnPage { $0.previousPage() }
        }
        connect(nextButton, "clicked") { [weak self] in
            guard let self else { return }
            self.turnPage { $0.nextPage() }
        }
        connect(zoomInButton, "clicked") { [weak self] in
            guard let self else { return }
            self.update { $0.zoomIn() }
        }
        connect(zoomOutButton, "clicked") { [weak self] in
            guard let self else { return }
            self.update { $0.zoomOut() }
        }
        connect(fitButton, "clicked") { [weak self] in
            guard let self else { return }
            self.fitWidth()
        }
        connect(saveButton, "clicked") { [weak self] in
            guard let self else { return }
            self.savePDF()
        }
        connect(printButton, "clicked") { [weak self] in
            guard let self else { return }
            self.print()
        }
        let horizontal = gtk_scrolled_window_get_hadjustment(opaque(scroller))!
        connect(horizontal, "notify::page-size", withArgument: { [weak self] _ in
            guard let self else { return }
            self.viewResized()
        })
        addControllers()
        updateWidgets()
    }

    public func present() {
        gtk_window_present(cast(window))
    }

    public func savePDF() {
        if let onSavePDF { return onSavePDF() }
        PDFSaveDialog.present(report: report, parent: cast(window))
    }

    public func print() {
        if let onPrint { return onPrint() }
        let printer = self.printer ?? ReportPrinter(report: report)
        self.printer = printer
        printer.run(parent: cast(window))
    }

    /// Paints the view: a grey desk with the current page on it, scaled and centred.
    func draw(_ cr: OpaquePointer, width: Double, height: Double) {
        drawCount += 1
        cairo_set_source_rgb(cr, 0.78, 0.78, 0.78)
        cairo_paint(cr)
        let scale = state.scale
        let pageWidth = report.pageSize.width * scale, pageHeight = report.pageSize.height * scale
        let x = max(PreviewState.padding, (width - pageWidth) / 2).rounded(), y = PreviewState.padding
        cairo_set_source_rgba(cr, 0, 0, 0, 0.25)
        cairo_rectangle(cr, x + 2, y + 2, pageWidth, pageHeight)
        cairo_fill(cr)
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, scale, scale)
        report.drawPage(state.page, on: cr)
        cairo_restore(cr)
    }

    func update(_ change: (inout PreviewState) -> Void) {
        change(&state)
        updateWidgets()
    }

    /// Goes to another page and shows its top.
    func turnPage(_ change: (inout PreviewState) -> Void) {
        update(change)
        gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(opaque(scroller)), 0)
    }

    func fitWidth() {
        update { $0.fitWidth(viewWidth: viewWidth, pageWidth: report.pageSize.width) }
    }

    private var viewWidth: Double {
        gtk_adjustment_get_page_size(gtk_scrolled_window_get_hadjustment(opaque(scroller)))
    }

    /// The view's width changed while GTK allocates it: the new zoom waits until GTK is
    /// idle, since resizing the drawing during an allocation is not allowed.
    private func viewResized() {
        guard state.fitsWidth, !resizePending else { return }
        resizePending = true
        runWhenIdle(for: window) { [weak self] in
            guard let self else { return }
            self.resizePending = false
            guard self.state.fitsWidth else { return }
            self.update { $0.viewResized(width: self.viewWidth, pageWidth: self.report.pageSize.width) }
        }
    }

    /// The one place that sets what can be done: paging and zooming as far as they go.
    private func updateActions() {
        gtk_widget_set_sensitive(previousButton, state.canGoBack ? 1 : 0)
        gtk_widget_set_sensitive(nextButton, state.canGoForward ? 1 : 0)
        gtk_widget_set_sensitive(zoomInButton, state.canZoomIn ? 1 : 0)
        gtk_widget_set_sensitive(zoomOutButton, state.canZoomOut ? 1 : 0)
    }

    /// Copies the state into the widgets and asks for a repaint.
    private func updateWidgets() {
        gtk_label_set_text(opaque(pageLabel), state.pageLabel)
        gtk_label_set_text(opaque(zoomLabel), state.zoomLabel)
        updateActions()
        let size = state.contentSize(pageSize: report.pageSize)
        // In fit-width mode the drawing may shrink with the window; otherwise it is its own size.
        gtk_drawing_area_set_content_width(cast(area), state.fitsWidth ? 1 : Int32(size.width.rounded(.up)))
        gtk_drawing_area_set_content_height(cast(area), Int32(size.height.rounded(.up)))
        gtk_widget_queue_draw(area)
    }

    /// Ctrl+scroll zooms; keyboard shortcuts for pages and zoom; Escape closes.
    private func addControllers() {
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
        connectScroll(scroll) { [weak self] _, dy in
            guard let self else { return false }
            let modifiers = gtk_event_controller_get_current_event_state(scroll)
            guard modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0, dy != 0 else { return false }
            self.update { dy < 0 ? $0.zoomIn() : $0.zoomOut() }
            return true
        }
        gtk_widget_add_controller(scroller, scroll)

        let shortcuts = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_set_scope(opaque(shortcuts), GTK_SHORTCUT_SCOPE_MANAGED)
        // Before the scrolled window, which takes Ctrl+Page Up/Down for sideways scrolling.
        gtk_event_controller_set_propagation_phase(shortcuts, GTK_PHASE_CAPTURE)
        addShortcut(shortcuts, .zoomIn) { [weak self] in
            guard let self else { return }
            self.update { $0.zoomIn() }
        }
        addShortcut(shortcuts, .zoomOut) { [weak self] in
            guard let self else { return }
            self.update { $0.zoomOut() }
        }
        addShortcut(shortcuts, .fitWidth) { [weak self] in
            guard let self else { return }
            self.fitWidth()
        }
        addShortcut(shortcuts, .nextPage) { [weak self] in
            guard let self else { return }
            self.turnPage { $0.nextPage() }
        }
        addShortcut(shortcuts, .previousPage) { [weak self] in
            guard let self else { return }
            self.turnPage { $0.previousPage() }
        }
        addShortcut(shortcuts, .printFromPreview) { [weak self] in
            guard let self else { return }
            self.print()
        }
        addShortcut(shortcuts, .savePDFFromPreview) { [weak self] in
            guard let self else { return }
            self.savePDF()
        }
        addShortcut(shortcuts, .closeWindow) { [weak self] in
            guard let self else { return }
            gtk_window_close(cast(self.window))
        }
        gtk_widget_add_controller(window, shortcuts)
    }

    /// Widgets side by side in a "linked" box, as GNOME apps group related buttons.
    private static func linked(_ widgets: [UnsafeMutablePointer<GtkWidget>]) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(box, "linked")
        for widget in widgets { gtk_box_append(cast(box), widget) }
        return box
    }
}
