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

    func testTheDoorsAreBuiltWithoutPackageAccess() throws {
        XCTAssertEqual(try project.storeAccessViolations(), [])
    }

    /// The compiler itself: a file that names a store compiles as the stores' own package does,
    /// and not as a door is built (without package access), against the modules just built.
    func testTheCompilerRefusesADoorThatReachesAStore() throws {
        let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let modules = binaries.appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("FarmStores.swiftmodule").path) else {
            return XCTFail("no FarmStores module beside the tests (\(modules.path)): run them with swift test")
        }
        // SwiftPM names the package after its folder; the build's plan says which name it gave.
        let plan = try String(contentsOf: binaries.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(binaries.lastPathComponent + ".yaml"), encoding: .utf8)
        let packageName = try XCTUnwrap(plan.range(of: #""-package-name","[^"]+""#, options: .regularExpression)
            .map { plan[$0].dropFirst(#""-package-name",""#.count).dropLast() }).description
        let door = path("Door.swift")
        try Data("import FarmStores\nimport FarmContext\nfunc reach(_ farm: Farm) { _ = RecordStore.self; _ = farm.stockStoreToWrite }\n".utf8)
            .write(to: door)
        func typecheck(_ extra: [String]) throws -> (status: Int32, errors: String) {
            let swiftc = Process()
            swiftc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            swiftc.arguments = ["swiftc", "-typecheck", "-I", modules.path, "-I", project.root.appendingPathComponent("Sources/CZlib").path]
                + extra + [door.path]
            let errors = Pipe()
            swiftc.standardError = errors
            swiftc.standardOutput = FileHandle.nullDevice
            try swiftc.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            swiftc.waitUntilExit()
            return (swiftc.terminationStatus, text)
        }
        let asADoor = try typecheck([])
        XCTAssertNotEqual(asADoor.status, 0)
        XCTAssertTrue(asADoor.errors.contains("cannot find 'RecordStore' in scope"), asADoor.errors)
        XCTAssertTrue(asADoor.errors.contains("'stockStoreToWrite' is inaccessible"), asADoor.errors)
        // What refuses it is the access, not the setting: the farm's own package may name the store.
        let inThePackage = try typecheck(["-package-name", packageName])
        XCTAssertTrue(inThePackage.errors.contains("'stockStoreToWrite' is inaccessible"), inThePackage.errors)
        XCTAssertFalse(inThePackage.errors.contains("cannot find 'RecordStore'"), inThePackage.errors)
    }

    func testTheCommandLineNeverLinksGTK() throws {
        XCTAssertEqual(try project.gtkViolations(), [])
    }

    func testNothingIsHeldUnowned() {
        XCTAssertEqual(project.unownedViolations(), [])
    }

    func testTheDoorsTakeTodayFromTheFarmsClock() {
        XCTAssertEqual(project.clockViolations(), [])
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
                .target(name: "SprayGtk", dependencies: ["SprayViewModels", "CGtk"], packageAccess: false),
                .executableTarget(name: "kalkulator-oprysku-cli", dependencies: ["SprayViewModels", "SprayGtk"], packageAccess: false),
            ])
            """, to: "Package.swift")
        try write("import FarmContext\nimport FarmStores\nimport SprayBase\nlet store = RecordStore()\n"
                  + "let advice = FarmAdvice(library: Library())\n" + String(repeating: "\n", count: 400), to: "Sources/SprayViewModels/Bad.swift")
        try write("struct Big {\n" + String(repeating: "    let x = 1\n", count: 500) + "}\n", to: "Sources/FarmModel/Big.swift")
        try write("extension Big {\n" + String(repeating: "    var y: Int { 1 }\n", count: 350) + "}\n", to: "Sources/FarmModel/Big+More.swift")
        try write("public final class RecordStore {}\n", to: "Sources/FarmStores/Open.swift")
        try write("final class Row { unowned let window: AnyObject; var day = CalendarDate.today }\n", to: "Sources/SprayGtk/Row.swift")
        // A name in a comment or a string is no use of it.
        try write("// RecordStore, FarmAdvice(library:)\nlet text = \"StockStore\"\n", to: "Sources/SprayViewModels/Fine.swift")
        let planted = ArchitectureRules(root: directory)

        XCTAssertEqual(try planted.layerViolations(), [
            "FarmModel depends on FarmContext, which is not below it",
            "SprayViewModels depends on FarmStores: only the farm reaches the stores",
        ])
        XCTAssertEqual(try planted.importViolations(), ["Sources/SprayViewModels/Bad.swift imports SprayBase, which SprayViewModels does not depend on"])
        XCTAssertEqual(planted.storeNameViolations(), ["Sources/SprayViewModels/Bad.swift names RecordStore"])
        XCTAssertEqual(try planted.storeAccessViolations(), ["SprayViewModels is built with package access: it could reach the stores",
                                                             "Sources/FarmStores/Open.swift makes something public: the doors would see it"])
        XCTAssertEqual(try planted.gtkViolations(), ["kalkulator-oprysku-cli depends on CGtk: the command line would load GTK",
                                                     "kalkulator-oprysku-cli depends on SprayGtk: the command line would load GTK"])
        XCTAssertEqual(planted.unownedViolations(), ["Sources/SprayGtk/Row.swift holds something unowned"])
        XCTAssertEqual(planted.clockViolations(), ["Sources/SprayGtk/Row.swift reads the computer's clock"])
        XCTAssertEqual(planted.assemblyViolations(), ["Sources/SprayViewModels/Bad.swift puts together FarmAdvice"])
        XCTAssertEqual(planted.fileLengthViolations(), ["Sources/FarmModel/Big.swift has 503 lines (at most 400)",
                                                        "Sources/SprayViewModels/Bad.swift has 406 lines (at most 400)"])
        XCTAssertEqual(planted.typeLengthViolations(), ["Big spans 854 lines over its extensions (at most 800)"])
    }
}
