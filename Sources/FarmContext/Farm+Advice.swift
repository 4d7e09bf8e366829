// What the farm says of a job and of a record, for every door alike: the warnings
// (FarmAdvice, made here and nowhere else), the lists a record is filled from (FarmLists,
// likewise), and saving records with what is said of each.

import FarmModel
import FarmStores
import FoundationEssentials
import SprayBase

extension Farm {
    /// What the warnings are checked against, as the farm stands now. The register is asked only
    /// when already read, or `readingRegister`; the store only when `readingStock` (a window reads
    /// it after its first frame); the store and the records only when a check needs them.
    public func advice(readingRegister: Bool = true, readingStock: Bool = true) -> FarmAdvice {
        FarmAdvice(library: library, register: readingRegister || hasReadRegister ? register : nil,
                   stock: { [weak self] in readingStock ? self?.stockTodayIfKept : nil },
                   treatments: { [weak self] field in self?.treatments(on: field) ?? [] },
                   today: clock.today, modeOfActionLimit: modeOfActionLimit, organicFarm: isOrganic)
    }

    /// The lists a record is filled from: the library's numbers, the earlier records', the
    /// register's (when read already, or `readingRegister`).
    public func lists(readingRegister: Bool = true) -> FarmLists {
        FarmLists(library: library, earlier: recordStore.authorisations(forProduct:),
                  register: readingRegister || hasReadRegister ? register : nil)
    }

    /// `drafts` with a number for each product the lists know, and the names the ministry's
    /// register holds more than once (which of them was used is the farmer's to say: a door
    /// saves nothing until it is said).
    public func filled(_ drafts: [RecordDraft]) -> (drafts: [RecordDraft], ambiguous: [(name: String, candidates: [OfficialRegisterProduct])]) {
        let lists = self.lists()
        var filled = drafts, ambiguous: [(name: String, candidates: [OfficialRegisterProduct])] = []
        for index in filled.indices {
            let made = lists.filled(filled[index].details)
            filled[index].details = made.details
            for found in made.ambiguous where !ambiguous.contains(where: { $0.name == found.name }) { ambiguous.append(found) }
        }
        return (filled, ambiguous)
    }

    /// What saving records did: the records, what each lacks, and the warnings on each.
    public struct Recording {
        public var saved: [TreatmentRecord]
        /// "The record is incomplete: …", a line for each record that lacks something.
        public var missing: [String]
        public var advice: [Advice]
    }

    /// Saves `drafts` in one write (the gate refuses a broken one: nothing is saved), and says
    /// of each record what it lacks and every warning on it.
    public func record(_ drafts: [RecordDraft]) throws -> Recording {
        let saved = try recordStore.add(drafts, at: clock.now)
        let advice = self.advice()
        var recording = Recording(saved: saved, missing: [], advice: [])
        for record in saved {
            let missing = RecordCompleteness.missing(in: record)
            if !missing.isEmpty {
                recording.missing.append(tr("The record is incomplete: %@").filled(missing.map { $0.title(in: record.details) }.joined(separator: ", ")))
            }
            recording.advice += advice.record(record.details, id: record.id)
        }
        return recording
    }
}

extension FarmLists {
    /// The lists a library gives by itself: its numbers, places and names, none of the records'
    /// nor the register's (a door that has no farm behind it, or fills those later).
    public static func ofLibrary(_ library: Library) -> FarmLists {
        FarmLists(library: library)
    }
}
