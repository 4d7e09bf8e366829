// swift-tools-version:6.2
// 6.2: the windows release their GTK objects in `isolated deinit` (SE-0371, Swift 6.2).
// Kalkulator Oprysku — a GTK4 spray calculator. Layers point one way:
// FileFormats (CSV, XLSX, ODS, ZIP, XML; no domain types) ← SprayCore (pure Swift) ← SprayReport (cairo + Pango, no GTK) ← SprayGtk (GTK interop)
// ← kalkulator-oprysku-window (the GUI).
// SprayCore ← SprayCommandLine (options, help and output of the commands) ← kalkulator-oprysku-cli
// (the command line, with SprayReport for its PDFs). It does not link GTK (loading it costs
// more than a whole PDF export). What users type, kalkulator-oprysku, is a small C program
// that becomes kalkulator-oprysku-window without arguments and kalkulator-oprysku-cli with any.
import PackageDescription

let package = Package(
    name: "KalkulatorOprysku",
    targets: [
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(
            name: "FileFormats",
            dependencies: ["CZlib"]
        ),
        // The core, in layers: each target sees only those above it here (docs/architecture.md).
        .target(
            name: "SprayBase",
            dependencies: ["FileFormats"]
        ),
        .target(
            name: "SprayMix",
            dependencies: ["SprayBase", "FileFormats"]
        ),
        .target(
            name: "FarmModel",
            dependencies: ["SprayBase", "SprayMix", "FileFormats"]
        ),
        .target(
            name: "FarmStores",
            dependencies: ["SprayBase", "SprayMix", "FarmModel", "FileFormats"]
        ),
        .target(
            name: "FarmExchange",
            dependencies: ["SprayBase", "SprayMix", "FarmModel", "FarmStores", "FileFormats"]
        ),
        .target(
            name: "FarmContext",
            dependencies: ["SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FileFormats"]
        ),
        .target(
            name: "SprayPages",
            dependencies: ["SprayBase", "SprayMix", "FarmModel", "FarmExchange", "FarmContext", "FileFormats"]
        ),
        .target(
            name: "SprayViewModels",
            dependencies: ["SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages", "FileFormats"]
        ),
        .target(
            name: "SprayCommandLine",
            dependencies: ["SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages", "SprayViewModels", "FileFormats"]
        ),
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]
        ),
        .target(
            name: "SprayReport",
            dependencies: ["SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages", "SprayViewModels", "CPangoCairo"]
        ),
        .systemLibrary(
            name: "CGtk",
            // gtk4 with the Unix printing headers (GtkPrinter, GtkPrintUnixDialog), which live apart.
            pkgConfig: "gtk4-unix-print",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .systemLibrary(name: "CGettext"),
        .plugin(
            name: "CompileTranslations",
            capability: .buildTool()
        ),
        .target(
            name: "Gettext",
            dependencies: ["SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages", "SprayViewModels", "CGettext"],
            plugins: ["CompileTranslations"]
        ),
        .target(
            name: "SprayGtk",
            dependencies: ["SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages", "SprayViewModels", "SprayReport", "CGtk", "Gettext"]
        ),
        // The C program users start (Sources/kalkulator-oprysku/main.c). SwiftPM links the
        // Swift runtime into every program it builds; meson compiles it alone, as installed.
        .executableTarget(
            name: "kalkulator-oprysku"
        ),
        .executableTarget(
            name: "kalkulator-oprysku-cli",
            dependencies: ["SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages", "SprayViewModels", "FileFormats", "SprayCommandLine", "SprayReport", "Gettext"]
        ),
        .executableTarget(
            name: "kalkulator-oprysku-window",
            dependencies: ["SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages", "SprayViewModels", "SprayGtk", "Gettext"]
        ),
        .target(
            name: "PDFTestSupport",
            path: "Tests/PDFTestSupport"
        ),
        .target(
            name: "CatalogTestSupport",
            dependencies: ["SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages", "SprayViewModels"],
            path: "Tests/CatalogTestSupport"
        ),
        .target(
            name: "CoreTestSupport",
            dependencies: ["SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages", "SprayViewModels"],
            path: "Tests/CoreTestSupport"
        ),
        .executableTarget(
            name: "spray-bench",
            dependencies: ["SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages", "SprayViewModels", "FileFormats"]
        ),
        .testTarget(
            name: "SprayCoreTests",
            dependencies: ["SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages", "SprayViewModels", "FileFormats", "CatalogTestSupport", "CoreTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SprayCommandLineTests",
            dependencies: ["SprayCommandLine", "SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages", "SprayViewModels", "CoreTestSupport"]
        ),
        .testTarget(
            name: "SprayGtkTests",
            dependencies: ["SprayGtk", "SprayReport", "SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages", "SprayViewModels", "FileFormats", "CGtk", "Gettext", "PDFTestSupport", "CoreTestSupport"]
        ),
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["kalkulator-oprysku", "kalkulator-oprysku-cli", "kalkulator-oprysku-window", "SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages", "SprayViewModels", "FileFormats", "SprayCommandLine", "PDFTestSupport"]
        ),
        .testTarget(
            name: "SprayReportTests",
            dependencies: ["SprayReport", "SprayBase", "SprayMix", "FarmModel", "FarmStores", "FarmExchange", "FarmContext", "SprayPages", "SprayViewModels", "CPangoCairo", "PDFTestSupport", "CatalogTestSupport"],
            exclude: ["Fixtures"]
        ),
    ]
)
