// docs/architecture.md's checkable claims, checked: the layers point one way, every import is
// a declared dependency, no door names a store, the farm alone puts its warnings, lists and
// stock together, and no file or type outgrows its limit. Each rule also runs on a tree that
// breaks it on purpose, so a rule that sees nothing cannot pass for one that holds.

import Foundation
import XCTest

final class ArchitectureTests: TemporaryDirectoryTestCase {
    private let project = ArchitectureRules(
        root: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())

    func testTheLayersPointOneWayAndOnlyTheFarmReachesTheStores() throws {
        let targets = try project.targets()
        XCTAssertTrue(Set(ArchitectureRules.layers + ArchitectureRules.upper).isSubset(of: Set(targets.map(\.name))),
                      "every layer is a target of Package.swift")
        XCTAssertEqual(try project.layerViolations(), [])
        // The view-models see the farm through `Farm`, never the stores' module.
        let viewModels = try XCTUnwrap(targets.first { $0.name == "SprayViewModels" })
        XCTAssertFalse(viewModels.dependencies.contains("FarmStores"))
        XCTAssertTrue(viewModels.dependencies.contains("FarmContext"))
    }

    func testEveryImportIsADeclaredDependency() throws {
        XCTAssertEqual(try project.importViolations(), [])
    }

    func testNoDoorNamesAStore() {
        XCTAssertEqual(project.storeNameViolations(), [])
    }

    func testTheFarmAlonePutsTogetherItsWarningsListsAndStock() {
        XCTAssertEqual(project.assemblyViolations(), [])
    }

    func testNoFileOrTypeOutgrowsItsLimit() {
        XCTAssertEqual(project.fileLengthViolations(), [])
        XCTAssertEqual(project.typeLengthViolations(), [])
    }

    /// A tree that breaks every rule: each rule says so, naming the file.
    func testEachRuleFindsItsViolationPlanted() throws {
        func write(_ text: String, to file: String) throws {
            let url = path(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("""
            let package = Package(name: "Planted", targets: [
                .target(name: "SprayBase", dependencies: []),
                .target(name: "FarmModel", dependencies: ["SprayBase", "FarmContext"]),
                .target(name: "FarmStores", dependencies: ["FarmModel"]),
                .target(name: "FarmContext", dependencies: ["FarmStores"]),
                .target(name: "SprayViewModels", dependencies: ["FarmContext", "FarmStores"]),
            ])
            """, to: "Package.swift")
        try write("import FarmContext\nimport FarmStores\nimport SprayBase\nlet store = RecordStore()\n"
                  + "let advice = FarmAdvice(library: Library())\n" + String(repeating: "\n", count: 400), to: "Sources/SprayViewModels/Bad.swift")
        try write("struct Big {\n" + String(repeating: "    let x = 1\n", count: 500) + "}\n", to: "Sources/FarmModel/Big.swift")
        try write("extension Big {\n" + String(repeating: "    var y: Int { 1 }\n", count: 350) + "}\n", to: "Sources/FarmModel/Big+More.swift")
        // A name in a comment or a string is no use of it.
        try write("// RecordStore, FarmAdvice(library:)\nlet text = \"StockStore\"\n", to: "Sources/SprayViewModels/Fine.swift")
        let planted = ArchitectureRules(root: directory)

        XCTAssertEqual(try planted.layerViolations(), [
            "FarmModel depends on FarmContext, which is not below it",
            "SprayViewModels depends on FarmStores: only the farm reaches the stores",
        ])
        XCTAssertEqual(try planted.importViolations(), ["Sources/SprayViewModels/Bad.swift imports SprayBase, which SprayViewModels does not depend on"])
        XCTAssertEqual(planted.storeNameViolations(), ["Sources/SprayViewModels/Bad.swift names RecordStore"])
        XCTAssertEqual(planted.assemblyViolations(), ["Sources/SprayViewModels/Bad.swift puts together FarmAdvice"])
        XCTAssertEqual(planted.fileLengthViolations(), ["Sources/FarmModel/Big.swift has 503 lines (at most 400)",
                                                        "Sources/SprayViewModels/Bad.swift has 406 lines (at most 400)"])
        XCTAssertEqual(planted.typeLengthViolations(), ["Big spans 854 lines over its extensions (at most 800)"])
    }
}
