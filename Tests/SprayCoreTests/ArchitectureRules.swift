// The architecture docs/architecture.md describes, read off a source tree: Package.swift's
// targets and what each depends on, every source file's imports, the names a door uses and
// the sizes of files and types. Each rule says what breaks it, file by file; ArchitectureTests
// runs them on the project and on a tree with every rule broken on purpose.

import Foundation

struct ArchitectureRules {
    /// The core's layers, lowest first: each may depend only on those before it.
    static let layers = ["FileFormats", "SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext",
                         "SprayPages", "SprayViewModels"]
    /// Above the core: each may depend on the core and on those before it here.
    static let upper = ["SprayReport", "SprayCommandLine", "Gettext", "SprayGtk", "kalkulator-oprysku-cli", "kalkulator-oprysku-window"]
    /// The targets that may see the stores: the farm's exchange and context, and the benchmarks,
    /// which time the stores themselves.
    static let storeTargets: Set<String> = ["FarmStores", "FarmExchange", "FarmContext", "spray-bench"]
    /// The doors: what the user reaches the farm through. They hold a `Farm`, never a store.
    static let doors = ["SprayViewModels", "SprayCommandLine", "kalkulator-oprysku-cli", "SprayGtk", "SprayReport", "SprayPages",
                        "kalkulator-oprysku-window"]
    /// The stores' types, which no door names.
    static let storeTypes = ["RecordStore", "LibraryStore", "StockStore", "HistoryStore", "FavoritesStore", "SettingsStore",
                             "TranscriptionStore", "SyncStateStore", "OfficialRegisterStore", "VersionedStore", "TrailStore", "RecordPreload",
                             "SentRecords"]
    static let fileLineLimit = 400
    static let typeLineLimit = 800

    let root: URL

    // MARK: Reading the tree

    /// Every target of Package.swift: its name, its dependencies and its folder.
    struct Target {
        var name: String
        var dependencies: [String]
        var path: String
        /// False where Package.swift says `packageAccess: false`: the target sees only what
        /// the modules below make public.
        var packageAccess: Bool
    }

