import Glibc
import Foundation
import NotesBase
import NotesModel

/// The attachments of notes a UI session deleted for good, held so that its undo can bring
/// them back (`NotesStoreOptions.holdsDeletedAttachments`): after the commit that deletes a
/// note, its folder `attachments/<id>/` is renamed to `attachments-held/<session>/<id>/`
/// beside the store; an undo that puts the note back renames it back before the journal
/// line that names the files. The session's lock file `attachments-held/<session>.lock` is
/// `flock`ed while the session lives, so a session whose process ended without letting go
/// (a kill) is told by its free lock: the next store opened for writing removes it
/// (`removeAbandoned`), under the store's lock. A session lets go of a note's folder when
/// its undo can no longer reach the note (`release`) and of all of them when it closes.
///
/// Nothing here ever removes a file a note names: a held folder belongs to a note the store
/// no longer has, and a folder goes back before the commit that brings its note back.
final class HeldAttachments {
    /// The folder beside `attachments/` holding one folder per session.
    static let folderName = "attachments-held"
    static let lockSuffix = ".lock"

    let storeFolder: URL
    private let session = UUID().uuidString
    /// The session's lock file, held (`flock`) from the first hold to `releaseAll`.
    private var lockFD: Int32 = -1
    /// The notes whose folders this session holds.
    private(set) var heldIDs: Set<UUID> = []

    init(storeFolder: URL) {
        self.storeFolder = storeFolder
    }

    deinit { releaseAll() }

    /// A rename done by `restore`, undone by `putBack` when the commit fails.
    struct Restored {
        let id: UUID
        /// The whole folder went back; else these names in it.
        let wholeFolder: Bool
        let names: [String]
    }

    /// Moves `attachments/<id>/` into this session's holding folder (made, with its lock,
    /// at the first hold). Called under the store's lock, after the commit. A folder this
    /// session already held for `id` (left over from a partial restore) is replaced.
    func hold(_ id: UUID) throws(AttachmentFiles.Failure) {
        let name = id.uuidString
        let shown = storeFolder.appendingPathComponent(AttachmentFiles.folderName).appendingPathComponent(name).path
        let attachments: Int32
        do { attachments = try AttachmentFiles.openFolder(storeFolder.path, [AttachmentFiles.folderName], create: false, shown: shown) } catch {
            if error.code == ENOENT { return }
            throw error
        }
        defer { close(attachments) }
        var info = stat()
        guard fstatat(attachments, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }  // nothing to hold
        let held = try openSession(create: true)
        defer { close(held) }
        if heldIDs.contains(id) {
            try AttachmentFiles.removeEntry(name, in: sessionURL)
        }
        guard renameat(attachments, name, held, name) == 0 else {
            throw AttachmentFiles.Failure(path: shown, reason: "cannot move it aside for undo: \(AttachmentFiles.errorText())")
        }
        fsync(held)
        fsync(attachments)
        heldIDs.insert(id)
    }

