import Foundation

extension SyncEngine {
    /// What a sync did.
    public struct Report: Equatable, Sendable {
        /// Notes (and categories) the store received from the remote.
        public var received: Int
        /// Whether local changes were pushed.
        public var pushed: Bool
        /// Conflict copies the merge made.
        public var conflictCopies: [UUID]
        public var commit: String
        /// Problems found in what came in that did not stop the sync: a category whose
        /// color archive could not be read (each told once, when it arrives).
        public var warnings: [String] = []
        /// Notes rendered to files by this sync: those whose file was not already known
        /// (`SyncBlobCache`); 0 when nothing changed.
        public var notesRendered = 0
        /// Note files read back from git: only when the remote had something new.
        public var notesParsed = 0
        /// Note ids merged, in the merge commit and in applying the result to the store:
        /// those whose files differ when `categories.json` did not change (one for one
        /// note received), every id when it did.
        public var notesMerged = 0
        /// Notes of this store whose links to a note renamed on another home were pointed
        /// at its new title (`SyncRenames`); sent by the next sync.
        public var linksUpdated = 0
        /// Notes compared with the files they made before (`SyncFingerprint`): every note when
        /// the store cannot say which changed since the last sync (the first sync, a category
        /// changed, the store compacted since: `SyncPosition`), none otherwise.
        public var notesFingerprinted = 0
        /// Notes (live and in the trash) the store held when the sync ended: with a store
        /// opened for a few (`NotesStore.open(at:options:touching:)`), those its journal
        /// touched and those that came in, when that was enough; every note otherwise.
        public var notesLoaded = 0
        /// Git fetches this sync made: one, unless a push was rejected because another home
        /// pushed first (a store opened for a few notes that then needs every note reuses its fetch).
        public var fetches = 0
        /// Git processes this sync ran, by subcommand (`diff-tree`: 1 for a commit that came in,
        /// whatever asks about it). Counted to check what runs, never timed.
        public var gitRuns: [String: Int] = [:]
    }
}

extension SyncEngine {
    /// The report's warnings: entries of the remote left out, unreadable note files left
    /// out, color archives that could not be read, ids held twice, attachments edited on both sides.
    static func warnings(leftOut: [SyncRepository.RefusedEntry], unreadable: [(path: String, reason: String)], archives: [String],
                         duplicates: [UUID], attachmentConflicts: [String], merged: String) -> [String] {
        leftOut.map {
            "the remote's '\($0.path)' \($0.reason): it was left out (the remote's history keeps it) and the tree pushed is without it"
        } + unreadable.map {
            "the remote's file \($0.path) cannot be read (\($0.reason)): it was left out and its note kept as this home had it"
        } + archives + duplicates.map {
            "the remote held note \($0.uuidString) both in notes/ and in trash/: the live version was kept, "
                + "the other went to the trash as a conflict copy"
        } + attachmentConflicts.map {
            "the attachment \($0) was edited here and on another home: this home's version was kept; "
                + "the other is in the sync history (commit \(merged.prefix(10))'s second parent)"
        }
    }
}

extension SyncEngine.Report {
    /// One line for the status line or the terminal: what came in, what went out, conflicts.
    public var summary: String {
        var text = "synced at \(commit.prefix(10)): \(received) " + (received == 1 ? "change" : "changes") + " received"
            + (pushed ? ", changes pushed" : "")
        if !conflictCopies.isEmpty {
            text += "; \(conflictCopies.count) conflict " + (conflictCopies.count == 1 ? "copy" : "copies") + " (tagged 'conflict')"
        }
        if linksUpdated > 0 {
            text += "; links to renamed notes updated in \(linksUpdated) " + (linksUpdated == 1 ? "note" : "notes")
        }
        return text
    }

    /// `summary` followed by each warning, for a status line that shows one line.
    public var summaryWithWarnings: String {
        ([summary] + warnings.map { "warning: " + $0 }).joined(separator: "; ")
    }
}
