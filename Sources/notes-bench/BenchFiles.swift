import Foundation

/// Where the benchmark writes: a fresh temporary folder, or the `--keep` path.
struct BenchFiles {
    /// The store file.
    let store: URL
    /// The naive baselines' file (a Codable mirror of the same data), in a folder of its own.
    let mirror: URL
    private let temporaryFolder: URL
    private let kept: Bool

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(keepPath: String?) throws {
        let manager = FileManager.default
        temporaryFolder = manager.temporaryDirectory.appendingPathComponent("notes-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try manager.createDirectory(at: temporaryFolder.appendingPathComponent("baseline"), withIntermediateDirectories: true)
        mirror = temporaryFolder.appendingPathComponent("baseline").appendingPathComponent("mirror.json")
        if let keepPath {
            var url = URL(fileURLWithPath: keepPath)
            var isFolder: ObjCBool = false
            if manager.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                url = url.appendingPathComponent("notes.json")
            }
            guard !manager.fileExists(atPath: url.path) else {
                throw Failure(description: "\(url.path) already exists; --keep writes a new store and never overwrites one")
            }
            store = url
            kept = true
        } else {
            store = temporaryFolder.appendingPathComponent("store").appendingPathComponent("notes.json")
            kept = false
        }
    }

    /// Deletes the temporary folder (the kept store, if any, stays).
    func removeUnlessKept() {
        try? FileManager.default.removeItem(at: temporaryFolder)
    }

    var isKept: Bool { kept }
}
