import NotesCore
import Synchronization

/// The wrapped lines of the last note shown in the read view, kept so that scrolling
/// a long note (`j`, `k`, `G`, a page) costs the rows it draws: wrapping a 10 MB body
/// again on every key took seconds. One note is kept; a different note, a changed
/// note or another width wraps again.
final class WrappedBodyCache: Sendable {
    static let shared = WrappedBodyCache()

    private struct Entry {
        let note: Note
        let width: Int
        let lines: [String]
    }

    private let entry = Mutex<Entry?>(nil)

    /// `TextWrap.lines(note.body, width: width)`, from the cache when it holds this note at this width.
    func lines(of note: Note, width: Int) -> [String] {
        if let cached = entry.withLock({ $0 }), cached.width == width, cached.note == note { return cached.lines }
        let lines = TextWrap.lines(note.body, width: width)
        entry.withLock { $0 = Entry(note: note, width: width, lines: lines) }
        return lines
    }
}
