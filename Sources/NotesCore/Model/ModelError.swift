/// A change or a value that breaks a rule of the model.
public enum ModelError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyTitle
    case emptyCategoryName
    case duplicateCategoryName(String)
    case noSuchNote(String)
    case notInTrash(String)
    case noSuchCategory(String)
    case attachmentOutsideStore(String)
    case invalidHexColor(String)
    case invalidColorComponent(String)
    /// A date the store cannot keep (see `Note.isStorable`).
    case dateOutOfRange(String)
    /// One more category than `Category.maximumCount`.
    case tooManyCategories(Int)

    public var description: String {
        switch self {
        case .emptyTitle: "a note needs a title"
        case .emptyCategoryName: "a category needs a name"
        case .duplicateCategoryName(let name): "a category named '\(name)' already exists"
        case .noSuchNote(let id): "no note with id '\(id)'"
        case .notInTrash(let id): "no note with id '\(id)' in the trash"
        case .noSuchCategory(let name): "no category named '\(name)'"
        case .attachmentOutsideStore(let path): "attachment '\(path)' is outside the store's folder"
        case .invalidHexColor(let text): "'\(text)' is not a hex color: use \(SerializableColor.hexForms) ('#' optional)"
        case .invalidColorComponent(let detail): "invalid color component: \(detail)"
        case .dateOutOfRange(let detail): detail
        case .tooManyCategories(let limit): "a store keeps at most \(limit) categories (deleted ones included); nothing was changed"
        }
    }
}
