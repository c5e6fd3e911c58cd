/// A note's list fields that most notes leave empty: its attachments and its aliases.
/// They are held behind one reference, nil when both are empty, so that a `Note` stays
/// 128 bytes (a store of 1,000,000 notes keeps 2 million of them) and a note without
/// either allocates nothing.
struct NoteLists: Equatable, Sendable {
    private final class Storage: Sendable {
        let attachments: [AttachmentPath]
        let aliases: [String]

        init(attachments: [AttachmentPath], aliases: [String]) {
            self.attachments = attachments
            self.aliases = aliases
        }
    }

    private var storage: Storage?

    init(attachments: [AttachmentPath], aliases: [String]) {
        storage = attachments.isEmpty && aliases.isEmpty ? nil : Storage(attachments: attachments, aliases: aliases)
    }

    var attachments: [AttachmentPath] {
        get { storage?.attachments ?? [] }
        set { self = NoteLists(attachments: newValue, aliases: aliases) }
    }

    var aliases: [String] {
        get { storage?.aliases ?? [] }
        set { self = NoteLists(attachments: attachments, aliases: newValue) }
    }

    static func == (left: NoteLists, right: NoteLists) -> Bool {
        left.storage === right.storage || (left.attachments == right.attachments && left.aliases == right.aliases)
    }
}