    /// Puts back the held folder of `note` (a note the store does not have, about to be put
    /// back) before the commit that names its files: renamed whole when `attachments/<id>/`
    /// is not there, else each file the note names that is missing there. Nil when nothing
    /// is held for it.
    func restore(_ note: Note) throws(AttachmentFiles.Failure) -> Restored? {
        guard heldIDs.contains(note.id) else { return nil }
        let name = note.id.uuidString
        let held = try openSession(create: false)
        defer { close(held) }
        let shown = storeFolder.appendingPathComponent(AttachmentFiles.folderName).appendingPathComponent(name).path
        let attachments = try AttachmentFiles.openFolder(storeFolder.path, [AttachmentFiles.folderName], create: true, shown: shown)
        defer { close(attachments) }
        var info = stat()
        if fstatat(attachments, name, &info, AT_SYMLINK_NOFOLLOW) != 0, errno == ENOENT {
            guard renameat(held, name, attachments, name) == 0 else {
                throw AttachmentFiles.Failure(path: shown, reason: "cannot put it back: \(AttachmentFiles.errorText())")
            }
            fsync(attachments)
            fsync(held)
            return Restored(id: note.id, wholeFolder: true, names: [])
        }
        let from = try AttachmentFiles.openFolder(sessionURL.path, [name], create: false, shown: shown)
        defer { close(from) }
        let to = try AttachmentFiles.openFolder(storeFolder.path, [AttachmentFiles.folderName, name], create: false, shown: shown)
        defer { close(to) }
        var moved: [String] = []
        for path in note.attachments where AttachmentFiles.owner(of: path) == note.id {
            guard let file = path.relativePath.split(separator: "/").last.map(String.init),
                  fstatat(to, file, &info, AT_SYMLINK_NOFOLLOW) != 0,
                  fstatat(from, file, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            guard renameat(from, file, to, file) == 0 else {
                let reason = AttachmentFiles.errorText()
                for done in moved { renameat(to, done, from, done) }
                throw AttachmentFiles.Failure(path: shown + "/" + file, reason: "cannot put it back: \(reason)")
            }
            moved.append(file)
        }
        fsync(to)
        fsync(from)
        return Restored(id: note.id, wholeFolder: false, names: moved)
    }

    /// Undoes `restore`'s renames: the commit that was to name the files failed.
    func putBack(_ restored: Restored) {
        let name = restored.id.uuidString
        guard let held = try? openSession(create: false) else { return }
        defer { close(held) }
        guard let attachments = try? AttachmentFiles.openFolder(storeFolder.path, [AttachmentFiles.folderName], create: false, shown: "") else { return }
        defer { close(attachments) }
        if restored.wholeFolder {
            renameat(attachments, name, held, name)
        } else if let from = try? AttachmentFiles.openFolder(sessionURL.path, [name], create: false, shown: ""),
                  let to = try? AttachmentFiles.openFolder(storeFolder.path, [AttachmentFiles.folderName, name], create: false, shown: "") {
            for file in restored.names { renameat(to, file, from, file) }
            close(from)
            close(to)
        }
        fsync(held)
        fsync(attachments)
    }

    /// The note is back in the store: whatever is left of its held folder goes.
    func restored(_ id: UUID) {
        release([id])
    }

    /// Removes the held folders of `ids`: their notes can no longer be brought back by this session.
    func release(_ ids: Set<UUID>) {
        for id in ids where heldIDs.contains(id) {
            try? AttachmentFiles.removeEntry(id.uuidString, in: sessionURL)
            heldIDs.remove(id)
        }
    }

    /// Removes this session's holding folder and lets go of its lock (the session ends).
    func releaseAll() {
        guard lockFD >= 0 else { return }
        let top = storeFolder.appendingPathComponent(Self.folderName)
        try? AttachmentFiles.removeEntry(session, in: top)
        unlink(top.appendingPathComponent(session + Self.lockSuffix).path)
        close(lockFD)
        lockFD = -1
        heldIDs = []
        rmdir(top.path)  // only when no other session is there
    }

    private var sessionURL: URL { storeFolder.appendingPathComponent(Self.folderName).appendingPathComponent(session) }

    /// Opens this session's holding folder; with `create`, makes it after taking its lock.
    private func openSession(create: Bool) throws(AttachmentFiles.Failure) -> Int32 {
        if create, lockFD < 0 {
            let top = try AttachmentFiles.openFolder(storeFolder.path, [Self.folderName], create: true, shown: sessionURL.path)
            defer { close(top) }
            let fd = openat(top, session + Self.lockSuffix, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                throw AttachmentFiles.Failure(path: sessionURL.path + Self.lockSuffix, reason: "cannot create: \(AttachmentFiles.errorText())")
            }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                let reason = AttachmentFiles.errorText()
                close(fd)
                throw AttachmentFiles.Failure(path: sessionURL.path + Self.lockSuffix, reason: "cannot lock: \(reason)")
            }
            fsync(top)
            lockFD = fd
        }
        return try AttachmentFiles.openFolder(storeFolder.path, [Self.folderName, session], create: create, shown: sessionURL.path)
    }

    /// A session in the holding place, for `notes doctor`.
    struct Session: Equatable {
        /// The folders it holds (`attachments-held/<session>/<id>`).
        let folders: [String]
        /// Whether the notes that holds them still runs (its lock is held).
        let isLive: Bool
    }

    /// The sessions in `storeFolder`'s holding place. A free lock is taken and let go at once.
    static func sessions(in storeFolder: URL) -> [Session] {
        let top = storeFolder.appendingPathComponent(folderName)
        return sessionNames(in: storeFolder).map { name -> Session in
            let folder = top.appendingPathComponent(name)
            let inside: [String] = AttachmentFiles.names(in: folder.path).sorted().map { folder.appendingPathComponent($0).path }
            return Session(folders: inside, isLive: isLocked(top.appendingPathComponent(name + lockSuffix)))
        }
    }

    /// Removes every session whose lock is free: its process ended without letting go (a
    /// kill), so no undo can reach what it holds. Called under the store's lock by a store
    /// opened for writing; sessions are made under that lock too, so none is half made here.
    static func removeAbandoned(in storeFolder: URL) {
        let top = storeFolder.appendingPathComponent(folderName)
        for name in sessionNames(in: storeFolder) {
            let lockURL = top.appendingPathComponent(name + lockSuffix)
            let fd = open(lockURL.path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
            if fd >= 0, flock(fd, LOCK_EX | LOCK_NB) != 0 {
                close(fd)
                continue  // a live session
            }
            try? AttachmentFiles.removeEntry(name, in: top)
            unlink(lockURL.path)
            if fd >= 0 { close(fd) }
        }
        rmdir(top.path)
    }

    /// The names of the sessions in the holding place: its folders and lock files, by session.
    private static func sessionNames(in storeFolder: URL) -> [String] {
        guard let top = try? AttachmentFiles.openFolder(storeFolder.path, [folderName], create: false, shown: "") else { return [] }
        defer { close(top) }
        let names = (try? ImportFile.names(in: top)) ?? []
        return Set(names.map { $0.hasSuffix(lockSuffix) ? String($0.dropLast(lockSuffix.count)) : $0 }).sorted()
    }

    private static func isLocked(_ url: URL) -> Bool {
        let fd = open(url.path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return flock(fd, LOCK_EX | LOCK_NB) != 0
    }
}
