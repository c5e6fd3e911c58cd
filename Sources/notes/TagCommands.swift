import ArgumentParser
import Foundation
import NotesBase
import NotesJSON
import NotesModel

/// `notes tag list|rename`
struct TagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "List tags with their note counts, or rename (merge) a tag on every note.",
        subcommands: [ListTags.self, RenameTag.self]
    )
}

struct ListTags: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the tags of the notes (not those in the trash), each with how many notes carry it.",
        aliases: ["ls"])

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print JSON (a stable format) instead of text: [{\"tag\", \"notes\"}].")
    var json = false

    func run() throws {
        let store = try storeOptions.open()
        let counts = TagCount.all(in: store.contents)
        if json {
            let items = counts.map { JSONValue.object([("tag", .string($0.tag)), ("notes", .integer($0.count))]) }
            Console.out(JSONValue.array(items).serialized())
        } else {
            let width = counts.map { String($0.count).count }.max() ?? 1
            Console.out(lines: counts.map { String(repeating: " ", count: width - String($0.count).count) + "\($0.count)  #\($0.tag)" })
        }
    }
}

struct RenameTag: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename a tag on every note that has it, in one change; to an existing tag, merges the two.",
        discussion: "Each note's tags change as a set: a tag added elsewhere meanwhile stays. 'notes tag rename OLD NEW' "
            + "then 'notes tag rename NEW OLD' does not split a merge again."
    )

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The tag to rename ('#' and case are ignored).", completion: StoreCompletion.tags)
    var old: String

    @Argument(help: "Its new name, or an existing tag to merge it into.")
    var new: String

    func validate() throws {
        for raw in [old, new] where Tag.normalize(raw) == nil { throw ValidationError("'\(raw)' is not a tag name") }
    }

    func run() throws {
        guard let from = Tag.normalize(old), let to = Tag.normalize(new) else { return }
        let store = try storeOptions.open()
        guard store.contents.notes.values.contains(where: { $0.tags.contains(from) }) else { throw CLIError.unknownTag(from) }
        let merging = from != to && store.contents.notes.values.contains { $0.tags.contains(to) }
        var changed = 0
        try store.commit(derivedFrom: { database in
            let resolution = try StoreEdit.resolve(TagRename.edits(from: from, to: to, in: database), in: database,
                                                   now: ISODate.rounded(Date()))
            changed = resolution.changes.count
            return resolution.changes
        })
        let verb = merging ? "merged #\(from) into #\(to)" : "renamed #\(from) to #\(to)"
        Console.out("\(verb) on \(changed) note\(changed == 1 ? "" : "s")")
    }
}
