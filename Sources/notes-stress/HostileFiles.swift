#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesModel
import NotesStore
import NotesExchange

/// Modes for the hostile-file tests (issue 11), each a child process because what
/// they check could kill the process (`SIGBUS`, `SIGXFSZ`):
///
///     notes-stress read-shrinking --store PATH
///         opens the store, then truncates and rewrites its snapshot in place (as
///         `cp backup.json notes.json` does), then reads every note body;
///         prints `read N bodies`
///     notes-stress limited --store PATH --limit BYTES (export-markdown FOLDER | commit)
///         with files limited to BYTES (`RLIMIT_FSIZE`, `SIGXFSZ` ignored so that a
///         write fails instead), exports or commits one note; prints `ok` or
///         `error: …`, and every store warning as `warning: …`
enum HostileFiles {
    static func readShrinking(_ options: Options) {
        guard let path = options.string("store") else { Output.fail("read-shrinking needs --store PATH") }
        let url = URL(fileURLWithPath: path)
        let store: NotesStore
        do { store = try NotesStore.open(at: url) } catch { Output.fail("open: \(error)") }
        let fd = open(path, O_WRONLY | O_TRUNC)
        guard fd >= 0 else { Output.fail("cannot rewrite \(path): \(String(cString: strerror(errno)))") }
        let replacement = Array("{\"format\": 3}\n".utf8)
        _ = replacement.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        var count = 0
        var total = 0
        for note in store.contents.notes.values {
            total &+= note.body.utf8.count
            count += 1
        }
        Output.line("read \(count) bodies (\(total) bytes)")
        store.close()
    }

    static func limited(_ options: Options) {
        guard let path = options.string("store") else { Output.fail("limited needs --store PATH") }
        let limit = options.int("limit", default: 4096)
        guard let action = options.positional.first else { Output.fail("limited needs export-markdown FOLDER or commit") }
        signal(SIGXFSZ, SIG_IGN)
        var bound = rlimit(rlim_cur: rlim_t(limit), rlim_max: rlim_t(limit))
        guard setrlimit(Int32(RLIMIT_FSIZE.rawValue), &bound) == 0 else { Output.fail("setrlimit: \(String(cString: strerror(errno)))") }
        do {
            let store = try NotesStore.open(at: URL(fileURLWithPath: path),
                                            options: NotesStoreOptions(compactionMinimumBytes: 0, compactionRatio: 0))
            store.warningHandler = { Output.line("warning: \(Output.oneLine($0.message))") }
            switch action {
            case "export-markdown":
                guard options.positional.count > 1 else { Output.fail("export-markdown needs a FOLDER") }
                try MarkdownExchange.export(store.contents, to: URL(fileURLWithPath: options.positional[1]))
            case "commit":
                try store.commit(.putNote(Note(title: "written under a file size limit")))
            default:
                Output.fail("unknown action '\(action)'")
            }
            store.close()
            Output.line("ok")
        } catch {
            Output.line("error: \(Output.oneLine("\(error)"))")
        }
    }
}
