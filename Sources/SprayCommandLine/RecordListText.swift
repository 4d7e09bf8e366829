// `record list` for people, and what `record import` did, in words.

import FarmExchange
import FarmModel
import FoundationEssentials
import SprayBase


public enum RecordListText {
    /// One line per record, oldest first, then the counts.
    public static func render(_ records: [TreatmentRecord]) -> String {
        var lines = records.map { line(of: $0) }
        lines.append(summary(of: records))
        return lines.joined(separator: "\n") + "\n"
    }

    /// "2026-04-14 06:30 · complete · Za stodołą · pszenica ozima (TRZAW) · Topsin [R-1/2020] · ID"; without
    /// the id for a record not saved yet.
    public static func line(of record: TreatmentRecord, withID: Bool = true) -> String {
        let details = record.details
        let when = details.date.description + (details.startTime.map { " " + $0.description } ?? "") + (details.endTime.map { "–" + $0.description } ?? "")
        let crop = details.crop.map { $0.name.isEmpty ? $0.eppoCode : "\($0.name) (\($0.eppoCode))" } ?? details.seedBatch ?? ""
        let products = details.products.map { $0.authorisation.isEmpty ? $0.name : "\($0.name) [\($0.authorisation)]" }
        var status = record.status.title
        if let withdrawal = record.withdrawal { status += ": " + withdrawal.reason }
        let problems = record.problems
        if !problems.isEmpty { status += " · " + tr("needs checking") + " (" + problems.map { $0.text(in: details) }.joined(separator: "; ") + ")" }
        // Text from another computer or an old file is shown, never run by the terminal.
        return [when, status, details.parcel, crop, products.joined(separator: ", "), withID ? record.id.uuidString : ""]
            .filter { !$0.isEmpty }.map { FreeText.displayable($0) }.joined(separator: " · ")
    }

    /// "3 records: 1 incomplete, 1 withdrawn".
    public static func summary(of records: [TreatmentRecord]) -> String {
        let incomplete = records.filter { $0.status == .incomplete }.count
        let withdrawn = records.filter { $0.status == .withdrawn }.count
        let today = CalendarDate.today
        let checking = records.filter { !$0.problems(today: today).isEmpty }.count
        return trn("%d record", "%d records", records.count).filled(String(records.count)) + ": "
            + trn("%d incomplete", "%d incomplete", incomplete).filled(String(incomplete)) + ", "
            + trn("%d withdrawn", "%d withdrawn", withdrawn).filled(String(withdrawn))
            + (checking > 0 ? ", " + trn("%d needs checking", "%d need checking", checking).filled(String(checking)) : "")
    }
}
