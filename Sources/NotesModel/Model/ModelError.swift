import NotesColor

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

    /// The same rule broken, as the model words it.
    public init(_ error: ColorError) {
        switch error {
        case .invalidHexColor(let text): self = .invalidHexColor(text)
        case .invalidColorComponent(let detail): self = .invalidColorComponent(detail)
        }
    }

    /// Runs `make`, wording a color error as the model's.
    public static func checkingColor<Value>(_ make: () throws(ColorError) -> Value) throws(ModelError) -> Value {
        do { return try make() } catch { throw ModelError(error) }
    }

    public var description: String {
        switch self {
        case .emptyTitle: "a note needs a title"
        case .emptyCategoryName: "a category needs a name"
        case .duplicateCategoryName(let name): "a category named '\(name)' already exists"
        case .noSuchNote(let id): "no note with id '\(id)'"
        case .notInTrash(let id): "no note with id '\(id)' in the trash"
        case .noSuchCategory(let name): "no category named '\(name)'"
        case .attachmentOutsideStore(let path): "attachment '\(path)' is outside the store's folder"
        case .invalidHexColor(let text): ColorError.invalidHexColor(text).description
        case .invalidColorComponent(let detail): ColorError.invalidColorComponent(detail).description
        case .dateOutOfRange(let detail): detail
        case .tooManyCategories(let limit): "a store keeps at most \(limit) categories (deleted ones included); nothing was changed"
        }
    }
}
