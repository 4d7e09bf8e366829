// The help's pages and the windows' topics: every topic is a page in help/C and every page a
// topic, so F1 never opens a page that is not installed; the message without a viewer.

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

final class HelpTopicTests: XCTestCase {
    private let help = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("help")

    func testEveryTopicIsAPageOfTheHelpAndEveryPageATopic() throws {
        let pages = try FileManager.default.contentsOfDirectory(atPath: help.appendingPathComponent("C").path)
            .filter { $0.hasSuffix(".page") }
        XCTAssertEqual(Set(pages), Set(HelpTopic.allCases.map(\.fileName)))
        for topic in HelpTopic.allCases {
            let page = try String(contentsOf: help.appendingPathComponent("C").appendingPathComponent(topic.fileName), encoding: .utf8)
            XCTAssertTrue(page.contains("id=\"\(topic.rawValue)\""), "\(topic.fileName) has the id \(topic.rawValue)")
        }
        for window in HelpWindow.allCases {
            XCTAssertTrue(FileManager.default.fileExists(atPath: help.appendingPathComponent("C/\(window.topic.fileName)").path), "\(window)")
        }
    }

    /// meson installs what help/meson.build lists: every page, and every figure a page shows.
    func testMesonInstallsEveryPageAndFigure() throws {
        let build = try String(contentsOf: help.appendingPathComponent("meson.build"), encoding: .utf8)
        for topic in HelpTopic.allCases {
            XCTAssertTrue(build.contains("'\(topic.fileName)',"), "help/meson.build lists \(topic.fileName)")
        }
        for topic in HelpTopic.allCases {
            let page = try String(contentsOf: help.appendingPathComponent("C").appendingPathComponent(topic.fileName), encoding: .utf8)
            for match in page.matches(of: /<media [^>]*src="([^"]+)"/) {
                let figure = String(match.1)
                XCTAssertTrue(build.contains("'\(figure)',"), "help/meson.build lists \(figure) (\(topic.fileName))")
                for language in ["C", "pl"] {
                    XCTAssertTrue(FileManager.default.fileExists(atPath: help.appendingPathComponent("\(language)/\(figure)").path),
                                  "help/\(language)/\(figure): run tools/screenshot help")
                }
            }
        }
    }

    func testTheURIsNameTheInstalledHelp() {
        XCTAssertEqual(HelpTopic.officialRegister.uri, "help:kalkulator-oprysku/official-register")
        XCTAssertEqual(HelpWindow.preferences.topic, .backup)
        XCTAssertEqual(HelpWindow.calibration.topic, .calibration)
    }

    @MainActor
    func testWithoutAViewerTheMessageNamesYelp() {
        XCTAssertEqual(HelpRequest(.calibration, viewerInstalled: true), .open(uri: "help:kalkulator-oprysku/calibration"))
        guard case let .viewerMissing(title, detail) = HelpRequest(.calibration, viewerInstalled: false) else {
            return XCTFail("no message")
        }
        XCTAssertEqual(title, "Help cannot be shown")
        XCTAssertTrue(detail.contains("“yelp”"), detail)
    }
}
