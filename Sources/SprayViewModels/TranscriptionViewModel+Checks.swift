// What the transcription grid says against its rows: a cell that cannot be read on its own,
// rows of one treatment that disagree, and the record's rules (the one gate) per cell.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

extension TranscriptionViewModel {
    /// Why a cell cannot be read on its own.
    func readingProblem(row: Int, column: TranscriptionColumn) -> String? {
        let text = rows[row][column].trimmedWhitespace
        switch column {
        case .date:
            if text.isEmpty { return tr("enter the date") }
            return PaperDate.parse(text, season: season) == nil ? tr("write the date as 14.04, 14.04.2026 or 2026-04-14") : nil
        case .start, .end:
            return text.isEmpty || ClockTime(parsing: text) != nil ? nil : tr("write the hour as 06:30, or leave it empty")
        case .wind, .temperature:
            // Their ranges are the record's rules (ruleProblems); here only whether it is a number.
            guard !text.isEmpty, case let .failure(problem) = NumberParser.parse(text) else { return nil }
            return InputProblem(problem).message
        case .crop:
            return text.isEmpty || CropCatalog.choice(typed: text) != nil ? nil : tr("a crop's name from the list, or its EPPO code (e.g. TRZAW)")
        case .dose, .size:
            guard !text.isEmpty else { return nil }
            switch NumberParser.parse(text) {
            case let .success(value): return value > 0 ? nil : InputProblem.notPositive.message
            case let .failure(problem): return InputProblem(problem).message
            }
        case .unit:
            return text.isEmpty || RateUnit(parsing: text) != nil
                ? nil : tr("write l/ha, ml/ha, kg/ha or g/ha")
        case .notes:
            return FreeText.notesProblem(text)?.message
        case .bbch:
            return nil  // a stage is one of the record's rules, asked of the whole treatment (ruleProblems)
        case .field, .product, .authorisation, .reason, .operatorName, .sprayer:
            return FreeText.lineProblem(text)?.message
        }
    }

    /// The cells of a treatment's rows that say otherwise than its first row that fills them,
    /// in the columns one record holds once (a tank mix shares its operator, stage, crop, size
    /// and notes; each product may have its own reason, and the record keeps them all).
    func disagreements(in group: [Int]) -> [Int: [TranscriptionColumn: String]] {
        guard group.count > 1 else { return [:] }
        var found: [Int: [TranscriptionColumn: String]] = [:]
        for column in [TranscriptionColumn.crop, .bbch, .size, .operatorName, .sprayer, .end, .wind, .temperature, .notes] {
            var first: (text: String, key: [UInt8])?
            for row in group {
                let text = rows[row][column].trimmedWhitespace
                guard !text.isEmpty else { continue }
                let key = column == .size ? ((try? NumberParser.parse(text).get()).map { Array($0.description.utf8) } ?? SearchFolding.fold(text))
                    : SearchFolding.fold(text)
                if let first {
                    if first.key != key {
                        found[row, default: [:]][column] = tr("differs from the first row of this treatment: %@").filled(FreeText.displayable(first.text))
                    }
                } else {
                    first = (text, key)
                }
            }
        }
        return found
    }

    /// The rules of the record (RecordRules) the treatment of `group` would break, each on the
    /// cell it comes from: the same gate as every other door, asked before Save.
    func ruleProblems(in group: [Int]) -> [Int: [TranscriptionColumn: String]] {
        let productRows = group.filter { !rows[$0][.product].isBlank || !rows[$0][.dose].isBlank }
        var found: [Int: [TranscriptionColumn: String]] = [:]
        for problem in draft(of: group).problems {
            let column: TranscriptionColumn = switch problem.field.field {
            case .date: .date
            case .crop: .crop
            case .bbch: .bbch
            case .treatedSize, .parcelSize: .size
            case .productName, .products: .product
            case .authorisation: .authorisation
            case .dose, .doseBasis, .quantityUsed: .dose
            case .reason: .reason
            case .operatorName: .operatorName
            case .notes: .notes
            case .endTime: .end
            case .windSpeed: .wind
            case .temperature: .temperature
            case .sprayer: .sprayer
            case .location, .parcelIDs, .seedBatch: .field
            }
            let row = problem.field.product.flatMap { productRows.indices.contains($0) ? productRows[$0] : nil } ?? group[0]
            if found[row]?[column] == nil { found[row, default: [:]][column] = problem.message }
        }
        return found
    }
}
