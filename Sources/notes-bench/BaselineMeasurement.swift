import Foundation
import NotesModel

/// The naive ways of doing the same jobs, measured in the same run: decoding the
/// data with `JSONDecoder` into Codable mirror types, and rewriting the whole file
/// durably for one edit.
enum BaselineMeasurement {
    struct Decode {
        var milliseconds = Samples()
        var peakResidentBytes: Int?
        /// "store file" when the store's own file decoded into the mirror types, else "mirror file".
        var decodedFile = "store file"
    }

    /// Decodes the store file in fresh processes; if it is not in the mirror shape, writes
    /// the same data in that shape (`JSONEncoder`) and decodes that instead.
    static func decode(storeFile: URL, mirrorFile: URL, synthetic: SyntheticStore, repetitions: Int) throws -> Decode {
        var result = Decode()
        var file = storeFile
        do {
            _ = try ChildProcess.run(["--child-decode", storeFile.path])
        } catch {
            let encoder = JSONEncoder()
            try encoder.encode(try MirrorSnapshot(categories: synthetic.categories, notes: synthetic.notes)).write(to: mirrorFile)
            file = mirrorFile
            result.decodedFile = "mirror file (store file is not in the Codable mirror shape)"
        }
        for _ in 0..<repetitions {
            let fields = try ChildProcess.run(["--child-decode", file.path])
            guard let milliseconds = fields["decode_ms"].flatMap(Double.init) else {
                throw ChildProcess.Failure(description: "child decode printed no time: \(fields)")
            }
            result.milliseconds.add(milliseconds)
            if let peak = fields["peak_rss"].flatMap(Int.init) {
                result.peakResidentBytes = max(result.peakResidentBytes ?? 0, peak)
            }
        }
        return result
    }

    /// One edit the naive way: encode everything with `JSONEncoder`, write, fsync, rename, fsync the folder.
    static func rewrite(database: NotesDatabase, file: URL, repetitions: Int) throws -> Samples {
        var samples = Samples()
        var notes = database.notes
        let categories = Array(database.categories.values)
        guard let firstID = notes.keys.first else { return samples }
        for index in 0..<repetitions {
            let (_, milliseconds) = try Stopwatch.time {
                notes[firstID]?.title = "Rewritten \(index)"
                let data = try JSONEncoder().encode(try MirrorSnapshot(categories: categories, notes: notes.values))
                try DurableWrite.replace(file, with: data)
            }
            samples.add(milliseconds)
        }
        return samples
    }
}
