// One value or a refusal (issue 62, item 6): what `library add` and the library's editor take
// of a product's limits and zones — a value given twice, two for one crop or one drift class, a
// list with nothing in it, a reduced zone no smaller than the label's are refused, naming the
// option or the field; a crop's limit added keeps the others; a number takes a comma or a
// point. One table, asked of both doors: the rules are LibraryForms' and LibraryRules'.

import CoreTestSupport
@testable import FarmContext
@testable import FarmModel
import Foundation
@testable import SprayBase
@testable import SprayCommandLine
@testable import SprayMix
@testable import SprayViewModels
import XCTest

final class LibraryOneValueTests: XCTestCase {
    /// At most 3 treatments a season, 20 m from water.
    private static let existing = LibraryProduct(name: "Fungorex 250 EC", rate: 1, maximumTreatments: 3, bufferZone: 20)

    /// What `library add product --name "Fungorex 250 EC" ARGUMENTS` makes of `existing`, or its messages.
    private func added(_ arguments: [String], to existing: LibraryProduct? = existing) -> Result<LibraryProduct, Refused> {
        guard case let .success(.add(addition)) = LibraryCommand.parse(["add", "product", "--name", "Fungorex 250 EC"] + arguments) else {
            return .failure(Refused(messages: ["not parsed"]))
        }
        switch addition.item(updating: existing.map(LibraryItem.product)) {
        case let .success(.product(product)): return .success(product)
        case .success: return .failure(Refused(messages: ["not a product"]))
        case let .failure(errors): return .failure(Refused(messages: errors.messages))
        }
    }

    /// What the editor of `existing` says on saving `texts`, or nil when it saves.
    @MainActor private func edited(_ texts: [LibraryFormField: String], existing: LibraryProduct = existing) throws -> String? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("one-value-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = LibraryViewModel(farm: try Farm.inFolder(folder, library: Library(products: [existing])))
        let editor = library.editor(for: .product, id: existing.id)
        for (field, text) in texts { editor.setText(text, for: field) }
        return editor.save() ? nil : editor.saveError
    }

    /// Each row: the options, the same typed in the editor, and what both say.
    @MainActor func testTwoValuesABlankListOrAZoneNoSmallerAreRefusedAtBothDoors() async throws {
        let everyCropTwice = "the number for every crop is given twice (3, 5): give one"
        let rows: [(options: [String], editor: [LibraryFormField: String], option: String, message: String)] = [
            (["--max-treatments", "3;5"], [.maximumTreatments: "3;5"], "--max-treatments", everyCropTwice),
            (["--max-treatments", "3", "--max-treatments", "5"], [.maximumTreatments: "3; 5"], "--max-treatments", everyCropTwice),
            (["--max-treatments", "TRZAW: 1; TRZAW: 2"], [.maximumTreatments: "TRZAW: 1; TRZAW: 2"], "--max-treatments",
             "TRZAW is given twice (1, 2): give one"),
            (["--max-treatments", "1:TRZAW", "--max-treatments", "trzaw:2"], [.maximumTreatments: "TRZAW: 1; trzaw: 2"], "--max-treatments",
             "TRZAW is given twice (1, 2): give one"),
            (["--interval", "14; 21"], [.intervalDays: "14; 21"], "--interval", "the number for every crop is given twice (14, 21): give one"),
            (["--max-treatments", ";"], [.maximumTreatments: ";"], "--max-treatments", "“;” holds no value"),
            (["--max-treatments", " ; "], [.maximumTreatments: " ; "], "--max-treatments", "“ ; ” holds no value"),
            (["--reduced-zone", "75:5", "--reduced-zone", "75:3"], [.reducedZones: "75: 5, 75: 3"], "--reduced-zone",
             "75 % is given twice (5 m, 3 m): give one"),
            (["--reduced-zone", ";"], [.reducedZones: ";"], "--reduced-zone", "“;” holds no value"),
            (["--reduced-zone", "75:30"], [.reducedZones: "75: 30"], "--reduced-zone",
             "a zone of 30 m with drift reduction is not smaller than the buffer zone of 20 m"),
            (["--reduced-zone", "90:20"], [.reducedZones: "90: 20"], "--reduced-zone",
             "a zone of 20 m with drift reduction is not smaller than the buffer zone of 20 m"),
            (["--buffer-zone", "5", "--reduced-zone", "50:10"], [.bufferZone: "5", .reducedZones: "50: 10"], "--reduced-zone",
             "a zone of 10 m with drift reduction is not smaller than the buffer zone of 5 m"),
        ]
        for row in rows {
            XCTAssertEqual(added(row.options).failure?.messages, [row.option + ": " + row.message], "\(row.options)")
            let label = row.option == "--interval" ? LibraryFormField.intervalDays.label
                : row.option == "--reduced-zone" ? LibraryFormField.reducedZones.label : LibraryFormField.maximumTreatments.label
            XCTAssertEqual(try edited(row.editor), label + ": " + row.message, "the editor: \(row.editor)")
        }
    }

