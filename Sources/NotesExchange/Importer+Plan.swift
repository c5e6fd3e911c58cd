import Foundation
import NotesJSON
import NotesModel

extension Importer {
    /// One note the import adds or changes, for messages.
    public struct Item: Equatable, Sendable {
        public enum Kind: String, Sendable { case new, updated, conflict, renamed }
        public var kind: Kind
        /// The file it was read from (as shown, with the jrnl entry), or "" when not known.
        public var file: String
        public var title: String
        /// For a conflict: the title of the copy that keeps the note's own version.
        public var copyTitle: String?
        /// Values set in notes that the file's replaced (`ReplacedValue.note`).
        public var replaced: [ReplacedValue] = []
        /// For a file renamed in its folder: the path it had when last imported.
        public var previousFile: String?
    }

    /// A note whose file is gone from the folder imported (deleted, or moved out of it),
    /// and what the import did with it.
    public struct Gone: Equatable, Sendable {
        public enum Action: String, Sendable {
            /// Left as it is (without `trashMissing`).
            case left
            /// Moved to the trash (`trashMissing`), undone by `notes restore`.
            case trashed
            /// Kept although `trashMissing` asked: the note was changed in notes since it was imported.
            case kept
        }

        /// The file as shown: under the folder as it was named.
        public var file: String
        public var noteID: UUID
        public var title: String
        public var action: Action
    }

    /// The changes to commit and the counts to report.
    public struct Plan: Equatable, Sendable, CustomStringConvertible {
        public var changes: [StoreChange] = []
        /// Each note updated, renamed or made a conflict of, and (with `listingAdded`) each new one.
        public var items: [Item] = []
        public var notesAdded = 0
        public var notesUpdated = 0
        public var notesUnchanged = 0
        /// Notes updated from a changed file whose body was changed in notes too: each left a conflict copy.
        public var conflicts = 0
        /// Files renamed (or moved) within the folder imported: their notes followed them.
        public var notesRenamed = 0
        /// Notes whose id is in the store already with other contents, and no source says
        /// they came from this file: kept as the store has them.
        public var notesSkipped = 0
        /// Changed files whose note is in the trash: left there.
        public var inTrash = 0
        public var categoriesAdded = 0
        /// Notes whose file is gone from its folder, in the order of their files.
        public var gone: [Gone] = []
        /// Where each attachment read for an updated note is written: under that note's own
        /// folder (`ImportedAttachments.following`), before the commit.
        public var attachmentMoves: [AttachmentPath: AttachmentPath] = [:]
        /// Files of updated notes that their files no longer name: removed after the commit
        /// (`AttachmentFiles.remove`).
        public var attachmentsDropped: [AttachmentPath] = []

        public init() {}

        /// `2 new, 1 updated, 3 unchanged, 0 conflicts` and what else happened; counts
        /// grouped as the progress line shows them (`100,001 new`).
        public var description: String {
            let count = ProgressLine.grouped
            var text = "\(count(notesAdded)) new, \(count(notesUpdated)) updated, \(count(notesUnchanged)) unchanged, "
                + "\(count(conflicts)) \(conflicts == 1 ? "conflict" : "conflicts")"
            if notesRenamed > 0 { text += ", \(count(notesRenamed)) renamed" }
            if !gone.isEmpty { text += ", \(count(gone.count)) gone from the source" + goneSummary }
            if notesSkipped > 0 { text += ", \(count(notesSkipped)) already in the store with other contents (kept)" }
            if inTrash > 0 {
                text += ", \(count(inTrash)) changed in \(inTrash == 1 ? "its file but in" : "their files but in") the trash (left there)"
            }
            if categoriesAdded > 0 {
                text += "; added \(count(categoriesAdded)) \(categoriesAdded == 1 ? "category" : "categories")"
            }
            return text
        }

        /// ` (left as they are)`, ` (2 moved to the trash, 1 kept: changed in notes since imported)`.
        private var goneSummary: String {
            let trashed = gone.count { $0.action == .trashed }
            let kept = gone.count { $0.action == .kept }
            if trashed == 0, kept == 0 { return gone.count == 1 ? " (left as it is)" : " (left as they are)" }
            var parts: [String] = []
            if trashed > 0 { parts.append("\(ProgressLine.grouped(trashed)) moved to the trash") }
            if kept > 0 { parts.append("\(ProgressLine.grouped(kept)) kept: changed in notes since imported") }
            return " (" + parts.joined(separator: ", ") + ")"
        }

        /// The counts and items as `notes import --json` prints them (see json-output.md).
        public var json: JSONValue {
            .object([
                ("new", .integer(notesAdded)), ("updated", .integer(notesUpdated)), ("unchanged", .integer(notesUnchanged)),
                ("conflicts", .integer(conflicts)), ("alreadyInStore", .integer(notesSkipped)), ("inTrash", .integer(inTrash)),
                ("categoriesAdded", .integer(categoriesAdded)), ("renamed", .integer(notesRenamed)),
                ("goneFromSource", .integer(gone.count)),
                ("notes", .array(items.map { item in
                    .object([("change", .string(item.kind.rawValue)), ("file", .string(item.file)), ("title", .string(item.title)),
                             ("conflictCopy", item.copyTitle.map(JSONValue.string) ?? .null),
                             ("replaced", .array(item.replaced.map { .string($0.description) })),
                             ("previousFile", item.previousFile.map(JSONValue.string) ?? .null)])
                })),
                ("gone", .array(gone.map { gone in
                    .object([("file", .string(gone.file)), ("id", .string(gone.noteID.uuidString)), ("title", .string(gone.title)),
                             ("action", .string(gone.action.rawValue))])
                })),
            ])
        }
    }
}
