import Foundation

extension ExchangeBundle {
    /// Adds `other`'s categories (matched by name, case-insensitively; a stated id wins over
    /// one made up from a name) and its notes, their categories mapped to this bundle's
    /// ids: how an import gathers what each file holds.
    mutating func merge(_ other: ExchangeBundle) {
        var mapped: [UUID: UUID] = [:]
        for category in other.categories {
            let stated = other.madeUpCategoryIDs.contains(category.id) ? nil : category.id
            mapped[category.id] = categoryID(named: category.name, color: category.color, id: stated)
        }
        for var note in other.notes {
            note.categoryID = note.categoryID.flatMap { mapped[$0] }
            notes.append(note)
        }
    }
}
