// swift-tools-version:6.2
// 6.2: the windows release their GTK objects in `isolated deinit` (SE-0371, Swift 6.2).
// Kalkulator Oprysku — a GTK4 spray calculator. The layers point one way, and the compiler
// holds them (docs/architecture.md draws them; ArchitectureTests read this file):
//   FileFormats (CSV, XLSX, ODS, ZIP, XML; no domain type)
//   ← SprayBase (numbers, calendar, messages, storage, the advice vocabulary)
//   ← SprayMix (the tank mix, calibration)
//   ← FarmModel (the farm's kept data as values, their rules and readers)
//   ← FarmStores (the files the farm keeps)
//   ← FarmExchange (import, export, backup, the farm folder's journals)
//   ← FarmContext (`Farm`, the one door to the farm: its books, checks and sync)
//   ← SprayPages (printed pages as content) ← SprayViewModels (one per window; no store)
//   SprayPages ← SprayReport (cairo + Pango: PDF, preview, print; beside the view-models, so
//   the two build at once) ← SprayGtk (GTK) ← kalkulator-oprysku-window
//   SprayViewModels ← SprayCommandLine (options, help, output) ← kalkulator-oprysku-cli (with SprayReport; never GTK).
// What users type, kalkulator-oprysku, is a small C program that becomes
// kalkulator-oprysku-window without arguments and kalkulator-oprysku-cli with any.
import PackageDescription

/// The doors (pages, view-models, commands, report, windows) are built without package
/// access, and the stores are `package`: a door that names a store does not compile
/// (ArchitectureTests.testTheCompilerRefusesADoorThatReachesAStore).
/// Every module a file uses is imported by it: a member reached through another module's
/// declarations does not compile (SE-0444), so a file's imports say what it depends on.
let strictImports: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "KalkulatorOprysku",
    targets: [
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "FileFormats", dependencies: ["CZlib"], swiftSettings: strictImports),
        .target(name: "SprayBase", dependencies: ["FileFormats"], swiftSettings: strictImports),
        .target(name: "SprayMix", dependencies: ["FileFormats", "SprayBase"], swiftSettings: strictImports),
        .target(name: "FarmModel", dependencies: ["FileFormats", "SprayBase", "SprayMix"], swiftSettings: strictImports),
        .target(name: "FarmStores", dependencies: ["FileFormats", "SprayBase", "SprayMix", "FarmModel"], swiftSettings: strictImports),
        .target(name: "FarmExchange", dependencies: ["FileFormats", "SprayBase", "SprayMix", "FarmModel", "FarmStores"], swiftSettings: strictImports),
        .target(name: "FarmContext", dependencies: ["SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange"], swiftSettings: strictImports),
        .target(name: "SprayPages", dependencies: ["FileFormats", "SprayBase", "SprayMix", "FarmModel", "FarmExchange", "FarmContext"], packageAccess: false, swiftSettings: strictImports),
        .target(name: "SprayViewModels", dependencies: ["FileFormats", "SprayBase", "SprayMix", "FarmModel", "FarmExchange", "FarmContext", "SprayPages"], packageAccess: false, swiftSettings: strictImports),
        .target(name: "SprayCommandLine", dependencies: ["FileFormats", "SprayBase", "SprayMix", "FarmModel", "FarmExchange", "FarmContext"], packageAccess: false, swiftSettings: strictImports),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        .target(name: "SprayReport", dependencies: ["SprayBase", "SprayMix", "FarmModel", "FarmExchange", "FarmContext", "SprayPages", "CPangoCairo"], packageAccess: false, swiftSettings: strictImports),
        // gtk4 with the Unix printing headers (GtkPrinter, GtkPrintUnixDialog), which live apart.
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4-unix-print", providers: [.apt(["libgtk-4-dev"])]),
        .systemLibrary(name: "CGettext"),
        .plugin(name: "CompileTranslations", capability: .buildTool()),
        .target(name: "Gettext", dependencies: ["SprayBase", "CGettext"], packageAccess: false, swiftSettings: strictImports, plugins: ["CompileTranslations"]),
        .target(name: "SprayGtk", dependencies: ["SprayBase", "SprayMix", "FarmModel", "FarmExchange", "FarmContext", "SprayPages", "SprayViewModels", "SprayReport", "Gettext", "CGtk"], packageAccess: false, swiftSettings: strictImports),
        // The C program users start (Sources/kalkulator-oprysku/main.c). SwiftPM links the
        // Swift runtime into every program it builds; meson compiles it alone, as installed.
        .executableTarget(name: "kalkulator-oprysku"),
        .executableTarget(name: "kalkulator-oprysku-cli", dependencies: ["FileFormats", "SprayBase", "SprayMix", "FarmModel", "FarmExchange", "FarmContext", "SprayPages", "SprayViewModels", "SprayReport", "SprayCommandLine", "Gettext"], packageAccess: false, swiftSettings: strictImports),
        .executableTarget(name: "kalkulator-oprysku-window", dependencies: ["SprayBase", "FarmModel", "FarmContext", "Gettext", "SprayGtk"], packageAccess: false, swiftSettings: strictImports),
        .executableTarget(name: "spray-bench", dependencies: ["FileFormats", "SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayViewModels"], swiftSettings: strictImports),
        .target(name: "PDFTestSupport", path: "Tests/PDFTestSupport"),
        .target(name: "CatalogTestSupport", dependencies: ["SprayBase"], path: "Tests/CatalogTestSupport"),
        .target(name: "CoreTestSupport", dependencies: ["FileFormats", "SprayBase", "SprayMix", "FarmModel", "FarmContext"], path: "Tests/CoreTestSupport"),
        .testTarget(
            name: "SprayCoreTests",
            dependencies: ["FileFormats", "SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages",
                           "SprayViewModels", "CatalogTestSupport", "CoreTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SprayCommandLineTests",
            dependencies: ["SprayCommandLine", "SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages",
                           "SprayViewModels", "CoreTestSupport"]
        ),
        .testTarget(
            name: "SprayGtkTests",
            dependencies: ["SprayGtk", "SprayReport", "SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext",
                           "SprayPages", "SprayViewModels", "FileFormats", "CGtk", "Gettext", "PDFTestSupport", "CoreTestSupport"]
        ),
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["kalkulator-oprysku", "kalkulator-oprysku-cli", "kalkulator-oprysku-window", "SprayBase", "SprayMix", "FarmModel",
                           "FarmStores", "FarmExchange", "FarmContext", "SprayPages", "SprayViewModels", "FileFormats", "SprayCommandLine",
                           "PDFTestSupport", "CoreTestSupport"]
        ),
        .testTarget(
            name: "SprayReportTests",
            dependencies: ["SprayReport", "SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages",
                           "SprayViewModels", "CPangoCairo", "PDFTestSupport", "CatalogTestSupport"],
            exclude: ["Fixtures"]
        ),
    ]
)
