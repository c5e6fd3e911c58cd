import Foundation
import NotesTestSupport
import NotesColor
import NotesModel

/// Chooses the next commit from the store's current contents and a seeded
/// generator: add, edit, trash, restore or delete notes, empty its part of the
/// trash, add, recolor, rename, delete or trash categories, several changes at
/// once, recent colors. It only touches what its
/// owner made (notes tagged `owner-<owner>`, categories named `<owner>-…`), so
/// two stress processes on one store never edit each other's things.
struct EditPicker {
    let owner: String
    var random: SeededRandom
    /// Whether this process may set the store-wide recent colors (only when alone).
    let mayTouchSharedState: Bool
    /// Part of every new name, so that runs with different seeds never pick the same category name.
    let run: String
    private var counter = 0

    init(owner: String, seed: UInt64, mayTouchSharedState: Bool) {
        self.owner = owner
        random = SeededRandom(seed: seed)
        self.mayTouchSharedState = mayTouchSharedState
        run = String(seed, radix: 36)
    }

    var ownerTag: String { "owner-\(owner)" }

    mutating func next(_ database: NotesDatabase) -> [StoreChange] {
        counter += 1
        let notes = database.notes.values.filter { $0.tags.contains(ownerTag) }.sorted { $0.id.uuidString < $1.id.uuidString }
        let categories = database.categories.values.filter { $0.name.hasPrefix(owner + "-") }
            .sorted { $0.id.uuidString < $1.id.uuidString }
        let trashed = database.trash.values.filter { $0.tags.contains(ownerTag) }.sorted { $0.id.uuidString < $1.id.uuidString }
        let roll = random.int(0...99)
        if trashed.count > 12 || (roll >= 97 && !trashed.isEmpty) {
            return trashed.map { .deleteNote($0.id) }  // what `notes trash empty` commits, for this owner's notes
        }
        if roll >= 93, !trashed.isEmpty {
            return [.restoreNote(random.pick(trashed).id)]
        }
        if notes.count > 40 || (roll < 12 && !notes.isEmpty) {
            let id = random.pick(notes).id
            return random.chance(0.25) ? [.deleteNote(id)] : [.trashNote(id, at: now())]
        }
        switch roll {
        case 12..<40:
            return [.putNote(newNote(categories))]
        case 40..<65 where !notes.isEmpty:
            return [.putNote(edited(random.pick(notes), categories))]
        case 65..<75 where !categories.isEmpty:
            var category = random.pick(categories)
            category.color = color()
            return [.putCategory(category)]
        case 75..<80 where !categories.isEmpty:
            var category = random.pick(categories)
            category.name = "\(owner)-renamed \(run).\(counter)"
            return [.putCategory(category)]
        case 80..<84 where categories.count > 3:
            let id = random.pick(categories).id
            return random.chance(0.5) ? [.deleteCategory(id)] : [.trashCategory(id, at: now())]
        case 84..<92:
            var changes: [StoreChange] = [.putNote(newNote(categories)), .putNote(newNote(categories))]
            if let note = notes.first { changes.append(.putNote(edited(note, categories))) }
            return changes
        case 92..<96 where mayTouchSharedState:
            return [.setRecentColors((0..<random.int(0...16)).map { _ in color().rgb8 })]
        default:
            guard categories.count < 8 else { return [.putNote(newNote(categories))] }
            return [.putCategory(Category(id: uuid(), name: "\(owner)-cat \(run).\(counter) ✦", color: color()))]
        }
    }

    /// A deletion date that only moves forward.
    private func now() -> Date {
        Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(counter) / 4)
    }

    private mutating func newNote(_ categories: [Category]) -> Note {
        let created = Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(random.int(0...4_000_000)) / 4)
        var tags: Set<String> = [ownerTag]
        if random.chance(0.5) { tags.insert(random.pick(["work", "home", "ideas", "été", "日本"])) }
        let attachments = random.chance(0.2) ? [(try? AttachmentPath("files/\(owner)-\(counter).txt"))].compactMap { $0 } : []
        return Note(id: uuid(), title: text(words: random.int(1...6)), body: body(), created: created,
                    updated: created, categoryID: categories.isEmpty || random.chance(0.4) ? nil : random.pick(categories).id,
                    tags: tags, kind: NoteKind.allCases[random.int(0...3)], attachments: attachments)
    }

    private mutating func edited(_ note: Note, _ categories: [Category]) -> Note {
        var note = note
        switch random.int(0...3) {
        case 0: note.title = text(words: random.int(1...6))
        case 1: note.body = body()
        case 2: note.categoryID = categories.isEmpty ? nil : random.pick(categories).id
        default:
            note.title = text(words: random.int(1...3))
            note.body += "\n" + text(words: random.int(1...10))
        }
        note.updated = note.updated.addingTimeInterval(Double(random.int(1...1000)) / 8)
        return note
    }

    private mutating func body() -> String {
        (0..<random.int(0...5)).map { _ in text(words: random.int(0...14)) }.joined(separator: "\n")
    }

    private mutating func text(words: Int) -> String {
        let vocabulary = ["milk", "store", "journal", "\"quoted\"", "back\\slash", "tab\there", "café", "naïve",
                          "日本語", "🙂", "emoji👍🏽", "\u{1}ctl", "{json}", "[1,2]", "line", "kill -9", "ünïcödé"]
        let picked = (0..<max(words, 1)).map { _ in random.pick(vocabulary) }.joined(separator: " ")
        return "\(owner) \(counter) \(picked)"
    }

    private mutating func color() -> SerializableColor {
        let value = random.next()
        let digits = String(format: "%06X", Int(value & 0xFF_FFFF))
        let alpha = random.chance(0.2) ? String(format: "%02X", Int((value >> 24) & 0xFF)) : ""
        return (try? SerializableColor(hex: digits + alpha)) ?? .white
    }

    private mutating func uuid() -> UUID {
        let high = random.next()
        let low = random.next()
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (8 * index))
        }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
