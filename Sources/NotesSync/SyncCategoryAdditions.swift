import Foundation

/// The one change to `categories.json` a sync takes in or sends without every note:
/// categories added, every other category as it was. A note's file holds its category's
/// name and color, so renaming, recoloring or deleting a category changes the files of
/// its notes without naming them (the sync then needs every note); adding one changes no
/// note's file.
enum SyncCategoryAdditions {
    /// The categories of `next` that `known` does not hold, by id, when every category of
    /// `known` is in `next` exactly as it was (the same `categories.json` entry); nil when
    /// one was changed or removed.
    static func added(to known: [UUID: SyncCategory], in next: [UUID: SyncCategory]) -> [SyncCategory]? {
        guard known.keys.allSatisfy({ next[$0] != nil }) else { return nil }
        let kept = next.filter { known[$0.key] != nil }
        guard SyncFiles.categoriesData(kept) == SyncFiles.categoriesData(known) else { return nil }
        return next.values.filter { known[$0.category.id] == nil }
            .sorted { $0.category.id.uuidString < $1.category.id.uuidString }
    }
}
