import Foundation
import NotesBase
import NotesModel

/// What one side of a sync holds, keyed by id: every note (live, or in the trash with its
/// `deleted` date) and every category (live or deleted) with when it last changed.
/// The base, the local and the remote side of a merge are each one of these.
public struct SyncSnapshot: Equatable, Sendable {
    public var notes: [UUID: Note]
    public var categories: [UUID: SyncCategory]

    public init(notes: [UUID: Note] = [:], categories: [UUID: SyncCategory] = [:]) {
        self.notes = notes
        self.categories = categories
    }

    /// Everything in `database`. A category keeps the `changed` date `previous` gives it
    /// when it is the same there; otherwise it changed now (the store keeps no such date).
    public init(_ database: NotesDatabase, previous: SyncSnapshot? = nil, now: Date = Date()) {
        var notes: [UUID: Note] = [:]
        notes.reserveCapacity(database.notes.count + database.trash.count)
        for (id, note) in database.notes { notes[id] = note }
        for (id, note) in database.trash { notes[id] = note }
        var categories: [UUID: SyncCategory] = [:]
        for category in Array(database.categories.values) + Array(database.deletedCategories.values) {
            if let known = previous?.categories[category.id], known.category == category {
                categories[category.id] = known
            } else if let known = previous?.categories[category.id], known.category.color == category.color {
                var changed = SyncCategory(category, changed: ISODate.rounded(now))
                changed.archive = known.archive
                changed.archiveProblem = known.archiveProblem
                categories[category.id] = changed
            } else {
                categories[category.id] = SyncCategory(category, changed: ISODate.rounded(now))
            }
        }
        self.init(notes: notes, categories: categories)
    }
}

extension SyncSnapshot {
    /// Adds a note read from a tree. A tree that holds one id twice (`notes/ID.md` and
    /// `trash/ID.md`, which only a hand-made commit does) is resolved as a merge of the
    /// two, the same way whatever the order: the live version stays (an edit beats a
    /// delete) and the trash keeps the other as a conflict copy unless they differ only
    /// in their dates.
    /// Returns whether the id was there already (a tree holding it twice).
    @discardableResult
    mutating func add(_ note: Note) -> Bool {
        guard let other = notes[note.id] else {
            notes[note.id] = note
            return false
        }
        let (kept, copy) = SyncMerge.mergeBothChanged(other, note)
        notes[note.id] = kept
        if let copy { notes[copy.id] = copy }
        return true
    }
}

/// A category as sync keeps it: the category and when its name, color or deletion last
/// changed, so that the later of two changes wins.
public struct SyncCategory: Equatable, Sendable {
    public var category: Category
    public var changed: Date
    /// The color's secure archive as read from the repository, written back as it was while
    /// the color stays the same (archiving is not byte-for-byte repeatable).
    var archive: Data?
    /// Why `archive` could not be read (the color then came from the hex text, or is white).
    var archiveProblem: String?

    public init(_ category: Category, changed: Date) {
        self.category = category
        self.changed = changed
    }
}
