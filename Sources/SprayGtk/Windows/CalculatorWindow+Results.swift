// The results side: a heading the tractor drives across, a banner for storage problems,
// and the cards, prompt or problems to fix that the view-model presents.

import CGtk
import SprayBase
import SprayViewModels

extension CalculatorWindow {
    func makeResults() -> Widget {
        let heading = Widgets.label(tr("Results"), classes: ["results-heading"])
        tractor = TractorAnimation()
        let header = gtk_overlay_new()!
        gtk_overlay_set_child(cast(header), heading)
        gtk_overlay_add_overlay(cast(header), tractor.area)

        bannerLabel = Widgets.label("", wrap: true)
        gtk_widget_set_hexpand(bannerLabel, 1)
        let dismiss = Widgets.iconButton("window-close-symbolic", tooltip: tr("Dismiss"))
        connect(dismiss, "clicked") { [weak self] in
            guard let self else { return }
            dismissedBanner = String(cString: gtk_label_get_text(cast(bannerLabel)))
            gtk_widget_set_visible(banner, 0)
        }
        banner = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, classes: ["banner"], children: [bannerLabel, dismiss])

        resultsBox = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        reportButtons = makeReportButtons()
        let column = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12, children: [header, banner, resultsBox, reportButtons])
        Widgets.setMargins(column, 18)
        return column
    }

    func showResults() {
        Widgets.removeAllChildren(of: resultsBox)
        switch model.results {
        case let .prompt(text):
            gtk_box_append(cast(resultsBox), Widgets.label(text, classes: ["prompt"], wrap: true))
        case let .fix(problems):
            let card = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, classes: ["fix-card"])
            gtk_box_append(cast(card), Widgets.label(tr("To see the results, correct:"), classes: ["card-title"]))
            for problem in problems {
                gtk_box_append(cast(card), Widgets.label("• " + problem, classes: ["fix-line"], wrap: true))
            }
            gtk_box_append(cast(resultsBox), card)
        case let .plan(plan):
            // What the label or the law forbids in its own box, first, in the error style; then what is advised.
            for (lines, heading, classes) in [(plan.forbidden, tr("Forbidden by the label or the law"), ["forbidden-card"]),
                                               (plan.advised, tr("Note"), ["warning-card"])] where !lines.isEmpty {
                let card = ko_group_box_new(4)!
                Widgets.addClasses(classes, to: card)
                Widgets.setAccessibleName(card, heading)
                gtk_widget_set_focusable(card, 0)
                gtk_box_append(cast(card), Widgets.label(heading, classes: ["card-title"], wrap: true))
                for line in lines {
                    gtk_box_append(cast(card), Widgets.label((classes == ["forbidden-card"] ? "✖ " : "⚠ ") + line, wrap: true))
                }
                gtk_box_append(cast(resultsBox), card)
            }
            let flow = gtk_flow_box_new()!
            Widgets.setAccessibleName(flow, tr("Results"))
            gtk_flow_box_set_selection_mode(cast(flow), GTK_SELECTION_NONE)
            gtk_flow_box_set_max_children_per_line(cast(flow), 2)
            gtk_flow_box_set_homogeneous(cast(flow), 0)
            gtk_flow_box_set_min_children_per_line(cast(flow), 1)
            gtk_flow_box_set_row_spacing(cast(flow), 12)
            gtk_flow_box_set_column_spacing(cast(flow), 12)
            for card in plan.cards {
                let made = makeCard(card)
                gtk_flow_box_append(cast(flow), made)
                // The cards are read, not chosen: no focus stop on an unnamed flow box child.
                gtk_widget_get_parent(made).map { gtk_widget_set_focusable($0, 0) }
            }
            gtk_box_append(cast(resultsBox), flow)
        }
    }

    private func makeCard(_ card: ResultCard) -> Widget {
        var classes = ["result-card"]
        if case .recipe = card.kind { classes.append("recipe") }
        // A group named by its title: a screen reader says which card it is in, card by card.
        let box = ko_group_box_new(6)!
        Widgets.addClasses(classes, to: box)
        Widgets.setAccessibleName(box, card.title)
        gtk_widget_set_focusable(box, 0)
        gtk_box_append(cast(box), Widgets.label(card.title, classes: ["card-title"], wrap: true))
        if let headline = card.headline {
            gtk_box_append(cast(box), Widgets.label(headline, classes: ["card-headline"], wrap: true))
        }
        if !card.rows.isEmpty {
            let grid = gtk_grid_new()!
            gtk_grid_set_column_spacing(cast(grid), 18)
            gtk_grid_set_row_spacing(cast(grid), 2)
            for (index, row) in card.rows.enumerated() {
                let label = Widgets.label(row.label, classes: ["card-row-label"], wrap: true)
                gtk_widget_set_hexpand(label, 1)
                gtk_grid_attach(cast(grid), label, 0, Int32(index), 1, 1)
                gtk_grid_attach(cast(grid), Widgets.label(row.value, classes: ["card-row-value"], xalign: 1), 1, Int32(index), 1, 1)
            }
            gtk_box_append(cast(box), grid)
        }
        if let detail = card.detail {
            gtk_box_append(cast(box), Widgets.label(detail, classes: ["card-detail"], wrap: true))
        }
        return box
    }

    /// Shows the newest problem with storage until the user dismisses it.
    func showBanner() {
        let message = model.recordingError ?? services.notices.last
        gtk_label_set_text(cast(bannerLabel), message ?? "")
        gtk_widget_set_visible(banner, message == nil || message == dismissedBanner ? 0 : 1)
    }
}
