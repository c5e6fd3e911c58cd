import Foundation
import NotesModel

/// What the UI needs of attachment files, given by the composition root (`notes`): the UI
/// does no file I/O and starts no program itself. `open` hands the file to the one
/// `Opener` and says what happened, for the status line.
public struct AttachmentAccess: Sendable {
    /// The size in bytes of the attachment's file, nil when it is missing.
    public var size: @Sendable (AttachmentPath) -> Int?
    /// Opens the attachment's file; the message for the status line, and whether it is an error.
    public var open: @Sendable (AttachmentPath) -> (message: String, isError: Bool)
    /// Opens a web address (a link's URL) with the same opener; the message and whether it is an error.
    public var openAddress: @Sendable (String) -> (message: String, isError: Bool)
    /// The sentences of openers started here that failed since the last call (an opener starts
    /// in the background: its end comes later), and whether any is still running.
    public var openerFailures: @Sendable () -> (failures: [String], stillRunning: Bool)

    public init(size: @escaping @Sendable (AttachmentPath) -> Int?,
                open: @escaping @Sendable (AttachmentPath) -> (message: String, isError: Bool),
                openAddress: @escaping @Sendable (String) -> (message: String, isError: Bool) = { _ in
                    ("Links cannot be opened here", true)
                },
                openerFailures: @escaping @Sendable () -> (failures: [String], stillRunning: Bool) = { ([], false) }) {
        self.size = size
        self.open = open
        self.openAddress = openAddress
        self.openerFailures = openerFailures
    }

    /// No files: sizes unknown, nothing opens (tests and repositories without a folder).
    public static let unavailable = AttachmentAccess(size: { _ in nil },
                                                     open: { _ in ("Attachments cannot be opened here", true) })
}

/// The sizes of one note's attachment files, as the runner looked them up for the read view.
public struct AttachmentSizes: Equatable, Sendable {
    public let noteID: UUID
    /// The attachments they were looked up for: another list is looked up again.
    public let paths: [AttachmentPath]
    public let sizes: [AttachmentPath: Int]

    public init(noteID: UUID, paths: [AttachmentPath], sizes: [AttachmentPath: Int]) {
        self.noteID = noteID
        self.paths = paths
        self.sizes = sizes
    }

    /// Whether these are the sizes of `note`'s attachments as it is.
    public func describe(_ note: Note) -> Bool { noteID == note.id && paths == note.attachments }
}
