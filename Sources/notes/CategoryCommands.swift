import ArgumentParser
import Foundation
import NotesBase
import NotesColor
import NotesModel

/// `notes category add|list|color|rename|rm`
struct CategoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "category",
        abstract: "Manage categories: each has a unique name (case-insensitive) and a color.",
        subcommands: [AddCategory.self, ListCategories.self, ColorCategory.self, RenameCategory.self, RemoveCategory.self]
    )
}

/// A hex color argument: `RRGGBB`, `RRGGBBAA` or `RGB`, `#` optional, read by the one hex
/// reader (`SerializableColor(hex:)`), whose error says what to type, as the picker does.
struct HexColor {
    let color: SerializableColor

    init(parsing text: String) throws {
        do { color = try SerializableColor(hex: text) } catch { throw ValidationError(error.description) }
    }
}

struct AddCategory: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a category (default color: white, #FFFFFF).")

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The category's name.")
    var name: String

    @Option(help: ArgumentHelp("Its color: RRGGBB, RRGGBBAA or RGB, '#' optional.", valueName: "hex"),
            transform: HexColor.init(parsing:))
    var color: HexColor?

    func run() throws {
        let store = try storeOptions.open()
        let category = Category(name: name.trimmingCharacters(in: .whitespacesAndNewlines), color: color?.color ?? .white)
        try store.commit(.putCategory(category))
        Console.out("added category \(category.name) (\(category.color.hex))")
    }
}

struct ListCategories: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List categories with their colors and note counts.", aliases: ["ls"])

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print JSON (a stable format) instead of text.")
    var json = false

    func run() throws {
        var store = try storeOptions.open(touching: [])
        // nil only when the journal emptied a category that is live again: count on the whole store.
        if store.liveNoteCounts() == nil { store = try storeOptions.open() }
        let counts = store.liveNoteCounts() ?? [:]
        if json {
            Console.out(JSONOutput.categories(in: store.contents, counts: counts).serialized())
        } else {
            for line in PlainOutput().categoryLines(in: store.contents, counts: counts) { Console.out(line) }
        }
    }
}

struct ColorCategory: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "color", abstract: "Set a category's color.")

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The category's name.", completion: StoreCompletion.categories)
    var name: String

    @Argument(help: ArgumentHelp("The new color: RRGGBB, RRGGBBAA or RGB, '#' optional.", valueName: "hex"),
              transform: HexColor.init(parsing:))
    var color: HexColor

    func run() throws {
        let store = try storeOptions.open()
        let category = try store.contents.requireCategory(name)
        // A field edit, resolved under the lock: a rename made elsewhere meanwhile stays.
        let edit = CategoryEdit(categoryID: category.id, color: FieldChange(from: category.color, to: color.color))
        let resolution = try store.commit([.category(edit)], now: Date())
        let name = store.contents.categories[category.id]?.name ?? category.name
        Console.out("\(name) is now \(color.color.hex)")
        if !resolution.replaced.isEmpty { Console.warning("the category changed meanwhile elsewhere: \(ReplacedValue.note(resolution.replaced))") }
    }
}

struct RenameCategory: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Rename a category; its notes and color stay.")

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The category's current name.", completion: StoreCompletion.categories)
    var name: String

    @Argument(help: "Its new name.")
    var newName: String

    func run() throws {
        let store = try storeOptions.open()
        let category = try store.contents.requireCategory(name)
        let name = newName.trimmingCharacters(in: .whitespacesAndNewlines)
        // A field edit, resolved under the lock: a color set elsewhere meanwhile stays.
        let edit = CategoryEdit(categoryID: category.id, name: FieldChange(from: category.name, to: name))
        let resolution = try store.commit([.category(edit)], now: Date())
        Console.out("renamed category \(category.name) to \(name)")
        if !resolution.replaced.isEmpty { Console.warning("the category changed meanwhile elsewhere: \(ReplacedValue.note(resolution.replaced))") }
    }
}

struct RemoveCategory: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Delete a category; its notes stay, uncategorized.")

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The category's name.", completion: StoreCompletion.categories)
    var name: String

    func run() throws {
        let store = try storeOptions.open()
        let category = try store.contents.requireCategory(name)
        let count = store.contents.notes.values.filter { $0.categoryID == category.id }.count
        try store.commit(.trashCategory(category.id, at: ISODate.rounded(Date())))
        Console.out("deleted category \(category.name); \(count) \(count == 1 ? "note is" : "notes are") now uncategorized")
    }
}
