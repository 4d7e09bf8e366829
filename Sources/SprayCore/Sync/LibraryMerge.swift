// What the farm folder brings to this computer's library, decided here and written through
// the store in one write.

import FoundationEssentials

enum LibraryMerge {
    /// What the farm folder brings (FarmSync): items put in by id (one of the same kind and
    /// name under another id gives way), items deleted. One write, none when nothing changes.
    static func apply(upserts: [LibraryItem], removals: Set<UUID>, to store: LibraryStore) throws {
        guard !upserts.isEmpty || !removals.isEmpty else { return }
        try store.modify { items in
            items.removeAll { removals.contains($0.id) }
            for item in upserts {
                items.removeAll { $0.id != item.id && $0.kind == item.kind && Library.nameKey($0.name) == Library.nameKey(item.name) }
                if let index = items.firstIndex(where: { $0.id == item.id }) { items[index] = item } else { items.append(item) }
            }
        }
    }
}
