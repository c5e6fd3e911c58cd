import Foundation
import NotesModel
import NotesStore

/// What `ImportReader` read: the notes and categories, the file of each note, and the
/// files it could not read.
public struct ImportBatch: Sendable {
    public struct Skip: Equatable, Sendable, CustomStringConvertible {
        /// The file as given on the command line, followed by its path inside a folder.
        public let file: String
        /// Why, with the place in the file when there is one.
        public let reason: String

        public var description: String { "\(file): \(reason)" }
    }

    public var bundle = ExchangeBundle()
    /// The file each of `bundle.notes` comes from, in the same order.
    public var sources: [String] = []
    /// Where each note read from a file came from, by its index in `bundle.notes` (a note
    /// of a notes JSON export has none: it is matched by id).
    public var origins: [Int: ImportOrigin] = [:]
    /// What the walk of each folder imported whole listed, by the folder as `ImportSource.Key`
    /// names it: how files gone from it are told (see `ImportFolderListing`).
    public var folders: [String: ImportFolderListing] = [:]
    public var skipped: [Skip] = []
    /// Notes read in another way than written (a date that could not be read, and what was
    /// used instead): imported, and reported.
    public var warnings: [Skip] = []
    /// Files in the folders that are not notes (by their name), and links inside them.
    public var ignored = 0
    /// Files attached to the notes read (Bear's and TextBundles' assets, Evernote's resources),
    /// to be written into the store's folder for the notes the import adds.
    public var attachments = ImportedAttachments()
}

/// One note's place in the file it was read from: the entry (empty for a one-note file)
/// and the hash of its source bytes.
struct SourceEntry: Equatable, Sendable {
    var entry: String
    var hash: String
}