    /// A crop's limit added keeps the others; the every-crop one given replaces only itself.
    func testACropsLimitAddedKeepsTheOthers() throws {
        let withCrop = LibraryProduct(name: "Fungorex 250 EC", maximumTreatments: 3, intervalDays: 7,
                                      cropLimits: [CropLimit(eppo: "TRZAW", maxTreatments: 1)])
        let rows: [(options: [String], on: LibraryProduct, treatments: Int?, interval: Int?, crops: [CropLimit])] = [
            (["--max-treatments", "1:TRZAW"], Self.existing, 3, nil, [CropLimit(eppo: "TRZAW", maxTreatments: 1)]),
            (["--max-treatments", "2"], withCrop, 2, 7, [CropLimit(eppo: "TRZAW", maxTreatments: 1)]),
            (["--max-treatments", "HORVW:2"], withCrop, 3, 7, [CropLimit(eppo: "TRZAW", maxTreatments: 1), CropLimit(eppo: "HORVW", maxTreatments: 2)]),
            (["--max-treatments", "trzaw: 2"], withCrop, 3, 7, [CropLimit(eppo: "TRZAW", maxTreatments: 2)]),
            (["--interval", "21:TRZAW"], withCrop, 3, 7, [CropLimit(eppo: "TRZAW", maxTreatments: 1, intervalDays: 21)]),
            (["--max-treatments", "4;"], withCrop, 4, 7, [CropLimit(eppo: "TRZAW", maxTreatments: 1)]),
        ]
        for row in rows {
            let product = try added(row.options, to: row.on).get()
            XCTAssertEqual([product.maximumTreatments, product.intervalDays], [row.treatments, row.interval], "\(row.options)")
            XCTAssertEqual(product.cropLimits, row.crops, "\(row.options)")
        }
    }

    /// Every number takes a comma or a point, a reduced zone's too.
    func testEveryNumberTakesACommaOrAPoint() throws {
        let rows: [(options: [String], zones: [ReducedZone], buffer: Decimal?, rate: Decimal?)] = [
            (["--reduced-zone", "90: 0,5"], [ReducedZone(driftReduction: 90, metres: Decimal(string: "0.5")!)], 20, 1),
            (["--reduced-zone", "90: 0.5"], [ReducedZone(driftReduction: 90, metres: Decimal(string: "0.5")!)], 20, 1),
            (["--reduced-zone", "75: 5, 90: 0,5"], [ReducedZone(driftReduction: 75, metres: 5), ReducedZone(driftReduction: 90, metres: Decimal(string: "0.5")!)],
             20, 1),
            (["--reduced-zone", "75:5,90:1"], [ReducedZone(driftReduction: 75, metres: 5), ReducedZone(driftReduction: 90, metres: 1)], 20, 1),
            (["--reduced-zone", "75 %: 2,5 m; 90 %: 1 m"], [ReducedZone(driftReduction: 75, metres: Decimal(string: "2.5")!),
                                                          ReducedZone(driftReduction: 90, metres: 1)], 20, 1),
            (["--buffer-zone", "12,5", "--rate", "1.25"], [], Decimal(string: "12.5"), Decimal(string: "1.25")),
            (["--buffer-zone", "12.5", "--rate", "1,25"], [], Decimal(string: "12.5"), Decimal(string: "1.25")),
        ]
        for row in rows {
            let product = try added(row.options).get()
            XCTAssertEqual(product.reducedZones, row.zones, "\(row.options)")
            XCTAssertEqual([product.bufferZone, product.rate], [row.buffer, row.rate], "\(row.options)")
        }
        // The editor shows them as it reads them, in Polish with a comma, and takes them back.
        let zones = try added(["--reduced-zone", "75: 5, 90: 0,5"]).get()
        let draft = ProductDraft(zones, format: NumberFormat(language: .polish))
        XCTAssertEqual(draft.reducedZones, "75: 5; 90: 0,5")
        XCTAssertEqual(try draft.product(id: zones.id).get().reducedZones, zones.reducedZones)
    }
}

private struct Refused: Error, Equatable {
    var messages: [String]
}
