import Foundation

/// The app as a user starts it: `notes` (built beside the benchmark) as a process of its own
/// on a 200×60 pseudo-terminal, timed from its start until its first frame has drawn the
/// list's header with the store's count; then `q`.
enum FirstFrameMeasurement {
    /// PRODUCT §6 and issue 37: the first frame at any size within 150 ms.
    static let target = 150.0

    /// The figure for the store of `synthetic` at `store`; none when `notes` is not built beside the benchmark.
    static func figures(store: URL, synthetic: SyntheticStore, repetitions: Int, progress: (String) -> Void) throws -> [Figure] {
        progress("the app as a user starts it: `notes` on a pseudo-terminal, \(repetitions) times")
        let live = synthetic.notes.filter { $0.deleted == nil }.count
        return try figure(store: store, liveNotes: live, repetitions: repetitions).map { [$0] } ?? []
    }

    /// Nil when `notes` is not built beside the benchmark.
    static func figure(store: URL, liveNotes: Int, repetitions: Int) throws -> Figure? {
        guard let notes = BenchBinaries.notes else { return nil }
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["LC_ALL"] = "C.UTF-8"
        environment["NOTES_STORE"] = store.path
        environment["LINES"] = nil
        environment["COLUMNS"] = nil
        let header = Array(" notes  \(liveNotes) notes".utf8)
        var samples = Samples()
        for _ in 0..<repetitions {
            let (session, milliseconds) = try Stopwatch.time { () throws -> PTYSession in
                let session = try PTYSession(program: notes.path, arguments: [], environment: environment, width: 200, height: 60)
                try session.read(untilOutputHolds: header)
                return session
            }
            samples.add(milliseconds)
            try session.send(Array("q".utf8))
            let (status, errors) = try session.finish()
            guard status == 0 else { throw PTYSession.Failure(description: "notes exited \(status): \(errors)") }
        }
        return Figure(key: "first_frame_process_ms", label: "`notes` on a terminal: start → first frame", unit: .milliseconds,
                      value: samples.median, target: target,
                      note: "median of \(samples.count) processes on a 200×60 pty (TERM=xterm-256color), page cache warm: "
                          + "from the start of the process until the list's header with the count has arrived")
    }
}
