import Foundation

/// The files the store owns: what a command must not write over.
extension NotesStore {
    /// Whether `file` (links followed) is the store's snapshot, journal, lock, or one of
    /// the files kept beside them (backups, kept journal tails, temporaries): writing
    /// there would break the store.
    public func ownsFile(_ file: URL) -> Bool {
        guard let real = try? StoreLocation.realFile(file) else { return false }
        guard real.deletingLastPathComponent().path == url.deletingLastPathComponent().path else { return false }
        let name = real.lastPathComponent
        let own = url.lastPathComponent
        return name == own || name.hasPrefix(own + ".") || name.hasPrefix("." + own + ".")
    }
}
