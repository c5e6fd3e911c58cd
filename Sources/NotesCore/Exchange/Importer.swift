import Foundation

/// Merges an `ExchangeBundle` into a database, as the changes of one commit.
///
/// - A note whose id is already in the store is skipped (never replaced), so
///   importing the same export twice changes nothing the second time.
/// - A category is matched by name, case-insensitively; a matched category keeps
///   its color. A new category keeps its id unless the store already uses it.
/// - Tags are normalized as everywhere else.
public enum Importer {
    /// The changes to commit and the counts to report.
    public struct Plan: Equatable, Sendable, CustomStringConvertible {
        public var changes: [StoreChange] = []
        /// The notes that would be added, in the bundle's order (when asked for: `listingAdded`).
        public var addedNotes: [Note] = []
        public var notesAdded = 0
        public var notesSkipped = 0
        public var categoriesAdded = 0

        public var description: String {
            var text = "imported \(notesAdded) \(notesAdded == 1 ? "note" : "notes")"
            if notesSkipped > 0 { text += ", skipped \(notesSkipped) already in the store" }
            if categoriesAdded > 0 {
                text += ", added \(categoriesAdded) \(categoriesAdded == 1 ? "category" : "categories")"
            }
            return text
        }
    }

    /// The plan of importing `bundle`. `listingAdded: false` leaves `addedNotes` empty: for
    /// a million notes, that copy costs as much memory as the notes' own fields.
    public static func plan(_ bundle: ExchangeBundle, into database: NotesDatabase, listingAdded: Bool = true) -> Plan {
        var plan = Plan()
        var categoryMap: [UUID: UUID] = [:]
        var addedByName: [String: UUID] = [:]
        var usedCategoryIDs = Set(database.categories.keys).union(database.deletedCategories.keys)
        var existingByName: [String: UUID] = [:]
        for category in database.categories.values { existingByName[Category.nameKey(category.name)] = category.id }
        for category in bundle.categories {
            let key = Category.nameKey(category.name)
            if let existing = existingByName[key] {
                categoryMap[category.id] = existing
            } else if let added = addedByName[key] {
                categoryMap[category.id] = added
            } else {
                var added = category
                if usedCategoryIDs.contains(added.id) { added.id = UUID() }
                usedCategoryIDs.insert(added.id)
                addedByName[key] = added.id
                categoryMap[category.id] = added.id
                plan.changes.append(.putCategory(added))
                plan.categoriesAdded += 1
            }
        }
        var seenNotes = Set<UUID>(minimumCapacity: bundle.notes.count)
        plan.changes.reserveCapacity(plan.changes.count + bundle.notes.count)
        for note in bundle.notes {
            guard database.anyNote(note.id) == nil, seenNotes.insert(note.id).inserted else {
                plan.notesSkipped += 1
                continue
            }
            var imported = note
            imported.categoryID = note.categoryID.flatMap { categoryMap[$0] }
            imported.tags = Set(note.tags.compactMap(Tag.normalize))
            plan.changes.append(.putNote(imported))
            if listingAdded { plan.addedNotes.append(imported) }
            plan.notesAdded += 1
        }
        return plan
    }
}
