import Foundation
import NotesBase

/// Where an imported note came from, kept by the store (not a field of the note: exports
/// and sync never carry it), and committed in the same commit as the note it names, so
/// the two can never disagree after a crash. Importing the same folder again finds the
/// note of each file by it: a file whose hash is unchanged is left alone; a changed file
/// updates its note, merged by field with what was changed in notes since (PRODUCT §5.1).
public struct ImportSource: Equatable, Sendable {
    /// What a source is found by: the imported folder, the file's path in it, and the
    /// entry of a file holding many notes (a jrnl journal), empty for a one-note file.
    public struct Key: Hashable, Sendable, Comparable {
        /// The imported folder, absolute with links resolved (for a file named alone: the folder holding it).
        public var folder: String
        /// The file's path relative to `folder`.
        public var path: String
        /// The entry within the file (`2024-01-02 10:30`, then `#2`… for a second entry at that minute).
        public var entry: String

        public init(folder: String, path: String, entry: String = "") {
            self.folder = folder
            self.path = path
            self.entry = entry
        }

        public static func < (left: Key, right: Key) -> Bool {
            (left.folder, left.path, left.entry) < (right.folder, right.path, right.entry)
        }

        /// The path as shown in messages: `notes/a.md`, `journal.txt (2024-01-02 10:30)`.
        public var shown: String { entry.isEmpty ? path : "\(path) (\(entry))" }
    }

    /// What notes made of the source when it was last imported: the fields a user edits,
    /// the body by its hash. Compared with the note as it is now, it tells whether the
    /// note was changed in notes since; its values are where a merge starts from.
    public struct Made: Equatable, Sendable {
        public var title: String
        /// `ContentHash` of the body's UTF-8 bytes, as hex.
        public var bodyHash: String
        public var tags: Set<String>
        public var categoryID: UUID?
        public var kind: NoteKind
        public var pinned: Bool
        public var aliases: [String]

        public init(title: String, bodyHash: String, tags: Set<String>, categoryID: UUID?, kind: NoteKind,
                    pinned: Bool = false, aliases: [String] = []) {
            self.title = title
            self.bodyHash = bodyHash
            self.tags = tags
            self.categoryID = categoryID
            self.kind = kind
            self.pinned = pinned
            self.aliases = aliases
        }

        /// What `note` holds now.
        public init(_ note: Note) {
            self.init(title: note.title, bodyHash: Self.bodyHash(of: note), tags: note.tags,
                      categoryID: note.categoryID, kind: note.kind, pinned: note.pinned,
                      aliases: note.aliases)
        }

        /// The hash of a note's body, read as the note holds it.
        public static func bodyHash(of note: Note) -> String {
            note.bodyStorage.withUTF8 { bytes in
                var hash = ContentHash()
                hash.add(bytes)
                return hash.hex
            }
        }
    }

    public var key: Key
    /// The note the source was last imported as.
    public var noteID: UUID
    /// `ContentHash` of the bytes read (the whole file, or the entry), as hex.
    public var sourceHash: String
    public var made: Made
    /// The tool whose vault the file was read from (`ImportSourceTool`'s name: `obsidian`,
    /// `logseq`, `zk`, `dendron`), which decides how the note's wiki links are read (Dendron
    /// writes `[[label|target]]`); nil for any other file, and for records made before
    /// stores kept it (format 10).
    public var tool: String?

    public init(key: Key, noteID: UUID, sourceHash: String, made: Made, tool: String? = nil) {
        self.key = key
        self.noteID = noteID
        self.sourceHash = sourceHash
        self.made = made
        self.tool = tool
    }

    /// The hash of source bytes, as `sourceHash` holds it.
    public static func hash(of bytes: some Sequence<UInt8>) -> String { ContentHash.hex(of: bytes) }
}
