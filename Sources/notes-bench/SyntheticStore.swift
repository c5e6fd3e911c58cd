import Foundation
import NotesColor
import NotesModel

/// Builds the benchmark's deterministic database: 50 categories with varied
/// colors and `noteCount` notes with realistic titles, bodies, tags and dates.
struct SyntheticStore {
    let categories: [Category]
    let notes: [Note]

    /// 2019-01-01T00:00:00Z: notes are created over the six years after it.
    static let firstDate = Date(timeIntervalSince1970: 1_546_300_800)
    static let sixYears: Double = 6 * 365 * 86_400

    init(noteCount: Int, seed: UInt64 = 0x6E6F_7465_7321) throws {
        var random = SplitMix64(seed: seed)
        var categories: [Category] = []
        for (index, name) in TextCorpus.categoryNames.enumerated() {
            categories.append(Category(id: Self.uuid(&random), name: name,
                                       color: try Self.color(index: index, random: &random)))
        }
        var notes: [Note] = []
        notes.reserveCapacity(noteCount)
        for _ in 0..<noteCount {
            notes.append(Self.note(&random, categories: categories))
        }
        self.categories = categories
        self.notes = notes
    }

    /// Every category and note as changes, categories first.
    var changes: [StoreChange] {
        categories.map { StoreChange.putCategory($0) } + notes.map { StoreChange.putNote($0) }
    }

    /// A random version-4 UUID.
    static func uuid(_ random: inout SplitMix64) -> UUID {
        let high = random.next(), low = random.next()
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * UInt64(index)))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (8 * UInt64(index)))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// Hues spread by the golden angle; every fifth color in Display P3, every seventh translucent.
    static func color(index: Int, random: inout SplitMix64) throws -> SerializableColor {
        let hue = (Double(index) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1)
        let saturation = 0.35 + 0.6 * random.unit()
        let value = 0.45 + 0.55 * random.unit()
        let (red, green, blue) = hsvToRGB(hue: hue, saturation: saturation, value: value)
        let alpha: Float = index % 7 == 6 ? 0.5 + 0.5 * Float(random.unit()) : 1
        return try SerializableColor(colorSpace: index % 5 == 4 ? .displayP3 : .sRGB,
                                     red: Float(red), green: Float(green), blue: Float(blue), alpha: alpha)
    }

    static func hsvToRGB(hue: Double, saturation: Double, value: Double) -> (Double, Double, Double) {
        let sector = hue * 6
        let whole = Int(sector) % 6
        let fraction = sector - Double(Int(sector))
        let p = value * (1 - saturation)
        let q = value * (1 - saturation * fraction)
        let t = value * (1 - saturation * (1 - fraction))
        switch whole {
        case 0: return (value, t, p)
        case 1: return (q, value, p)
        case 2: return (p, value, t)
        case 3: return (p, q, value)
        case 4: return (t, p, value)
        default: return (value, p, q)
        }
    }

    static func note(_ random: inout SplitMix64, categories: [Category]) -> Note {
        let id = uuid(&random)
        let created = firstDate.addingTimeInterval(random.unit() * sixYears)
        let updated = random.chance(60) ? created : created.addingTimeInterval(random.unit() * 365 * 86_400)
        var categoryID: UUID?
        if random.chance(90), !categories.isEmpty {
            // Skewed: low indexes are much more popular, like real category use.
            let skewed = Int(Double(categories.count) * random.unit() * random.unit())
            categoryID = categories[min(skewed, categories.count - 1)].id
        }
        var tags: Set<String> = []
        for _ in 0..<random.within(0...4) { tags.insert(random.pick(TextCorpus.tags)) }
        var attachments: [AttachmentPath] = []
        // In the note's own folder, as the app keeps them, so that the store's own export imports.
        if random.chance(2), let path = try? AttachmentPath("attachments/\(id.uuidString)/\(random.below(1_000_000)).png") {
            attachments.append(path)
        }
        let kind = NoteKind(rawValue: random.below(NoteKind.allCases.count)) ?? .note
        var note = Note(id: id, title: TextCorpus.title(&random), body: TextCorpus.body(&random),
                        created: created, updated: updated, categoryID: categoryID, tags: tags,
                        kind: kind, attachments: attachments)
        TextCorpus.addTopicLink(to: &note)
        return note
    }
}

extension TextCorpus {
    /// How many topic titles there are (`Topic 0` …): notes link to them by title.
    static let topicCount = 200

    /// Makes some notes topics and links others to topics, from a generator of the note's
    /// own (seeded by its id), so that the notes' other values stay as they were: one note
    /// in 500 is titled `Topic k`, one in 10 gets a line `See [[Topic k]]`.
    static func addTopicLink(to note: inout Note) {
        var random = SplitMix64(seed: withUnsafeBytes(of: note.id.uuid) { $0.load(as: UInt64.self) })
        if random.below(500) == 0 { note.title = "Topic \(random.below(topicCount))" }
        if random.below(10) == 0 { note.body += "\nSee [[Topic \(random.below(topicCount))]]" }
    }
}
