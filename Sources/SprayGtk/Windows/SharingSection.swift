// Preferences → "Share the record with other computers": this computer's name, the farm
// folder (chosen with Share Through a Folder…), Stop Sharing. FarmSharing does the work and
// says what happened; the section shows it.

import CGtk
import FarmContext
import SprayBase

@MainActor
final class SharingSection {
    let container: Widget
    let nameEntry: Widget
    let statusLabel: Widget
    let stopButton: Widget
    private let sharing: FarmSharing

    init(window: Widget, sharing: FarmSharing, show: @escaping @MainActor (_ message: String, _ isError: Bool) -> Void) {
        self.sharing = sharing
        statusLabel = Widgets.label("", wrap: true)
        nameEntry = Widgets.entry(tooltip: tr("How the other computers call this one, e.g. Biuro or Ciągnik"), widthChars: 20)
        gtk_editable_set_text(cast(nameEntry), sharing.computerName ?? "")
        let share = Widgets.button(tr("S_hare Through a Folder…"))
        gtk_widget_set_tooltip_text(share, tr("A folder that Syncthing, Nextcloud or a network share keeps the same on the farm's computers"))
        stopButton = Widgets.button(tr("Stop Shari_ng"))
        gtk_widget_set_tooltip_text(stopButton, tr("Share no more; the folder and the records stay as they are"))
        let name = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, children: [
            Widgets.mnemonicLabel(tr("This _computer's name"), for: nameEntry), nameEntry,
        ])
        container = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8, children: [
            Widgets.label(tr("Share the record with other computers"), classes: ["card-title"]), statusLabel, name,
            Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, children: [share, stopButton]),
        ])
        connect(share, "clicked") { [weak self] in
            guard let self else { return }
            SaveFileDialog(parent: cast(window), title: tr("Share the record through a folder"), suggestedName: "", fileType: "", patterns: [],
                           failureTitle: tr("The record is not shared"), choosingFolder: true,
                           write: { [weak self] folder in
                               guard let self else { return }
                               let said = sharing.share(folder: folder, name: Widgets.text(of: nameEntry))
                               refresh()
                               show(said.message, said.isError)
                           }).show()
        }
        connect(stopButton, "clicked") { [weak self] in
            guard let self else { return }
            show(sharing.stop(), false)
            refresh()
        }
        attach(self, to: container)
        refresh()
    }

    func refresh() {
        let text = sharing.folder.map { tr("Shared through %1$@ as “%2$@”.").filled($0, sharing.computerName ?? "") }
            ?? tr("The record is kept on this computer only.")
        gtk_label_set_text(cast(statusLabel), text)
        updateActions()
    }

    private func updateActions() {
        gtk_widget_set_sensitive(stopButton, sharing.folder == nil ? 0 : 1)
    }
}
