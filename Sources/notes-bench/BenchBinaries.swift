import Foundation

/// The programs the benchmark runs: itself again (children with hidden flags) and the
/// `notes` built beside it (release beside release, debug beside debug).
enum BenchBinaries {
    /// This benchmark's own executable.
    static var bench: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }

    /// The `notes` beside this benchmark, if it was built.
    static var notes: URL? {
        let notes = bench.deletingLastPathComponent().appendingPathComponent("notes")
        return FileManager.default.isExecutableFile(atPath: notes.path) ? notes : nil
    }
}
