// The help's pages and the windows' topics: every topic is a page in help/C and every page a
// topic, so F1 never opens a page that is not installed; the message without a viewer.

import Foundation
import SprayCore
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
