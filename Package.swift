// swift-tools-version:6.0
import PackageDescription

// The architecture: every arrow points down, so the compiler refuses a back edge.
// ARCHITECTURE.md draws the map and says what each module may not import.
//
//   notes ─► NotesUI, NotesLinks, NotesEditing, NotesSync, NotesExchange, NotesStore
//   NotesUI ─► NotesModel, NotesLinks, NotesTerminal, NotesMarkdown   NotesTerminal ─► NotesColor, CNCursesW
//   NotesSync ─► NotesExchange, NotesLinks, AgeFormat   AgeFormat ─► NotesBase, swift-crypto
//   NotesEditing ─► NotesExchange                  NotesExchange ─► NotesStore, NotesLinks (+ Yams, ZIPFoundation, CSQLite, Crypto)
//   NotesStore ─► NotesModel, CPrefetch            NotesModel ─► NotesColor, NotesJSON
//   NotesColor ─► NotesBase                        NotesJSON ─► NotesBase
//   NotesMarkdown ─► CMarkGFM, NotesLinks          NotesLinks ─► NotesModel, NotesBase
//   NotesConfig ─► NotesBase, TOMLKit
// `-static-stdlib` for the `notes` executable, with the static Foundation libraries named in
// one group: the modules were compiled against the shared ones, whose link entries do not
// name what the static FoundationXML and Foundation need (CoreFoundation, the XML shim, ICU).
let staticSwiftRuntime = ["-static-stdlib", "-Xlinker", "--start-group"]
    + ["FoundationXML", "_CFXMLInterface", "Foundation", "CoreFoundation", "FoundationInternationalization",
       "FoundationEssentials", "_FoundationCShims", "_FoundationCollections", "_FoundationICU"].flatMap { ["-Xlinker", "-l" + $0] }
    + ["-Xlinker", "--end-group", "-lxml2"]

