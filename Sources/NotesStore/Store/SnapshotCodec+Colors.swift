import Foundation

/// Opens the categories' color archives on another thread while the notes are
/// read: the first archive a process opens pays Foundation's one-time set-up of
/// its class tables (about 10 ms), which would otherwise hold up every note.
final class BackgroundColorDecoding: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written once by the worker before `done` is signalled, read after waiting on it.
    private var decoded: [DecodedCategory] = []

    init(_ fields: [RecordCodec.CategoryFields], records: RecordCodec) {
        guard !fields.isEmpty else {
            done.signal()
            return
        }
        let thread = Thread { [self] in
            decoded = fields.map(records.decodeColor)
            done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// The categories, in the order given, once all are decoded.
    func wait() -> [DecodedCategory] {
        done.wait()
        done.signal()
        return decoded
    }
}
