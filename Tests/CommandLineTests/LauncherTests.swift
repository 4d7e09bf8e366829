// kalkulator-oprysku, the small C program users start: it finds the command line beside it
// (build tree) or in libexec/kalkulator-oprysku (installed), the window program beside it,
// and says in the user's language when it cannot start one.

import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import SprayBase
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

final class LauncherTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("ko-launcher-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Binary.path, toPath: launcher)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private var launcher: String { root.appendingPathComponent("bin/kalkulator-oprysku").path }
    private var builtDirectory: URL { URL(fileURLWithPath: Binary.path).deletingLastPathComponent() }

    func testInstalledLayoutRunsTheCommandLineFromLibexec() throws {
        let libexec = root.appendingPathComponent("libexec/kalkulator-oprysku")
        try FileManager.default.createDirectory(at: libexec, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: libexec.appendingPathComponent("kalkulator-oprysku-cli").path,
                                                   withDestinationPath: builtDirectory.appendingPathComponent("kalkulator-oprysku-cli").path)
        let result = try Binary.run(executable: launcher, ["--version"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "kalkulator-oprysku \(AppInfo.version)\n")
        // Arguments and their order reach the command line unchanged.
        let plan = try Binary.run(executable: launcher, ["calc", "--area", "15", "--spray-rate", "150", "--tank", "800",
                                                         "--product", "Herbicyd=1,5 l/ha", "--lang", "en"])
        XCTAssertEqual(plan.status, 0, plan.stderr)
        XCTAssertTrue(plan.stdout.contains("Herbicyd: 1.5 l/ha"), plan.stdout)
    }

    func testMissingCommandLineIsNamedInEnglish() throws {
        let result = try Binary.run(executable: launcher, ["calc", "--area", "1"],
                                    environment: ["KALKULATOR_OPRYSKU_LOCALEDIR": ""])
        XCTAssertEqual(result.status, 127)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "Cannot start the command line program \(root.path)/bin/../libexec/kalkulator-oprysku/kalkulator-oprysku-cli: "
            + "No such file or directory\n")
    }

    func testMissingCommandLineIsNamedInPolishFromTheInstalledCatalog() throws {
        let catalogs = root.appendingPathComponent("share/locale/pl/LC_MESSAGES")
        try FileManager.default.createDirectory(at: catalogs, withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("po/pl.po")
        let compiled = try Binary.run(executable: "/usr/bin/msgfmt",
                                      ["-o", catalogs.appendingPathComponent("kalkulator-oprysku.mo").path, source.path])
        XCTAssertEqual(compiled.status, 0, compiled.stderr)
        let environment = ["LANGUAGE": "pl", "LANG": "C.UTF-8", "KALKULATOR_OPRYSKU_LOCALEDIR": ""]
        let result = try Binary.run(executable: launcher, ["--version"], environment: environment)
        XCTAssertEqual(result.status, 127)
        // The launcher keeps to libc's gettext (main.c says why): Polish under C.UTF-8 where the
        // C library honours LANGUAGE there (glibc before 2.41), English where it does not —
        // asked of the C library itself, through gettext(1) with the same catalog and locale.
        let message = "Cannot start the command line program %s: %s\n"
        let asked = try Binary.run(executable: "/usr/bin/gettext", ["-d", "kalkulator-oprysku", "-e", message.replacing("\n", with: "\\n")],
                                   environment: environment.merging(["TEXTDOMAINDIR": root.appendingPathComponent("share/locale").path]) { $1 })
        let inPolish = asked.stdout.hasPrefix("Nie można")
        let program = "\(root.path)/bin/../libexec/kalkulator-oprysku/kalkulator-oprysku-cli: "
        // The reason after the colon is the C library's, in Polish where it has its translations.
        XCTAssertTrue(result.stderr.hasPrefix((inPolish ? "Nie można uruchomić programu wiersza poleceń " : "Cannot start the command line program ") + program),
                      result.stderr)
    }

    func testCommandLineThatCannotRunIsNamedWithItsReason() throws {
        let commandLine = root.appendingPathComponent("bin/kalkulator-oprysku-cli").path
        XCTAssertTrue(FileManager.default.createFile(atPath: commandLine, contents: Data("not a program".utf8),
                                                     attributes: [.posixPermissions: 0o644]))
        let result = try Binary.run(executable: launcher, ["--help"], environment: ["KALKULATOR_OPRYSKU_LOCALEDIR": ""])
        XCTAssertEqual(result.status, 127)
        XCTAssertEqual(result.stderr, "Cannot start the command line program \(commandLine): Permission denied\n")
    }

    func testWithoutArgumentsAndNoWindowProgramItSaysWhy() throws {
        let result = try Binary.run(executable: launcher, [], environment: ["KALKULATOR_OPRYSKU_LOCALEDIR": ""])
        XCTAssertEqual(result.status, 127)
        XCTAssertEqual(result.stderr, "Cannot start the window program \(root.path)/bin/kalkulator-oprysku-window: "
            + "No such file or directory\n")
    }

    /// Started by itself without arguments (the launcher starts the window then), the
    /// command line shows its help.
    func testCommandLineAloneWithoutArgumentsShowsItsHelp() throws {
        let alone = try Binary.run(executable: builtDirectory.appendingPathComponent("kalkulator-oprysku-cli").path, [])
        let help = try Binary.run(["--help"])
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertEqual(alone.stdout, help.stdout)
        XCTAssertTrue(alone.stdout.contains("export-pdf"), alone.stdout)
    }
}
