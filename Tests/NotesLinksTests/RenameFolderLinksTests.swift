import Foundation
import NotesLinks
import NotesModel
import Testing

/// A rename rewrites every link form that leads to the note by its title — `[[Old]]`,
/// `[[Folder/Old]]`, `[[Folder/Old|shown]]`, `[[Folder/Old.md#Part]]`, `[x](Folder/Old.md)` —
/// keeping the folder, the shown text, the heading and the style; a link that leads there by
/// an alias or by a file name that is not the title stays as written.
@Suite struct RenameFolderLinksTests {
    private static let folder = "/vault"

    private static func database(_ notes: [Note], paths: [UUID: String], categories: [Category] = []) -> NotesDatabase {
        let sources = paths.map { id, path in
            let note = notes.first { $0.id == id } ?? Note(title: "")
            return ImportSource(key: ImportSource.Key(folder: folder, path: path), noteID: id, sourceHash: "h",
                                made: ImportSource.Made(note))
        }
        return NotesDatabase(notesByID: Dictionary(uniqueKeysWithValues: notes.map { ($0.id, $0) }), categories: categories,
                             recentColors: [], importSources: sources)
    }

    private static func renamed(_ database: NotesDatabase, _ id: UUID, to title: String) throws -> NotesDatabase {
        let old = try #require(database.notes[id]).title
        var result = database
        var edit = NoteEdit(noteID: id)
        edit.title = FieldChange(from: old, to: title)
        let links = DerivedEdits { RenameLinks.edits(renaming: id, from: old, to: title, in: $0) }
        try result.apply(try StoreEdit.resolve([.note(edit), .derived(links)], in: database, now: Date(timeIntervalSince1970: 9_000)).changes)
        return result
    }

    @Test func folderLinksAreRewrittenKeepingTheirFolderLabelHeadingAndStyle() throws {
        let old = Note(title: "Old")
        let hub = Note(title: "Hub", body: "[[Folder/Old]] [[Folder/Old|shown]] [[Folder/old.md#Part]] [x](Folder/Old.md) [[Old]]")
        let before = Self.database([old, hub], paths: [old.id: "Folder/Old.md", hub.id: "Hub.md"])
        let after = try Self.renamed(before, old.id, to: "New name")
        #expect(after.notes[hub.id]?.body
                == "[[Folder/New name]] [[Folder/New name|shown]] [[Folder/New name.md#Part]] [x](Folder/New%20name.md) [[New name]]")
    }

    @Test func linksByAliasOrByAFileNameThatIsNotTheTitleStay() throws {
        let note = Note(title: "Old", aliases: ["Other"])
        let hub = Note(title: "Hub", body: "[[Other]] [[Folder/2019-old]] [[Elsewhere/Old]]")
        let another = Note(title: "Old")
        let before = Self.database([note, hub, another],
                                   paths: [note.id: "Folder/2019-old.md", another.id: "Elsewhere/Old.md"])
        let after = try Self.renamed(before, note.id, to: "New")
        #expect(after.notes[hub.id]?.body == hub.body)
    }

    @Test func aTieSettledByTheLinkingNotesFolderIsRewrittenOnlyForItsNote() throws {
        let here = Note(title: "Plans"), there = Note(title: "Plans")
        let hub = Note(title: "Hub", body: "[[Plans]] and [[B/Plans]]")
        let paths = [here.id: "A/Plans.md", there.id: "B/Plans.md", hub.id: "A/Hub.md"]
        let first = try Self.renamed(Self.database([here, there, hub], paths: paths), here.id, to: "Here")
        #expect(first.notes[hub.id]?.body == "[[Here]] and [[B/Plans]]")
        let second = try Self.renamed(Self.database([here, there, hub], paths: paths), there.id, to: "There")
        #expect(second.notes[hub.id]?.body == "[[Plans]] and [[B/There]]")
    }

    /// Random stores of a few notes in two folders and two categories, linking each other in
    /// every form: after renaming one note to a new title, each link that led to it still
    /// does, and every other link, and every byte outside links, is as it was.
    @Test(arguments: 0..<300) func everyLinkThatLedToTheNoteStillDoesAndNoOtherChanges(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let (database, ids) = Self.randomStore(&random)
        let target = ids[Int(random.next() % UInt64(ids.count))]
        let after = try Self.renamed(database, target, to: "Renamed \(seed)")
        let graphBefore = LinkGraph(database: database), graphAfter = LinkGraph(database: after)
        for id in ids where id != target {
            let (old, new) = (try #require(database.notes[id]), try #require(after.notes[id]))
            let (linksBefore, linksAfter) = (graphBefore.links(from: id), graphAfter.links(from: id))
            try #require(linksBefore.count == linksAfter.count, "seed \(seed)")
            var unchanged = Array(old.body.utf8), rewritten = Array(new.body.utf8)
            for (was, now) in zip(linksBefore, linksAfter).reversed() {
                let led = graphBefore.resolve(was.target, from: old) { database.notes[$0] } == .note(target)
                if led {
                    #expect(graphAfter.resolve(now.target, from: new) { after.notes[$0] } == .note(target),
                            "seed \(seed): \(was.target) in \(old.body)")
                } else {
                    #expect(Array(old.body.utf8)[was.range] == Array(new.body.utf8)[now.range], "seed \(seed)")
                }
                unchanged.removeSubrange(was.range)
                rewritten.removeSubrange(now.range)
            }
            #expect(unchanged == rewritten, "seed \(seed): only links change")
        }
    }

    private static func randomStore(_ random: inout SplitMix) -> (NotesDatabase, [UUID]) {
        let titles = ["Old", "old", "Plans", "Café", "Other"], folders = ["A", "B"]
        let categories = [Category(name: "Work"), Category(name: "Home")]
        var notes: [Note] = [], paths: [UUID: String] = [:]
        for index in 0..<6 {
            let title = titles[Int(random.next() % UInt64(titles.count))]
            let aliases = random.next() % 4 == 0 ? [titles[Int(random.next() % UInt64(titles.count))]] : []
            let category = random.next() % 3 == 0 ? nil : categories[Int(random.next() % 2)].id
            var note = Note(title: title, created: Date(timeIntervalSince1970: Double(index) * 60),
                            categoryID: category, aliases: aliases)
            if random.next() % 4 != 0 {
                let stem = random.next() % 5 == 0 ? "file-\(index)" : title
                paths[note.id] = "\(folders[Int(random.next() % 2)])/\(stem).md"
            }
            note.body = (0..<4).map { _ in randomLink(&random, titles: titles + ["file-1", "file-2"], folders: folders) }
                .joined(separator: " text ")
            notes.append(note)
        }
        return (database(notes, paths: paths, categories: categories), notes.map(\.id))
    }

    private static func randomLink(_ random: inout SplitMix, titles: [String], folders: [String]) -> String {
        let title = titles[Int(random.next() % UInt64(titles.count))], folder = folders[Int(random.next() % 2)]
        switch random.next() % 7 {
        case 0: return "[[\(title)]]"
        case 1: return "[[\(folder)/\(title)]]"
        case 2: return "[[\(folder)/\(title)|shown]]"
        case 3: return "[[\(title)#Part]]"
        case 4: return "[x](\(folder)/\(LinkPercent.encode(title)).md)"
        case 5: return "[[\(folder)/\(title).md]]"
        default: return "[y](\(LinkPercent.encode(title)).md#Part)"
        }
    }
}

/// A small seeded generator (SplitMix64): the same seed gives the same store.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1334_11EB
        return z ^ (z >> 31)
    }
}
