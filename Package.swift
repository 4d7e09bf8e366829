// swift-tools-version:6.0
// Kalkulator Oprysku — a GTK4 spray calculator. Layers point one way:
// SprayCore (pure Swift) ← SprayGtk (GTK interop) ← kalkulator-oprysku (GUI or CLI).
import PackageDescription

let package = Package(
    name: "KalkulatorOprysku",
    targets: [
        .target(
            name: "SprayCore",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .plugin(
            name: "CompileTranslations",
            capability: .buildTool()
        ),
        .target(
            name: "SprayGtk",
            dependencies: ["SprayCore", "CGtk"],
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: ["CompileTranslations"]
        ),
        .executableTarget(
            name: "kalkulator-oprysku",
            dependencies: ["SprayCore", "SprayGtk"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "bench-history",
            dependencies: ["SprayCore"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "SprayCoreTests",
            dependencies: ["SprayCore"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SprayGtkTests",
            dependencies: ["SprayGtk", "SprayCore", "CGtk"]
        ),
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["kalkulator-oprysku", "SprayCore"]
        ),
    ]
)
