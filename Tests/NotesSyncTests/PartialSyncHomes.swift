import Foundation
import NotesTestSupport
import Testing
import NotesBase
import NotesModel
import NotesStore
import NotesSync

/// Two homes, laptop and desktop, syncing through one remote and holding the same notes,
/// each in a compacted store (so its snapshot has an index) whose sync position names that
/// snapshot; the first few notes may hold one attachment file each. The set-up and the
/// steps the suites of a partial sync (a store opened for a few notes, as `notes sync`
/// and `S` open it) share.
struct PartialSyncHomes {
    let sandbox: SyncSandbox
    let notes: [Note]

    /// `count` notes titled "Note i" with body "body i", the first `withAttachments` of them
    /// holding one file `photo i.png` (`bytes(i)`); `encrypted`: the homes sync encrypted.
    init(count: Int, withAttachments: Int = 0, encrypted: Bool = false) throws {
        sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        if encrypted {
            let key = try sandbox.engine(laptop).encrypt()
            _ = try sandbox.engine(desktop).encrypt(identityFile: key.identityPath)
        }
        let created = ISODate.rounded(Date(timeIntervalSinceReferenceDate: 800_000_000))
        var made: [Note] = []
        for index in 0..<count {
            var note = Note(title: "Note \(index)", body: "body \(index)", created: created)
            if index < withAttachments {
                let path = try AttachmentPath("attachments/\(note.id.uuidString)/photo \(index).png")
                try AttachmentFiles.write(Self.bytes(index), to: path, in: laptop.url.deletingLastPathComponent())
                note.attachments = [path]
            }
            made.append(note)
        }
        notes = made
        try laptop.commit(notes.map(StoreChange.putNote))
        try laptop.compactNow()
        try sandbox.sync(laptop)
        laptop.close()
        try sandbox.sync(desktop)
        try desktop.compactNow()
        try sandbox.sync(desktop)
        desktop.close()
    }

    /// `count` bytes made from `seed`: an attachment file's contents.
    static func bytes(_ seed: Int, count: Int = 2000) -> Data { Data((0..<count).map { UInt8(($0 * 7 + seed) % 251) }) }

    /// The folder of home `name`'s store (its attachments are below it).
    func folder(_ name: String) -> URL { sandbox.storeURL(name).deletingLastPathComponent() }

    /// Commits `changes` to home `name`, as another command would.
    func commit(_ name: String, _ changes: [StoreChange]) throws {
        let store = try sandbox.open(name)
        defer { store.close() }
        try store.commit(changes)
    }

    /// Note `index` with `body`, updated `seconds` after its creation.
    func edited(_ index: Int, body: String, seconds: Double = 60) -> Note {
        var note = notes[index]
        note.body = body
        note.updated = ISODate.rounded(note.created.addingTimeInterval(seconds))
        return note
    }

    /// Gives note `index` on home `home` the file `name` holding `bytes` (written into its
    /// folder) and `body`, updated `seconds` after its creation: the file's path.
    @discardableResult
    func attach(_ name: String, bytes: Data, to index: Int, on home: String, body: String,
                seconds: Double = 60) throws -> AttachmentPath {
        var note = edited(index, body: body, seconds: seconds)
        let path = try AttachmentPath("attachments/\(note.id.uuidString)/\(name)")
        try AttachmentFiles.write(bytes, to: path, in: folder(home))
        note.attachments.append(path)
        try commit(home, [.putNote(note)])
        return path
    }

    /// Syncs home `name` opened as `notes sync` opens it (for the notes its journal touched),
    /// through `engine` when given (a sync engine's settings): the report, and whether the
    /// store stayed opened for a few notes (else the sync read every note).
    func syncPartly(_ name: String, engine: ((NotesStore) -> SyncEngine)? = nil) throws
        -> (report: SyncEngine.Report, stayedPartial: Bool) {
        let store = try NotesStore.open(at: sandbox.storeURL(name), touching: [])
        defer { store.close() }
        #expect(store.isPartial)
        let report = try (engine?(store) ?? sandbox.engine(store)).sync()
        return (report, store.isPartial)
    }

    /// Both homes' notes, each read whole, after syncing them in turn until nothing moves.
    func converged() throws -> (laptop: NotesDatabase, desktop: NotesDatabase) {
        for name in ["laptop", "desktop", "laptop"] { _ = try syncPartly(name) }
        let laptop = try sandbox.open("laptop"), desktop = try sandbox.open("desktop")
        defer { laptop.close(); desktop.close() }
        return (laptop.contents, desktop.contents)
    }
}
