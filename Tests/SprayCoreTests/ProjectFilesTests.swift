// Facts that must agree across the project's files: one version, complete file lists.

@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class ProjectFilesTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func testMesonVersionIsTheAppVersion() throws {
        XCTAssertTrue(try read("meson.build").contains("version: '\(AppInfo.version)'"))
        XCTAssertTrue(try read("data/\(AppInfo.applicationID).metainfo.xml.in").contains("<release version=\"\(AppInfo.version)\""))
        for page in ["data/kalkulator-oprysku.1", "data/kalkulator-oprysku.pl.1"] {
            XCTAssertTrue(try read(page).contains("\"Kalkulator Oprysku \(AppInfo.version)\""), page)
        }
    }

    /// Every option the command line reads is in the manual page and offered by the bash completion.
    func testManualPageAndCompletionKnowEveryOption() throws {
        let option = try NSRegularExpression(pattern: #""(--[a-z][a-z-]*)""#)
        var options = Set<String>()
        let folder = "Sources/SprayCommandLine"
        for file in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path) {
            let text = try read(folder + "/" + file)
            for match in option.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                options.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        XCTAssertTrue(options.isSuperset(of: ["--area", "--loads", "--nozzle", "--seed-batch", "--yes"]), "\(options)")
        let completion = try read("data/completion/kalkulator-oprysku")
        for name in options.sorted() {
            XCTAssertTrue(completion.contains(name + " ") || completion.contains(name + "\""), "the completion misses \(name)")
        }
        for page in ["data/kalkulator-oprysku.1", "data/kalkulator-oprysku.pl.1"] {
            try checkManualPage(page, options: options)
        }
    }

    private func checkManualPage(_ page: String, options: Set<String>) throws {
        let manual = try read(page).replacingOccurrences(of: "\\-", with: "-")
        for name in options.sorted() {
            XCTAssertTrue(manual.contains(name + " ") || manual.contains(name + "\n"), "\(page) misses \(name)")
        }
        for command in ["calc", "export-pdf", "history export", "record add", "record list", "record export", "record withdraw",
                        "record import", "library add", "library list", "library remove", "library export", "library import",
                        "calibrate", "calibrate catch", "backup", "restore", "sync folder", "--version"] {
            XCTAssertTrue(manual.contains(".SS \"\(command)\"") || manual.contains(".SS \"\(command) ")
                            || manual.contains(".SS \"\(command),"), "\(page) has no section for \(command)")
        }
    }

    /// The command reference lives in the manual pages, not the README: every command the main `--help` names
    /// (`Help.main` in SprayCommandLine) has its section in both pages, and the README stays short.
    func testManualPagesDescribeEveryCommandOfTheMainHelpAndTheReadmeIsShort() throws {
        let source = try read("Sources/SprayCommandLine/Help.swift")
        let start = try XCTUnwrap(source.range(of: "public static var main: String {"), "Help.main not found")
        let end = try XCTUnwrap(source.range(of: "].joined", range: start.upperBound..<source.endIndex))
        let body = String(source[start.upperBound..<end.lowerBound])
        // "  kalkulator-oprysku record add|list|…" names `record add`, `record list`…; "calc OPTIONS" names `calc`.
        let usage = try NSRegularExpression(pattern: #""  kalkulator-oprysku ([^"]*)""#)
        let subcommands = try NSRegularExpression(pattern: #"^[a-z][a-z|-]*$"#)
        var commands: [(command: String, subcommand: String?)] = []
        for match in usage.matches(in: body, range: NSRange(body.startIndex..., in: body)) {
            let words = body[Range(match.range(at: 1), in: body)!].split(separator: " ").map(String.init)
            guard let command = words.first else { continue }  // no command: the window
            if words.count > 1, subcommands.firstMatch(in: words[1], range: NSRange(words[1].startIndex..., in: words[1])) != nil {
                commands += words[1].split(separator: "|").map { (command, String($0)) }
            } else {
                commands.append((command, nil))
            }
        }
        let named = Set(commands.map { [$0.command, $0.subcommand].compactMap { $0 }.joined(separator: " ") })
        XCTAssertTrue(named.isSuperset(of: ["calc", "export-pdf", "history export", "record add", "record pending", "calibrate catch",
                                            "register search", "sync stop", "--version"]), "Help.main read as \(named.sorted())")

        for page in ["data/kalkulator-oprysku.1", "data/kalkulator-oprysku.pl.1"] {
            let manual = try read(page).replacingOccurrences(of: "\\-", with: "-")
                .replacingOccurrences(of: #"\\f[BIPR]"#, with: "", options: .regularExpression)
            let headings = manual.split(separator: "\n").filter { $0.hasPrefix(".SS \"") }
                .map { $0.dropFirst(5).replacingOccurrences(of: "\"", with: "") }
            for (command, subcommand) in commands {
                let described = headings.contains { heading in
                    let words = heading.split(whereSeparator: { " [,".contains($0) }).map(String.init)
                    guard words.first == command else { return false }
                    guard let subcommand else { return true }
                    return words.count > 1 && words[1] == subcommand || heading.contains("| \(subcommand)")
                }
                XCTAssertTrue(described, "\(page) has no section for “\(command)\(subcommand.map { " " + $0 } ?? "")”, which --help names")
            }
            for command in Set(commands.map(\.command)).sorted() where !command.hasPrefix("-") {
                let synopsis = ".B kalkulator-oprysku \(command)"
                XCTAssertTrue(manual.contains(synopsis + "\n") || manual.contains(synopsis + " "), "\(page)'s synopsis misses \(command)")
            }
        }

        let readme = try read("README.md")
        let lines = readme.components(separatedBy: "\n").count - (readme.hasSuffix("\n") ? 1 : 0)
        XCTAssertLessThanOrEqual(lines, 150, "README.md has \(lines) lines: a command's details go in the manual pages, a developer's in docs/HACKING.md")
    }

    /// No web address the project does not own: the domain in the app id is a name, not a site.
    func testNoInventedWebAddress() throws {
        let domain = "kalkulatoroprysku" + ".pl"
        var offenders: [String] = []
        for folder in ["Sources", "data", "tools", "po", "docs"] {
            let files = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)!
            for case let relative as String in files {
                guard let text = try? read(folder + "/" + relative) else { continue }
                let named = text.replacingOccurrences(of: "pl.kalkulatoroprysku.KalkulatorOprysku", with: "")
                if named.contains(domain) { offenders.append(folder + "/" + relative) }
            }
        }
        for file in ["README.md", "meson.build", "meson_options.txt"] where try read(file).contains("https://" + domain) {
            offenders.append(file)
        }
        XCTAssertEqual(offenders, [])
        XCTAssertNil(AppInfo.homepage)
        XCTAssertTrue(try read("meson_options.txt").contains("option('homepage', type: 'string', value: ''"))
    }

    func testEverySourceWithTranslatableStringsIsInPotfiles() throws {
        let listed = Set(try read("po/POTFILES.in").split(separator: "\n").map(String.init))
        let sources = FileManager.default.enumerator(atPath: root.appendingPathComponent("Sources").path)!
        for case let relative as String in sources where relative.hasSuffix(".swift") || relative.hasSuffix(".c") {
            let text = try read("Sources/" + relative)
            let translates = relative.hasSuffix(".c") ? text.contains("dgettext(") : text.contains("tr(\"") || text.contains("trn(\"")
            if translates {
                XCTAssertTrue(listed.contains("Sources/" + relative), "po/POTFILES.in misses Sources/\(relative): run tools/update-po")
            }
        }
    }
}

/// Best effort: text literals handed to GTK without tr() would show untranslated.
final class UntranslatedLiteralTests: XCTestCase {
    /// Calls and argument labels whose string argument is shown to the user.
    static let textTakers = [
        "gtk_label_new", "gtk_label_new_with_mnemonic", "gtk_label_set_text", "gtk_label_set_markup",
        "gtk_button_new_with_label", "gtk_button_new_with_mnemonic", "gtk_button_set_label",
        "gtk_check_button_new_with_label", "gtk_check_button_new_with_mnemonic", "gtk_window_set_title",
        "gtk_widget_set_tooltip_text", "gtk_entry_set_placeholder_text", "ko_accessible_set_label",
        "ko_accessible_set_description", "gtk_about_dialog_set_comments", "gtk_about_dialog_set_program_name",
        "g_menu_append", "Widgets.label", "Widgets.button", "Widgets.mnemonicLabel", "Widgets.iconButton",
    ]
    static let textLabels = ["placeholder:", "tooltip:", "heading:", "body:", "confirmLabel:", "title:"]
    /// Literals that are the same in every language.
    static let allowed: Set<String> = ["", "l", "l/ha", "Polski", "English", "• ", "⚠ "]

    func testNoUntranslatedTextIsHandedToGtk() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let directory = root.appendingPathComponent("Sources/SprayGtk")
        let files = FileManager.default.enumerator(atPath: directory.path)!
        let literal = try NSRegularExpression(pattern: #"(\b[\w.]+\(|\b\w+:)\s*(?:[^"]*?,\s*)?"((?:[^"\\]|\\.)*)""#)
        var offenders: [String] = []
        for case let relative as String in files where relative.hasSuffix(".swift") {
            let text = try String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                let range = NSRange(line.startIndex..., in: line)
                for match in literal.matches(in: line, range: range) {
                    let taker = String(line[Range(match.range(at: 1), in: line)!]).trimmingCharacters(in: .whitespaces)
                    let value = String(line[Range(match.range(at: 2), in: line)!])
                    let name = taker.hasSuffix("(") ? String(taker.dropLast()) : taker
                    guard Self.textTakers.contains(name) || Self.textLabels.contains(name) else { continue }
                    guard !Self.allowed.contains(value), !value.hasSuffix("-symbolic"), value.contains(where: \.isLetter) else { continue }
                    offenders.append("Sources/SprayGtk/\(relative):\(number + 1): \"\(value)\"")
                }
            }
        }
        XCTAssertEqual(offenders, [], "wrap user-visible text in tr(…)")
    }
}
