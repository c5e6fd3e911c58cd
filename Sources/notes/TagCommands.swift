import ArgumentParser
import Foundation
import NotesBase
import NotesJSON
import NotesModel

/// The names a command gives notes as tags (`add --tag`, `set --tag`, `tag rename`'s new
/// name): a tag name, without the comma that separates tags in the app's `t` field (a tag
/// holding one would be split in two by the next edit there).
enum NewTagName {
    static func check(_ raw: String) throws {
        guard Tag.normalize(raw) != nil else { throw ValidationError("'\(raw)' is not a tag name") }
        if let problem = Tag.separatorProblem(raw) { throw ValidationError(problem) }
    }
}

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
        if Tag.normalize(old) == nil { throw ValidationError("'\(old)' is not a tag name") }
        try NewTagName.check(new)
    }

    func run() throws {
        guard let from = Tag.normalize(old), let to = Tag.normalize(new) else { return }
        let store = try storeOptions.open()
        guard store.contents.notes.values.contains(where: { $0.tags.contains(from) }) else { throw CLIError.unknownTag(from) }
        let merging = from != to && store.contents.notes.values.contains { $0.tags.contains(to) }
        guard from != to else { return Console.out("no changes") }
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
