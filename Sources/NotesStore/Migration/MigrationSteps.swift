import Foundation
import NotesJSON
import NotesColor

/// The ordered migration steps. Documented in docs/store-format.md.
public enum MigrationSteps {
    public static let all: [MigrationStep] = [addCategoryColorAsHex, archiveCategoryColors, addTrash, keepBodiesInJournal, addImportSources,
                                                  dropImportSources, addPins, addAliases, addImportTools]

    /// v1 → v2: categories gain `colorAsHex`, white `FFFFFF`; the store gains an empty `recentColors` list.
    static let addCategoryColorAsHex = MigrationStep(name: "v1-to-v2: add category colorAsHex", from: 1) {
        (document: JSONValue, _: StoreTransformers) throws(MigrationError) -> JSONValue in
        let step = "v1-to-v2: add category colorAsHex"
        let categories = try categoryList(document, step: step).map { $0.setting("colorAsHex", to: .string("FFFFFF")) }
        return document.setting("categories", to: .array(categories)).setting("recentColors", to: .array([]))
    }

    /// v2 → v3: `colorAsHex` becomes `color`, the base64 secure archive of a
    /// `SerializableColor` (missing, empty or unreadable hex → white); `recentColors`
    /// hex strings become base64, 3 bytes a color; the store gains `modelVersionHashes` and `sequence`.
    static let archiveCategoryColors = MigrationStep(name: "v2-to-v3: archive category colors", from: 2) {
        (document: JSONValue, transformers: StoreTransformers) throws(MigrationError) -> JSONValue in
        let step = "v2-to-v3: archive category colors"
        var categories: [JSONValue] = []
        for category in try categoryList(document, step: step) {
            let hex = category["colorAsHex"]?.stringValue ?? ""
            let color = (try? transformers.color(hex: hex)) ?? SerializableColor.white
            let archive: Data
            do { archive = try transformers.archive(color) } catch {
                throw MigrationError(step: step, reason: "cannot archive color \(hex): \(error)")
            }
            categories.append(category.removing("colorAsHex").setting("color", to: .string(archive.base64EncodedString())))
        }
        var recent: [RGB8] = []
        for item in document["recentColors"]?.arrayValue ?? [] {
            if let hex = item.stringValue, let color = try? transformers.color(hex: hex) { recent.append(color.rgb8) }
        }
        let packed: Data
        do { packed = try transformers.packColors(recent) } catch {
            throw MigrationError(step: step, reason: "cannot pack recent colors: \(error)")
        }
        let hashes = JSONValue.object(StoreSchema.modelVersionHashes.map { ($0.0, .string($0.1)) })
        return document
            .setting("categories", to: .array(categories))
            .setting("recentColors", to: .string(packed.base64EncodedString()))
            .setting("modelVersionHashes", to: hashes)
            .setting("sequence", to: .integer(0))
    }

    /// v3 → v4: notes and categories gain `deleted` (`null`: live; a date: in the trash,
    /// or a deleted category kept for it); the model version hashes change with them.
    /// A format-3 journal is folded in by the store right after (see `NotesStore.migrate`).
    static let addTrash = MigrationStep(name: "v3-to-v4: add the trash", from: 3) {
        (document: JSONValue, _: StoreTransformers) throws(MigrationError) -> JSONValue in
        let step = "v3-to-v4: add the trash"
        let categories = try categoryList(document, step: step).map { $0.setting("deleted", to: .null) }
        guard let notes = document["notes"]?.arrayValue else {
            throw MigrationError(step: step, reason: "the store has no \"notes\" array")
        }
        var migratedNotes: [JSONValue] = []
        migratedNotes.reserveCapacity(notes.count)
        for (index, note) in notes.enumerated() {
            guard case .object = note else { throw MigrationError(step: step, reason: "notes[\(index)] is not an object") }
            migratedNotes.append(note.setting("deleted", to: .null))
        }
        let hashes = JSONValue.object(StoreSchema.modelVersionHashes.map { ($0.0, .string($0.1)) })
        return document
            .setting("categories", to: .array(categories))
            .setting("notes", to: .array(migratedNotes))
            .setting("modelVersionHashes", to: hashes)
    }

    /// v4 → v5: the snapshot is unchanged; from format 5 on, a journal line may leave out
    /// the body of a note whose body did not change (see `JournalEntry.keptBodies`), which
    /// a format-4 program could not read, so the version changes. The format-4 journal is
    /// folded in by the store right after (see `NotesStore.migrate`).
    static let keepBodiesInJournal = MigrationStep.versionOnly("v4-to-v5: journal lines may keep a note's body", from: 4)

    /// v5 → v6: the snapshot may hold an `imports` array and a journal line a
    /// `putImportSource` change (where imported notes came from, see `ImportSource`), which
    /// a format-5 program could not read. A format-5 snapshot has none and is read as it is;
    /// its journal is folded in by the store right after (see `NotesStore.migrate`).
    static let addImportSources = MigrationStep.versionOnly("v5-to-v6: the store may keep where imported notes came from", from: 5)

    /// v6 → v7: the snapshot is unchanged; a journal line may hold a `dropImportSource`
    /// change (a re-import that follows a renamed file moves its record), which a format-6
    /// program would take for a torn last line and move aside. The version changes so that
    /// such a program refuses the store instead.
    static let dropImportSources = MigrationStep.versionOnly("v6-to-v7: a journal line may drop an import record", from: 6)

    /// v7 → v8: a note may hold `pinned: true` (written only when set; absent means not
    /// pinned), which a format-7 program would refuse as an unknown member. A format-7
    /// snapshot has no pinned note and is read as it is; its journal is folded in by the
    /// store right after (see `NotesStore.migrate`).
    static let addPins = MigrationStep.versionOnly("v7-to-v8: a note may be pinned", from: 7)

    /// v8 → v9: a note may hold `aliases` (a list of strings, written only when there are
    /// some), which a format-8 program would refuse as an unknown member. A format-8
    /// snapshot has no aliases and is read as it is; its journal is folded in by the store
    /// right after (see `NotesStore.migrate`).
    static let addAliases = MigrationStep.versionOnly("v8-to-v9: a note may have aliases", from: 8)

    /// v9 → v10: an import record may hold `tool` (the tool whose vault the file was read
    /// from, which decides how its note's wiki links are read), which a format-9 program
    /// would refuse as an unknown member. A format-9 store has none (its notes' links are
    /// read as before) and is read as it is; its journal is folded in by the store right
    /// after (see `NotesStore.migrate`).
    static let addImportTools = MigrationStep.versionOnly("v9-to-v10: an import record may name its tool", from: 9)

    private static func categoryList(_ document: JSONValue, step: String) throws(MigrationError) -> [JSONValue] {
        guard let categories = document["categories"]?.arrayValue else {
            throw MigrationError(step: step, reason: "the store has no \"categories\" array")
        }
        for (index, category) in categories.enumerated() {
            guard case .object = category else { throw MigrationError(step: step, reason: "categories[\(index)] is not an object") }
        }
        return categories
    }
}
