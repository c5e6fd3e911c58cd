import Foundation

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