let package = Package(
    name: "notes",
    products: [
        .executable(name: "notes", targets: ["notes"]),
        .executable(name: "notes-bench", targets: ["notes-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // A real YAML parser for front matter (docs/decisions/0043-front-matter-readers.md).
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // Reads the zip archives other tools export (Bear, TextPack, Simplenote).
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // Crypto primitives for end-to-end encrypted sync (the age format).
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // A real TOML parser for the config file (docs/decisions/0065-config-file-daily-notes-templates.md).
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
    ],
    targets: [
        // System libraries.
        // ncursesw with the wide-character API visible to Swift; only NotesTerminal imports it.
        .systemLibrary(name: "CNCursesW", path: "Sources/CNCursesW"),
        // SQLite 3, read-only: Core Data stores to import, and the bench's baseline.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        // zlib, for the tests only: some age test-kit vectors are zlib-compressed
        // (not named CZlib: ZIPFoundation has a module of that name).
        .systemLibrary(name: "CSystemZlib", path: "Sources/CSystemZlib"),
        // cmark-gfm, the CommonMark + GitHub-flavoured parser behind rendered notes.
        .systemLibrary(name: "CMarkGFM", path: "Sources/CMarkGFM"),
        // One inline function: a cache prefetch hint, which Swift has no spelling for (the open's notes table).
        .systemLibrary(name: "CPrefetch", path: "Sources/CPrefetch"),

        // Foundation-level helpers every layer shares: UTF-8 text, ISO dates, hashes,
        // starting child processes, reading files without following links.
        .target(name: "NotesBase"),
        // The JSON reader and writer, and the snapshot's bytes held in memory.
        .target(name: "NotesJSON", dependencies: ["NotesBase"]),
        // SerializableColor, conversions between color spaces, secure color archives.
        .target(name: "NotesColor", dependencies: ["NotesBase"]),
        // Markdown text to lines of semantically styled runs at a width (cmark-gfm). Knows no terminal, store or note.
        .target(name: "NotesMarkdown", dependencies: ["CMarkGFM", "NotesLinks"]),
        // Notes, categories, tags, field edits, the search rule, command-line output values.
        .target(name: "NotesModel", dependencies: ["NotesColor", "NotesJSON"]),
        // The config file (config.toml): every setting, its default and where its value came from;
        // the templates folder. Read by the composition root only, which hands each value on.
        .target(name: "NotesConfig", dependencies: ["NotesBase", .product(name: "TOMLKit", package: "TOMLKit")]),
        // The one link rule: syntax, the scanner of bodies, resolution, the link index, the rewrite of renames.
        .target(name: "NotesLinks", dependencies: ["NotesModel", "NotesBase"]),
        // The JSON-file store: snapshot, journal, index, lock, migrations, transformers, attachments.
        .target(name: "NotesStore", dependencies: ["NotesModel", "CPrefetch"]),
        // Imports from other tools and the exports (JSON, Markdown with front matter).
        .target(name: "NotesExchange", dependencies: [
            "NotesStore", "NotesLinks", "CSQLite",
            .product(name: "Yams", package: "Yams"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            // Insecure.MD5: Evernote names attachments by the MD5 of their bytes.
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // The whole note in $VISUAL/$EDITOR, and nothing typed lost.
        .target(name: "NotesEditing", dependencies: ["NotesExchange"]),
        // The age file format (age-encryption.org/v1): X25519 recipients, the payload stream.
        .target(name: "AgeFormat", dependencies: [
            "NotesBase",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
        ]),
        // Sync across machines through git, plain or age-encrypted.
        .target(name: "NotesSync", dependencies: ["NotesExchange", "NotesLinks", "AgeFormat"]),
        // The terminal: a Terminal protocol, the ncursesw implementation, the in-memory one,
        // screen buffers, colors by terminal capability, terminfo.
        .target(name: "NotesTerminal", dependencies: ["NotesColor", "CNCursesW"]),
        // Screens, widgets, app state and update, the key map, the search index. No store, no editor:
        // the runner gets them as a `NotesRepository` and a `NoteEditor`.
        .target(name: "NotesUI", dependencies: ["NotesModel", "NotesLinks", "NotesTerminal", "NotesMarkdown"]),

        // The command line and the composition root: the only module that sees everything.
        // A release build links the Swift runtime and Foundation statically: a command run as
        // a process then starts without loading and relocating a dozen shared libraries
        // (docs/decisions/0089-single-note-commands-start-fast.md).
        .executableTarget(name: "notes", dependencies: [
            "NotesUI", "NotesLinks", "NotesEditing", "NotesSync", "NotesExchange", "NotesStore", "NotesConfig",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: [.unsafeFlags(staticSwiftRuntime, .when(configuration: .release))], plugins: ["BuildCommit"]),
        // Writes the commit being built into `notes` for `notes --version` (docs/decisions/0057-install-version.md).
        .plugin(name: "BuildCommit", capability: .buildTool()),
        // Shows what the terminal layer sees (size, color mode, keys, a color strip); the
        // end-to-end terminal tests drive it, and it helps debug a user's terminal.
        .executableTarget(name: "notes-termcheck", dependencies: ["NotesTerminal"]),
        // The benchmark of PRODUCT §6.
        .executableTarget(name: "notes-bench", dependencies: ["NotesUI", "NotesLinks", "NotesEditing", "NotesExchange", "CSQLite"]),
        // A helper process for the reliability tests: commits in a loop (to be killed), opens bad stores.
        .executableTarget(name: "notes-stress", dependencies: ["NotesSync", "NotesEditing", "NotesTestSupport"]),
        // Helpers shared by the test targets, in three layers so that a module's tests depend on
        // that module and below only. NotesBase only: temporary folders, seeds, child processes,
        // the CLI runner, tmux, hand-built keyed archives.
        .target(name: "NotesTestBasics", dependencies: ["NotesBase"]),
        // Generated notes (HardNotes) and Core Data stores to import; re-exports NotesTestBasics.
        .target(name: "NotesTestData", dependencies: ["NotesTestBasics", "NotesModel", "CSQLite"]),
        // Sync sandboxes, mutators of stores and archives, stress reports, tmux screen captures;
        // re-exports NotesTestData. The UI, end-to-end, reliability and bench tests import this.
        .target(name: "NotesTestSupport", dependencies: ["NotesTestData", "NotesSync"]),

        // Each module's tests depend on that module and below (and the test helpers of that layer).
        .testTarget(name: "NotesBaseTests", dependencies: ["NotesBase", "NotesTestBasics"]),
        .testTarget(name: "AgeFormatTests", dependencies: [
                        "AgeFormat", "NotesTestBasics", "CSystemZlib",
                        .product(name: "Crypto", package: "swift-crypto"),
                    ],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "NotesColorTests", dependencies: ["NotesColor", "NotesTestBasics"],
                    resources: [.copy("Fixtures")]),
        // NotesModel's tests, and NotesJSON's (the listings and JSON output are model values).
        .testTarget(name: "NotesModelTests", dependencies: ["NotesModel", "NotesTestData"]),
        .testTarget(name: "NotesStoreTests", dependencies: ["NotesStore", "NotesTestData"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "NotesExchangeTests", dependencies: [
                        "NotesExchange", "NotesLinks", "NotesTestData",
                        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                    ],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "NotesEditingTests", dependencies: ["NotesEditing", "NotesTestData"]),
        .testTarget(name: "NotesSyncTests", dependencies: ["NotesSync", "NotesTestSupport"]),
        .testTarget(name: "NotesMarkdownTests", dependencies: ["NotesMarkdown"]),
        .testTarget(name: "NotesConfigTests", dependencies: ["NotesConfig"]),
        .testTarget(name: "NotesLinksTests", dependencies: ["NotesLinks"]),
        .testTarget(name: "NotesUITests", dependencies: ["NotesUI", "NotesEditing", "NotesTestSupport"]),
        // Runs the built `notes` binary: the CLI contract, and the UI in a real terminal under tmux.
        // Golden/: each command's --help, as checked in process (CLIHelpGoldenTests).
        .testTarget(name: "EndToEndTests",
                    dependencies: ["notes", "notes-termcheck", "NotesUI", "NotesSync", "NotesEditing", "NotesTestSupport",
                                   .product(name: "ArgumentParser", package: "swift-argument-parser")],
                    exclude: ["Golden"]),
        // The benchmark's own logic: its options, targets, report, and the command timings run for real (untimed).
        .testTarget(name: "NotesBenchTests", dependencies: ["notes-bench", "notes", "NotesTestSupport"]),
        // PRODUCT §7: kill -9 at random instants, mutated stores and archives, two processes on one store.
        .testTarget(name: "ReliabilityTests", dependencies: ["notes", "notes-stress", "NotesSync", "NotesEditing", "NotesTestSupport"]),
    ]
)
