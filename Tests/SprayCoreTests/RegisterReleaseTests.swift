// The ministry's register as it is published: the one-sheet workbook, and a release of dataset
// 550 (Fixtures/register/release, made by make-release.sh from the same invented products) as
// its files, its folder and its ZIP — each giving the same products, numbers, dates,
// substances and uses. Column synonyms; what cannot be used counted; halves of two releases,
// a uses workbook alone and a much smaller register refused with the kept one unchanged; the
// release's own date; hostile ZIPs.

import CatalogTestSupport
import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import FileFormats
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class RegisterReleaseTests: TemporaryDirectoryTestCase {
    private static let fixtures = Bundle.module.url(forResource: "register", withExtension: nil, subdirectory: "Fixtures")!
    private static let release = fixtures.appendingPathComponent("release")
    private static let importedAt = Date(timeIntervalSince1970: 1_790_000_000)
    private static let releaseDay = CalendarDate(year: 2026, month: 6, day: 26)!

    private static var releaseFiles: [String] {
        (try! FileManager.default.contentsOfDirectory(atPath: release.path)).sorted().map { release.appendingPathComponent($0).path }
    }

    private static func file(_ name: String) -> String { release.appendingPathComponent(name).path }
    private static let basic = file("rejestr-podstawowy-26062026-r.xlsx")
    private static let uses = file("rejestr-zastosowan-26062026-r.xlsx")

    private func imported(_ paths: [String]) throws -> RegisterImport {
        try RegisterRelease.read(try RegisterFiles.read(paths), importedAt: Self.importedAt)
    }

    /// What every layout holds alike: all but the producer and methods, which only a release gives.
    private func comparable(_ register: OfficialRegister) -> [String] {
        register.products.flatMap { product in
            ["\(product.name)|\(product.authorisation)|\(product.kind)|\(product.substances)|\(String(describing: product.authorisedUntil))|"
                + "\(String(describing: product.saleUntil))|\(String(describing: product.useUntil))|\(product.labelPage ?? "-")"]
                + product.uses.map { use in
                    "  \(use.crop)|\(use.eppo ?? "-")|\(use.pests)|\(use.doseText)|\(use.maxDose.map { "\($0)" } ?? "-")|"
                        + "\(use.doseUnit?.rawValue ?? "-")|\(use.timing)|\(use.bbchFrom ?? -1)-\(use.bbchTo ?? -1)|\(use.minorUse.map { "\($0)" } ?? "-")"
                }
        }
    }

    func testEveryLayoutGivesTheSameRegister() throws {
        let sheet = try imported([Self.fixtures.appendingPathComponent("rejestr.xlsx").path])
        XCTAssertEqual(sheet.register.products.count, 6)
        XCTAssertEqual(sheet.register.useCount, 8)
        let expected = comparable(sheet.register)
        let layouts: [(String, [String])] = [
            ("the files, in any order", Self.releaseFiles.reversed()),
            ("the two workbooks alone", [Self.uses, Self.basic]),
            ("the folder", [Self.release.path]),
            ("the ZIP", [Self.fixtures.appendingPathComponent("release-26062026.zip").path]),
            ("the one-sheet CSV", [Self.fixtures.appendingPathComponent("rejestr-windows-1250.csv").path]),
        ]
        for (layout, paths) in layouts {
            let result = try imported(paths)
            XCTAssertEqual(comparable(result.register), expected, layout)
        }
        let release = try imported([Self.release.path])
        XCTAssertEqual(release.register.date, Self.releaseDay)
        XCTAssertEqual(release.dictionaries, 5)
        XCTAssertEqual([release.orphanUses, release.namelessRows, release.repeatedProducts, release.productsWithoutNumber], [0, 0, 0, 0])
        XCTAssertFalse(release.lacksUses)
        let azyl = try XCTUnwrap(release.register.products.first { $0.name == "Azyl 250 SC" })
        XCTAssertEqual(azyl.producer, "Agro Przykład Sp. z o.o.")
        XCTAssertEqual(azyl.labelLink, "https://example.invalid/azyl.pdf")
        XCTAssertEqual(azyl.uses.map(\.methods), ["opryskiwanie", "opryskiwanie"])
        XCTAssertEqual(azyl.uses.map(\.minorUse), [false, false], "NIE")
        let mospilan = try XCTUnwrap(release.register.products.first { $0.authorisation == "R-33/2015" })
        XCTAssertEqual([mospilan.authorisedUntil, mospilan.saleUntil, mospilan.useUntil].map { $0?.description },
                       ["2025-12-31", "2025-06-30", "2026-02-28"], "TerminZezw, TerminDopSprzedazy, TerminDopuszczenia")
    }

    /// One known pair of names per row: the app reads either.
    /// A use naming several crops is split at commas and semicolons outside parentheses only.
    func testTheCropsOfAUse() {
        let rows: [(String, [String])] = [
            ("pszenica ozima, pszenżyto ozime", ["pszenica ozima", "pszenżyto ozime"]),
            ("rzepak ozimy; rzepak jary", ["rzepak ozimy", "rzepak jary"]),
            ("zboża (pszenica, jęczmień), kukurydza", ["zboża (pszenica, jęczmień)", "kukurydza"]),
            ("zboża (pszenica; jęczmień)", ["zboża (pszenica; jęczmień)"]),
            ("pszenica ozima", ["pszenica ozima"]),
        ]
        for (text, crops) in rows { XCTAssertEqual(OfficialRegisterText.crops(text), crops, text) }
    }

    func testColumnSynonyms() throws {
        let rows: [(header: String, value: String, read: (OfficialRegisterProduct) -> String?)] = [
            ("TerminDopSprzedazy", "2027-03-31", { $0.saleUntil?.description }),
            ("TerminDoSprzedazy", "2027-03-31", { $0.saleUntil?.description }),
            ("TerminDopuszczenia", "2027-03-31", { $0.useUntil?.description }),
            ("TerminDoStosowania", "2027-03-31", { $0.useUntil?.description }),
            ("Zawartosc_SBCZ_prosty", "tebukonazol - 250 g", { $0.substances }),
            ("Zawartosc_SBCZ", "tebukonazol - 250 g", { $0.substances }),
            ("Substancja_czynna", "tebukonazol - 250 g", { $0.substances }),
            ("producent_prosty", "Firma", { $0.producer }),
            ("producent", "Firma", { $0.producer }),
            ("Nr Zezw", "R-1/2026", { $0.authorisation }),
            ("NrZezwolenia", "R-1/2026", { $0.authorisation }),
        ]
        for row in rows {
            let number = row.header.lowercased().hasPrefix("nr") ? "" : ";NrZezw"
            let csv = "nazwa;\(row.header)\(number)\nTestowy 250 EC;\(row.value)\(number.isEmpty ? "" : ";R-1/2026")\n"
            let register = try OfficialRegister.read(Array(csv.utf8), source: "x.csv", importedAt: Self.importedAt)
            XCTAssertEqual(register.products.first.flatMap(row.read), row.value, row.header)
        }
    }

    func testWhatCannotBeUsedIsCounted() throws {
        let basic = "id_sor;nazwa;NrZezw;Rodzaj\n{A};Testowy 250 EC;R-1/2026;Fungicyd\n{B};;R-2/2026;Herbicyd\n{A};Testowy Bis;R-3/2026;Fungicyd\n"
            + "{C};Bez Numeru;;Herbicyd\n"
        let uses = "id_sor;uprawa;agrofag;dawka;termin\n{A};pszenica ozima, pszenżyto ozime;septorioza;Maksymalna dawka: 1 l/ha;BBCH 30-59\n"
            + "{Z};rzepak ozimy;suchość;0,5 l/ha;\n{Y};rzepak ozimy;suchość;0,5 l/ha;\n"
        let files = [RegisterFile(name: "rejestr podstawowy - 26.06.2026 r..csv", bytes: Array(basic.utf8)),
                     RegisterFile(name: "rejestr zastosowań - 26.06.2026 r..csv", bytes: Array(uses.utf8)),
                     RegisterFile(name: "notes.pdf", bytes: Array("%PDF-1.4\n\u{0}".utf8)),
                     RegisterFile(name: "readme.txt", bytes: Array("To jest wydanie rejestru środków ochrony roślin.\nPobrano z dane.gov.pl.\n".utf8))]
        let result = try RegisterRelease.read(files, importedAt: Self.importedAt)
        XCTAssertEqual(result.register.products.map(\.name), ["Bez Numeru", "Testowy 250 EC"])
        XCTAssertEqual(result.register.products[1].uses.map(\.crop), ["pszenica ozima", "pszenżyto ozime"], "a use naming two crops")
        XCTAssertEqual(result.register.products[1].uses.map(\.eppo), ["TRZAW", "TTLWI"])
        XCTAssertEqual(result.lines, [
            "Register of 2026-06-26: 2 products, 2 uses",
            "2 uses name no product of this release and were left out.",
            "1 row names no product and was left out.",
            "1 product is given twice under one id_sor: the first is kept.",
            "1 product has no authorisation number.",
            "Not read: notes.pdf",
            "Not read: readme.txt",
        ])
        inPolish {
            XCTAssertEqual(result.lines[1], "2 zastosowania nie wskazują żadnego środka tego wydania i zostały pominięte.")
        }
    }

    /// Each refusal leaves the kept register as it was, byte for byte.
    func testRefusedImportsLeaveTheKeptRegister() throws {
        let kept = path("official-register.bin")
        _ = try OfficialRegisterStore.importFiles([Self.release.path], keptAt: kept, now: Self.importedAt)
        let before = try Data(contentsOf: kept)
        func refused(_ paths: [String], _ expected: OfficialRegisterImportError, _ message: String, line: UInt = #line) {
            XCTAssertThrowsError(try OfficialRegisterStore.importFiles(paths, keptAt: kept, now: Self.importedAt), line: line) { error in
                XCTAssertEqual(error as? OfficialRegisterImportError, expected, line: line)
                XCTAssertEqual((error as? OfficialRegisterImportError)?.message, message, line: line)
            }
            XCTAssertEqual(try Data(contentsOf: kept), before, line: line)
        }
        // Halves of two releases, by the dates in their names.
        let older = path("rejestr-zastosowan-29052026-r.xlsx")
        try FileManager.default.copyItem(atPath: Self.uses, toPath: older.path)
        refused([Self.basic, older.path], .mixedReleases("2026-05-29", "2026-06-26"),
                "These files are of two releases of the register, 2026-05-29 and 2026-06-26: give the files of one release.")
        refused([Self.uses], .withoutProducts(.uses),
                "The uses workbook (rejestr zastosowań) names its products only by their id: give the release's basic workbook (rejestr podstawowy) with it.")
        refused([Self.file("rejestr-kart-26062026-r.csv")], .withoutProducts(.cards),
                "The register of cards (rejestr kart) names its products only by their id: give the release's basic workbook (rejestr podstawowy) with it.")
        refused([Self.basic, Self.basic], .twice(.products, ["rejestr-podstawowy-26062026-r.xlsx", "rejestr-podstawowy-26062026-r.xlsx"]),
                "Two files are the basic workbook (rejestr podstawowy): rejestr-podstawowy-26062026-r.xlsx, rejestr-podstawowy-26062026-r.xlsx. Give the files of one release.")
        let sheet = Self.fixtures.appendingPathComponent("rejestr.csv").path
        refused([sheet, Self.basic], .mixedLayouts(["rejestr.csv", "rejestr-podstawowy-26062026-r.xlsx"]),
                "rejestr.csv, rejestr-podstawowy-26062026-r.xlsx: give either the register in one sheet or the files of one release, not both.")
        // A much smaller register: asked first.
        let small = path("maly.csv")
        try Data("nazwa;NrZezw\nJedyny 100 SC;R-9/2026\nDrugi 50 EC;R-8/2026\n".utf8).write(to: small)
        refused([small.path], .muchSmaller(products: 2, kept: 6),
                "This register has 2 products, fewer than half of the 6 in the register kept: it may be a damaged download.")
        XCTAssertEqual(try OfficialRegisterStore.importFiles([small.path], keptAt: kept, replacingSmaller: true, now: Self.importedAt)
            .register.products.count, 2)
    }

    func testTheReleasesOwnDate() throws {
        // The files' names; renamed, their titles; neither, the workbook's saved date; a CSV, the import's day.
        XCTAssertEqual(try imported([Self.release.path]).register.date, Self.releaseDay)
        for (name, source) in [("a.xlsx", Self.basic), ("b.xlsx", Self.uses)] {
            try FileManager.default.copyItem(atPath: source, toPath: path(name).path)
        }
        XCTAssertEqual(try imported([path("a.xlsx").path, path("b.xlsx").path]).register.date, Self.releaseDay, "by the titles")
        let core = "<?xml version=\"1.0\"?><cp:coreProperties xmlns:cp=\"x\" xmlns:dc=\"y\" xmlns:dcterms=\"z\"><dc:title>Rejestr</dc:title>"
            + "<dcterms:modified>2026-05-04T08:00:00Z</dcterms:modified></cp:coreProperties>"
        let workbook = try Data(contentsOf: Self.fixtures.appendingPathComponent("rejestr.xlsx"))
        let zip = try ZipReader(bytes: Array(workbook))
        let saved = ZipWriter.archive(try zip.names.map { name in (name, name == "docProps/core.xml" ? Array(core.utf8) : try zip.data(of: name)) })
        XCTAssertEqual(DocumentProperties.of(saved), DocumentProperties(title: "Rejestr", modified: "2026-05-04T08:00:00Z"))
        XCTAssertEqual(try RegisterRelease.read([RegisterFile(name: "Rejestr_zastosowanie.xlsx", bytes: saved)], importedAt: Self.importedAt)
            .register.date, CalendarDate(year: 2026, month: 5, day: 4))
        XCTAssertEqual(try imported([Self.fixtures.appendingPathComponent("rejestr.csv").path]).register.date,
                       LocalTime.dateTime(at: Self.importedAt).date, "never its rows' newest date, 2031-12-31")

        let dates: [(String, String?)] = [
            ("rejestr podstawowy - 26.06.2026 r.", "2026-06-26"), ("rejestr-zastosowan-26062026-r.xlsx", "2026-06-26"),
            ("2026-06-26_rejestr.xlsx", "2026-06-26"), ("rejestr 6.6.2026", "2026-06-06"), ("Rejestr_zastosowanie.xlsx", nil),
            ("rejestr 31.02.2026", nil), ("R-146/2017", nil), ("26.06 2026", nil), ("rejestr (1).xlsx", nil),
        ]
        for (text, expected) in dates {
            XCTAssertEqual(OfficialRegisterText.releaseDate(in: text)?.description, expected, text)
        }
    }

    /// From the release's date, not the import's: imported today, a release of 90 days ago is old.
    func testTheAdviceToLookForANewerReleaseCountsFromItsDate() throws {
        let register = try imported([Self.release.path]).register
        XCTAssertNil(register.staleAdvice(today: Self.releaseDay.adding(days: 89))?.text)
        XCTAssertEqual(register.staleAdvice(today: Self.releaseDay.adding(days: 90))?.text,
                       "The ministry's register is of 2026-06-26, 90 days ago: check the ministry's page for a newer release and import it.")
        inPolish {
            XCTAssertEqual(register.staleAdvice(today: Self.releaseDay.adding(days: 92))?.text,
                           "Rejestr ministerstwa jest z 26.06.2026, sprzed 92 dni: sprawdź na stronie ministerstwa, czy jest nowsze wydanie, i zaimportuj je.")
        }
    }

    func testHostileZips() throws {
        let basic = Array(try Data(contentsOf: URL(fileURLWithPath: Self.basic)))
        let uses = Array(try Data(contentsOf: URL(fileURLWithPath: Self.uses)))
        func zip(_ name: String, _ members: [(name: String, bytes: [UInt8])]) throws -> String {
            try Data(ZipWriter.archive(members)).write(to: path(name))
            return path(name).path
        }
        // A member whose directory says it unpacks to 2 GB: refused before anything is inflated.
        var bomb = ZipWriter.archive([("rejestr-podstawowy-26062026-r.xlsx", basic), ("rejestr-zastosowan-26062026-r.xlsx", uses)])
        let central = try XCTUnwrap((0..<(bomb.count - 4)).last { bomb[$0..<($0 + 4)].elementsEqual([0x50, 0x4B, 0x01, 0x02]) })
        bomb.replaceSubrange((central + 24)..<(central + 28), with: [0, 0, 0, 0x80])
        try Data(bomb).write(to: path("bomb.zip"))
        XCTAssertThrowsError(try imported([path("bomb.zip").path])) {
            XCTAssertEqual($0 as? OfficialRegisterImportError, .archiveTooLarge("bomb.zip"))
        }
        // 10 000 files: not a release.
        let many = try zip("many.zip", (0..<10_000).map { ("f\($0).csv", Array("a\n".utf8)) })
        XCTAssertThrowsError(try imported([many])) {
            XCTAssertEqual($0 as? OfficialRegisterImportError, .tooManyFiles("many.zip", RegisterFiles.mostFiles))
        }
        // Members named outside the archive are only names: read, never written anywhere.
        let climbing = try zip("climbing.zip", [("../rejestr-podstawowy-26062026-r.xlsx", basic), ("../../x/rejestr-zastosowan-26062026-r.xlsx", uses),
                                                 ("inner.zip", ZipWriter.archive([("readme.txt", Array("hello".utf8))]))])
        let result = try imported([climbing])
        XCTAssertEqual(result.register.useCount, 8)
        XCTAssertEqual(result.unread, ["inner.zip"], "a ZIP inside is said, not opened")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["bomb.zip", "climbing.zip", "many.zip"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.deletingLastPathComponent().appendingPathComponent("x").path))
        // A ZIP whose member fails its check: said, never half read.
        var damaged = ZipWriter.archive([("rejestr-podstawowy-26062026-r.xlsx", basic)])
        damaged[100] ^= 0xFF
        try Data(damaged).write(to: path("damaged.zip"))
        XCTAssertThrowsError(try imported([path("damaged.zip").path])) {
            XCTAssertEqual($0 as? OfficialRegisterImportError, .damagedArchive("damaged.zip"))
        }
    }

    func testAKeptRegisterOfTheFirstVersionForgetsTheDateItTookFromItsRows() throws {
        let register = try imported([Self.release.path]).register
        let file = path("official-register.bin")
        let json = Array(OfficialRegisterStore.json(of: register).utf8)
        try Data(Array("\(OfficialRegisterStore.format) 1 \(json.count)\n".utf8) + ZipWriter.deflate(json)).write(to: file)
        let loaded = try XCTUnwrap(try OfficialRegisterStore.load(file))
        XCTAssertNil(loaded.date)
        XCTAssertEqual(loaded.products, register.products)
        XCTAssertEqual(OfficialRegisterStore.productCount(at: file), 6, "unpacked to count")
        try OfficialRegisterStore.save(register, to: file)
        XCTAssertEqual(try OfficialRegisterStore.load(file), register)
        XCTAssertEqual(OfficialRegisterStore.productCount(at: file), 6, "from its first line")
        XCTAssertTrue(try Data(contentsOf: file).starts(with: Data("kalkulator-oprysku/official-register 3 ".utf8)))
    }
}
