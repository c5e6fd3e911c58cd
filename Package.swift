// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "notes",
    products: [
        .executable(name: "notes", targets: ["notes"]),
        .executable(name: "notes-bench", targets: ["notes-bench"]),
        .library(name: "NotesCore", targets: ["NotesCore"]),
        .library(name: "NotesUI", targets: ["NotesUI"]),
        .library(name: "NotesMarkdown", targets: ["NotesMarkdown"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // A real YAML parser for front matter (see DECISIONS.md, "Editing").
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // Reads the zip archives other tools export (Bear, TextPack, Simplenote); see DECISIONS.md, "Import".
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // Crypto primitives for end-to-end encrypted sync (the age format; see DECISIONS.md, "Sync encryption").
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        // The only C in the project: ncursesw with the wide-character API visible to Swift.
        .systemLibrary(name: "CNCursesW", path: "Sources/CNCursesW"),
        // SQLite 3 from the system, read-only: Core Data stores to import, and the bench's baseline.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        // zlib from the system, for the tests only: some age test-kit vectors are zlib-compressed
        // (not named CZlib: ZIPFoundation has a module of that name).
        .systemLibrary(name: "CSystemZlib", path: "Sources/CSystemZlib"),
        // cmark-gfm from the system: the CommonMark + GitHub-flavoured parser behind rendered notes.
        .systemLibrary(name: "CMarkGFM", path: "Sources/CMarkGFM"),
        // Markdown text to lines of semantically styled runs at a width. Knows no terminal, store or note.
        .target(name: "NotesMarkdown", dependencies: ["CMarkGFM"]),
        // Model, colors, transformers, store, migrations. No terminal code.
        .target(name: "NotesCore", dependencies: [
            "CSQLite",
            .product(name: "Yams", package: "Yams"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
        ]),
        // Screen buffer, widgets, screens, app state, the ncursesw terminal. No file I/O.
        .target(name: "NotesUI", dependencies: ["NotesCore", "CNCursesW"]),
        // The command line: swift-argument-parser commands; wires the core to the UI.
        .executableTarget(
            name: "notes",
            dependencies: [
                "NotesCore", "NotesUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Shows what the terminal layer sees (size, color mode, keys, a color strip); the
        // end-to-end terminal tests drive it, and it helps debug a user's terminal.
        .executableTarget(name: "notes-termcheck", dependencies: ["NotesCore", "NotesUI"]),
        // The benchmark of PRODUCT §6.
        .executableTarget(name: "notes-bench", dependencies: ["NotesCore", "NotesUI", "CSQLite"]),
        // A helper process for the reliability tests: commits in a loop (to be killed), opens bad stores.
        .executableTarget(name: "notes-stress", dependencies: ["NotesCore", "NotesTestSupport"]),
        // Helpers shared by the test targets (temporary stores, fixtures, running the CLI).
        .target(name: "NotesTestSupport", dependencies: ["NotesCore", "CSQLite"]),
        .testTarget(name: "NotesCoreTests", dependencies: [
                        "NotesCore", "NotesTestSupport", "CSystemZlib", .product(name: "Crypto", package: "swift-crypto"),
                        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                    ],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "NotesMarkdownTests", dependencies: ["NotesMarkdown"]),
        .testTarget(name: "NotesUITests", dependencies: ["NotesUI", "NotesCore", "NotesTestSupport"]),
        // Runs the built `notes` binary: the CLI contract, and the UI in a real terminal under tmux.
        .testTarget(name: "EndToEndTests", dependencies: ["notes", "notes-termcheck", "NotesCore", "NotesUI", "NotesTestSupport"]),
        // PRODUCT §7: kill -9 at random instants, mutated stores and archives, two processes on one store.
        // The benchmark's own logic: its options, targets, report, and the command timings run for real (untimed).
        .testTarget(name: "NotesBenchTests", dependencies: ["notes-bench", "notes", "NotesCore", "NotesTestSupport"]),
        .testTarget(name: "ReliabilityTests", dependencies: ["notes", "notes-stress", "NotesCore", "NotesTestSupport"]),
    ]
)