    func targets() throws -> [Target] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        // Each `.target(`, `.executableTarget(`, `.testTarget(`, `.systemLibrary(` or `.plugin(` up to the next.
        let starts = matches(of: #"\.(target|executableTarget|testTarget|systemLibrary|plugin)\("#, in: text).map(\.lowerBound)
        return starts.enumerated().compactMap { index, start -> Target? in
            let end = index + 1 < starts.count ? starts[index + 1] : text.endIndex
            let body = String(text[start..<end])
            guard let name = capture(#"name:\s*"([^"]+)""#, in: body) else { return nil }
            let dependencies = capture(#"dependencies:\s*\[([^\]]*)\]"#, in: body).map { list in
                matches(of: #""([^"]+)""#, in: list).map { String(list[$0]).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            } ?? []
            let path = capture(#"path:\s*"([^"]+)""#, in: body) ?? "Sources/" + name
            return Target(name: name, dependencies: dependencies, path: path, packageAccess: !body.contains("packageAccess: false"))
        }
    }

    /// The Swift files under `path`, relative to the root.
    func swiftFiles(under path: String) -> [String] {
        let folder = root.appendingPathComponent(path)
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { path + "/" + $0 }.sorted()
    }

    func source(_ file: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
    }

    /// The file's code without its comments and string literals (a name in a comment is no use of it).
    func code(_ file: String) -> String {
        var text = source(file)
        for pattern in [#"//[^\n]*"#, #""(?:\\.|[^"\\\n])*""#] {
            text = text.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        return text
    }

    /// The modules `file` imports.
    func imports(of file: String) -> [String] {
        matches(of: #"(?m)^(?:@testable |internal |package |public )?import (\w+)\s*$"#, in: source(file)).compactMap {
            capture(#"import (\w+)"#, in: String(source(file)[$0]))
        }
    }

    // MARK: The rules

    /// A core target depends only on layers below it, a target above the core on the core and
    /// on those before it; nothing but the exchange, the context and the benchmarks on the stores.
    func layerViolations() throws -> [String] {
        let all = Self.layers + Self.upper
        return try targets().flatMap { target -> [String] in
            guard let position = all.firstIndex(of: target.name) else { return [] }
            var found = target.dependencies.compactMap { dependency -> String? in
                guard let below = all.firstIndex(of: dependency) else { return nil }
                return below < position ? nil : "\(target.name) depends on \(dependency), which is not below it"
            }
            if target.dependencies.contains("FarmStores"), !Self.storeTargets.contains(target.name) {
                found.append("\(target.name) depends on FarmStores: only the farm reaches the stores")
            }
            return found
        }
    }

    /// Every module a source file imports is a dependency its target declares.
    func importViolations() throws -> [String] {
        let targets = try targets()
        let names = Set(targets.map(\.name))
        return targets.filter { $0.path.hasPrefix("Sources/") }.flatMap { target in
            swiftFiles(under: target.path).flatMap { file in
                imports(of: file).filter { names.contains($0) && !target.dependencies.contains($0) }
                    .map { "\(file) imports \($0), which \(target.name) does not depend on" }
            }
        }
    }

    /// No door names a store.
    func storeNameViolations() -> [String] {
        let pattern = #"\b("# + Self.storeTypes.joined(separator: "|") + #")\b"#
        return Self.doors.flatMap { door in
            swiftFiles(under: "Sources/" + door).flatMap { file in
                Set(matches(of: pattern, in: code(file)).map { String(code(file)[$0]) }).sorted().map { "\(file) names \($0)" }
            }
        }
    }

    /// The stores are `package` and the doors are built without package access: a door that
    /// names a store does not compile. Nothing in FarmStores is public.
    func storeAccessViolations() throws -> [String] {
        let targets = try targets()
        let open = Self.doors.filter { door in targets.first { $0.name == door }?.packageAccess ?? false }
            .map { "\($0) is built with package access: it could reach the stores" }
        let published = swiftFiles(under: "Sources/FarmStores").filter { !matches(of: #"\bpublic\b"#, in: code($0)).isEmpty }
            .map { "\($0) makes something public: the doors would see it" }
        return open + published
    }

    /// The command line never links GTK: nothing it depends on, however far down, is GTK's.
    func gtkViolations() throws -> [String] {
        let targets = try targets()
        var seen: Set<String> = [], queue = ["kalkulator-oprysku-cli"]
        while let name = queue.popLast() {
            guard seen.insert(name).inserted, let target = targets.first(where: { $0.name == name }) else { continue }
            queue += target.dependencies
        }
        return ["CGtk", "SprayGtk"].filter(seen.contains).map { "kalkulator-oprysku-cli depends on \($0): the command line would load GTK" }
    }

    /// No object is held `unowned`: GLib may call a closure after the Swift object it names is gone.
    func unownedViolations() -> [String] {
        swiftFiles(under: "Sources").filter { !matches(of: #"\bunowned\b"#, in: code($0)).isEmpty }.map { "\($0) holds something unowned" }
    }

    /// The windows, their view-models and the pages take today from the farm's clock, never
    /// the computer's: a test's fixed day and the clock it runs on are one. (ReportTime is the
    /// moment a page is printed, the one wall-clock time a page shows.)
    func clockViolations() -> [String] {
        let pattern = #"Clock\.system|CalendarDate\.today|[=(,:]\s*\.today\b|\bDate\(\)"#
        return ["SprayViewModels", "SprayGtk", "SprayPages"].flatMap { swiftFiles(under: "Sources/" + $0) }
            .filter { !$0.hasSuffix("/ReportTime.swift") && !matches(of: pattern, in: code($0)).isEmpty }
            .map { "\($0) reads the computer's clock" }
    }

    /// The farm's warnings (`FarmAdvice`), its lists (`FarmLists`) and its stock (`StockLedger.stock`)
    /// are put together by the farm alone (Sources/FarmContext/Farm*.swift). An empty `FarmLists()`
    /// knows nothing and puts nothing together.
    func assemblyViolations() -> [String] {
        let pattern = #"\b(FarmAdvice|FarmLists)\((?!\))|\bStockLedger\.stock\("#
        return swiftFiles(under: "Sources").filter { !$0.hasPrefix("Sources/FarmContext/Farm") }.flatMap { file in
            matches(of: pattern, in: code(file)).map { "\(file) puts together \(String(code(file)[$0]).dropLast())" }
        }
    }

    /// No source file over `fileLineLimit` lines.
    func fileLengthViolations() -> [String] {
        swiftFiles(under: "Sources").compactMap { file in
            let lines = source(file).split(separator: "\n", omittingEmptySubsequences: false).count
            return lines > Self.fileLineLimit ? "\(file) has \(lines) lines (at most \(Self.fileLineLimit))" : nil
        }
    }

    /// No type over `typeLineLimit` lines, its declaration and every extension of it together.
    func typeLengthViolations() -> [String] {
        var lines: [String: Int] = [:]
        for file in swiftFiles(under: "Sources") {
            let text = source(file).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var index = 0
            while index < text.count {
                if let name = capture(#"^(?:@\w+\s+)*(?:public |package |internal |private |fileprivate |open )*(?:final )?(?:class|struct|enum|actor|extension) (\w+)"#,
                                      in: text[index]), !text[index].hasSuffix("}") {
                    var end = index + 1
                    while end < text.count, !text[end].hasPrefix("}") { end += 1 }
                    lines[name, default: 0] += end - index + 1
                    index = end
                }
                index += 1
            }
        }
        return lines.filter { $0.value > Self.typeLineLimit }.sorted { $0.key < $1.key }
            .map { "\($0.key) spans \($0.value) lines over its extensions (at most \(Self.typeLineLimit))" }
    }

    func allViolations() throws -> [String] {
        try layerViolations() + importViolations() + storeNameViolations() + storeAccessViolations() + gtkViolations()
            + unownedViolations() + clockViolations() + assemblyViolations() + fileLengthViolations()
            + typeLengthViolations()
    }

    // MARK: Helpers

    private func matches(of pattern: String, in text: String) -> [Range<String.Index>] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text) }
    }

    private func capture(_ pattern: String, in text: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let found = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(found.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }
}
