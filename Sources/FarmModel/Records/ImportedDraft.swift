import FoundationEssentials

/// A record the sheet gives: its draft, the id the sheet names (the app's own export), and
/// the rows it came from.
public struct ImportedDraft: Equatable, Sendable {
    public var draft: RecordDraft
    public var id: UUID?
    public var rows: [Int]

    package init(draft: RecordDraft, id: UUID?, rows: [Int]) {
        self.draft = draft
        self.id = id
        self.rows = rows
    }
}
