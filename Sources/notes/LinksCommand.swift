import ArgumentParser
import Foundation
import NotesJSON
import NotesLinks
import NotesModel

/// `notes links ID [--json]`, `notes links --dead [--json]`
struct Links: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links",
        abstract: "Print a note's links and the notes that link to it, or every dead and ambiguous link.",
        discussion: """
        Links are [[Title]], [[Title|text]], [[Title#Heading]], ![[file]] embeds, Markdown links to a \
        note's file ([x](Other%20note.md)) or id ([x](notes://ID)), and URLs; code is never scanned. \
        A title matches a note's title, else one of its aliases, with case, accents and Unicode forms \
        ignored; [[Folder/Note]] leads to the note imported from that path, else to the one named Note. \
        Among several, the one in the linking note's category; otherwise the link is ambiguous. With ID: its \
        outgoing links (each resolved, ambiguous, missing, one of the note's attachments, or external) and the notes linking to it. \
        With --dead: the missing and ambiguous links of every note; the exit status is 1 when there are any.
        """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The note's id or a unique prefix of it.")
    var id: String?

    @Flag(help: "Every dead (missing) and ambiguous link, by note.")
    var dead = false

    @Flag(help: "Print JSON (a stable format) instead of text.")
    var json = false

    func validate() throws {
        if (id == nil) == !dead { throw ValidationError("give a note's id or --dead (not both)") }
    }

    func run() throws {
        let store = try storeOptions.open()
        let database = store.contents
        let graph = LinkGraph(database: database)
        let lookup: LinkGraph.NoteLookup = { database.notes[$0] }
        if dead {
            let broken = graph.brokenLinks(lookup: lookup)
            if json {
                Console.out(LinksOutput.brokenJSON(broken).serialized())
            } else {
                Console.out(lines: LinksOutput.brokenLines(broken, in: database))
            }
            if !broken.isEmpty { throw ExitCode.failure }
            return
        }
        let note = try database.requireNote(id ?? "")
        let outgoing = graph.links(from: note.id).map { ($0, graph.resolve($0.target, from: note, lookup: lookup)) }
        let incoming = graph.backlinks(of: note, lookup: lookup)
        if json {
            Console.out(LinksOutput.noteJSON(note, outgoing: outgoing, incoming: incoming).serialized())
        } else {
            Console.out(lines: LinksOutput.noteLines(outgoing: outgoing, incoming: incoming, in: database))
        }
    }
}

/// The text and JSON of `notes links`, `notes links --dead` and the links part of `notes doctor`.
enum LinksOutput {
    typealias Resolved = (link: NoteLink, resolution: LinkResolution)

    /// `outgoing:` then `incoming:`, one link or linking note a line.
    static func noteLines(outgoing: [Resolved], incoming: [(source: Note, links: [NoteLink])],
                          in database: NotesDatabase) -> [String] {
        let shortID = shortIDs(in: database)
        var lines = ["outgoing (\(outgoing.count)):"]
        lines += outgoing.map { "  " + written($0.link) + "  → " + describe($0.resolution, in: database, shortID) }
        lines.append("incoming (\(incoming.count)):")
        for (source, links) in incoming {
            let context = links.first.map { LinkContext.line(around: $0, in: source.body) } ?? ""
            lines.append("  " + shortID(source.id) + "  " + oneLine(source.title) + "  " + context)
        }
        return lines
    }

    /// One line per broken link: the note's short id and title, the link, what is wrong.
    static func brokenLines(_ broken: [(source: Note, links: [Resolved])], in database: NotesDatabase) -> [String] {
        let shortID = shortIDs(in: database)
        return broken.flatMap { source, links in
            links.map { link, resolution in
                shortID(source.id) + "  " + oneLine(source.title) + "  "
                    + written(link) + "  " + describe(resolution, in: database, shortID)
            }
        }
    }

    static func noteJSON(_ note: Note, outgoing: [Resolved], incoming: [(source: Note, links: [NoteLink])]) -> JSONValue {
        .object([
            ("id", .string(note.id.uuidString)),
            ("title", .string(note.title)),
            ("outgoing", .array(outgoing.map { linkJSON($0.link, $0.resolution) })),
            ("incoming", .array(incoming.map { source, links in
                .object([("id", .string(source.id.uuidString)), ("title", .string(source.title)),
                         ("lines", .array(links.map { .string(LinkContext.line(around: $0, in: source.body)) }))])
            })),
        ])
    }

    static func brokenJSON(_ broken: [(source: Note, links: [Resolved])]) -> JSONValue {
        .array(broken.map { source, links in
            .object([("id", .string(source.id.uuidString)), ("title", .string(source.title)),
                     ("links", .array(links.map { linkJSON($0.link, $0.resolution) }))])
        })
    }

    private static func linkJSON(_ link: NoteLink, _ resolution: LinkResolution) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("form", .string(form(link.form))),
            ("target", .string(link.target.text)),
            ("heading", .optionalString(link.heading)),
        ]
        switch resolution {
        case .note(let id): members += [("status", .string("resolved")), ("note", .string(id.uuidString))]
        case .ambiguous(let ids): members += [("status", .string("ambiguous")), ("notes", .array(ids.map { .string($0.uuidString) }))]
        case .missing: members.append(("status", .string("missing")))
        case .attachment(let path): members += [("status", .string("attachment")), ("attachment", .string(path.relativePath))]
        case .external: members.append(("status", .string("external")))
        }
        return .object(members)
    }

    private static func form(_ form: NoteLink.Form) -> String {
        switch form {
        case .wiki: "wiki"
        case .embed: "embed"
        case .markdown: "markdown"
        }
    }

    /// The link as a user would write it: `[[Title#Heading]]`, `![[file]]`, `(target)`.
    private static func written(_ link: NoteLink) -> String {
        let heading = link.heading.map { "#" + $0 } ?? ""
        switch link.form {
        case .wiki: return "[[" + link.target.text + heading + "]]"
        case .embed: return "![[" + link.target.text + "]]"
        case .markdown: return "(" + link.target.text + heading + ")"
        }
    }

    private static func describe(_ resolution: LinkResolution, in database: NotesDatabase,
                                 _ shortID: (UUID) -> String) -> String {
        switch resolution {
        case .note(let id): return shortID(id) + " " + oneLine(database.notes[id]?.title ?? "")
        case .ambiguous(let ids): return "ambiguous: " + ids.map(shortID).joined(separator: " ")
        case .missing: return "missing"
        case .attachment(let path): return "attachment " + AttachmentLinks.fileName(path.relativePath)
        case .external: return "external"
        }
    }

    /// Short ids as `notes list` prints them (the prefix length is found once).
    private static func shortIDs(in database: NotesDatabase) -> (UUID) -> String {
        let length = PlainOutput.uniquePrefixLength(in: database)
        return { String($0.uuidString.prefix(length)) }
    }

    /// `text` on one line: line breaks and tabs as spaces.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}
