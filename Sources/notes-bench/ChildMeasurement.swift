import Foundation
import NotesStore

/// What a child process measures: one open of the store (ready to draw), or one
/// naive `JSONDecoder` decode of a file, with the process's peak memory after it.
enum ChildMeasurement {
    /// `--child-open PATH`: prints `open_ms=… ready_ms=… searchable_ms=… notes=… peak_rss=… baseline_rss=…`.
    static func open(path: String) throws {
        let before = Memory.peakResidentBytes() ?? 0
        let cpuBefore = ProcessCPUTime.milliseconds()
        let (store, openMilliseconds) = try Stopwatch.time { try NotesStore.open(at: URL(fileURLWithPath: path)) }
        let peakAfterOpen = Memory.peakResidentBytes() ?? 0
        let (ready, readyMilliseconds) = Stopwatch.time { UIProbe.prepareFirstFrame(store.contents) }
        let cpuMilliseconds = ProcessCPUTime.milliseconds() - cpuBefore
        // The app's search text is built on another core; its memory counts, so wait for it.
        let (_, searchableMilliseconds) = Stopwatch.time { ready.snapshot.index.waitUntilSearchable() }
        let peak = Memory.peakResidentBytes() ?? 0
        print("open_ms=\(openMilliseconds) ready_ms=\(readyMilliseconds) searchable_ms=\(searchableMilliseconds) cpu_ms=\(cpuMilliseconds)"
              + " notes=\(store.contents.notes.count) peak_rss=\(peak) peak_rss_open=\(peakAfterOpen) baseline_rss=\(before)")
        withExtendedLifetime((store, ready)) {}
    }

    /// `--child-decode PATH`: prints `decode_ms=… notes=… peak_rss=…`; exits 2 if the file is not in the mirror shape.
    static func decode(path: String) throws {
        let (data, readMilliseconds) = try Stopwatch.time { try Data(contentsOf: URL(fileURLWithPath: path)) }
        let decoded: MirrorSnapshot
        let decodeMilliseconds: Double
        do {
            (decoded, decodeMilliseconds) = try Stopwatch.time { try JSONDecoder().decode(MirrorSnapshot.self, from: data) }
        } catch {
            FileHandle.standardError.write(Data("not in the mirror shape: \(error)\n".utf8))
            exit(2)
        }
        let peak = Memory.peakResidentBytes() ?? 0
        print("decode_ms=\(readMilliseconds + decodeMilliseconds) notes=\(decoded.notes.count) peak_rss=\(peak)")
        withExtendedLifetime(decoded) {}
    }
}
