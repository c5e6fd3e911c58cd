import Foundation
import NotesLinks
import NotesModel

/// The folded search text of every note (`SearchableNote`: title, body and each tag
/// behind separator bytes), notes ended by `\0`, so that no query (folded text holds no
/// byte below 0x20) matches across two fields or two notes. The category name is not in
/// it: the index matches a query against the categories' names apart (`CategoryCodes`),
/// so that renaming a category changes no note's text.
///
/// Notes are kept by slot (see `NoteIndex`): slot `i` is
/// `bytes[starts[i]..<starts[i + 1] - 1]`. A changed note gets a new slot at the end
/// and its old slot is retired: its bytes stay (searches skip them) until the index
/// is rebuilt, so that a change costs the length of one note, not of all.
struct SearchText: Sendable {
    private(set) var bytes: [UInt8]
    private(set) var starts: [Int]
    /// How often each byte value occurs in the notes not retired: a search looks for
    /// the query's rarest byte.
    private(set) var frequency: [Int]
    /// Bytes of retired slots.
    private(set) var retiredBytes = 0
    /// Where the folded body of each slot with a long one (`longBodyBytes` and more) is,
    /// retired slots included (their bytes stay): renaming, tagging or moving a 200 MB
    /// note copies its folded body instead of folding the 200 MB again.
    private(set) var longBodies: [Int: Range<Int>] = [:]
    static let longBodyBytes = 64 * 1024
    /// A body at least this long is not added in place (see `NoteIndex.putsHugeBody`).
    static let foldInBackgroundBytes = 16 << 20
    /// Which byte pairs each block of slots holds: searches pass over the blocks that cannot match.
    private(set) var pairBlocks = BytePairBlocks()
    /// How many folded bodies were copied instead of folded (what the tests count).
    private(set) var reusedBodies = 0
    /// The link index of the notes not retired (decision 0060), kept with their text.
    private(set) var links = LinkGraph()
    /// The title hash each slot's note has in `links` (what retiring it takes out).
    private var titleHashes: [UInt64] = []
    /// Per slot, what quick open knows of its folded title without reading it (`TitleSummary`),
    /// a field per array.
    private(set) var titleSummaries = TitleSummaryColumns()
    /// Per slot, its folded title again, the titles one after the other: what quick open scores.
    private(set) var titles = QuickOpenTitles()
    /// How many live notes carry each tag (the tags screen's counts).
    private(set) var tags = TagTally()
    /// Per slot whose note has names besides its title (`QuickOpenNames`), those names folded.
    private(set) var otherNames: [Int: [[UInt8]]] = [:]

    /// The text of the notes with `ids`, one slot each, in that order; the wiki links of the
    /// notes `labelFirst` (imported from Dendron) are read `[[label|target]]`.
    init(notes: [UUID: Note], ids: [UUID], labelFirst: Set<UUID> = []) {
        self.init(ids: ids, estimate: Self.estimate(notes.values), labelFirst: labelFirst) { range, add in
            for id in ids[range] { add(notes[id]) }
            return true
        }
    }

    /// The text of `ids` read from `loan` a slice at a time (see `NotesLoan`); ends the loan.
    /// Empty when the loan ended before (nobody wants the text). The loan is held only to
    /// copy a slice's notes out; they are folded after, so that a commit never waits for folding.
    init(loan: NotesLoan, ids: [UUID], labelFirst: Set<UUID> = []) {
        defer { loan.end() }
        var estimate = 0
        for start in stride(from: 0, to: ids.count, by: Self.sliceCount) {
            let range = start..<min(start + Self.sliceCount, ids.count)
            guard let part = loan.read({ notes in Self.estimate(ids[range].lazy.compactMap { notes[$0] }) }) else {
                self.init(notes: [:], ids: [])
                return
            }
            estimate += part
        }
        self.init(ids: ids, estimate: estimate, labelFirst: labelFirst) { range, add in
            guard let slice = loan.read({ notes in ids[range].map { notes[$0] } }) else { return false }
            for note in slice { add(note) }
            return true
        }
        if slotCount != ids.count { self = SearchText(notes: [:], ids: []) }
    }

    /// About the bytes the text of `notes` takes.
    private static func estimate(_ notes: some Sequence<Note>) -> Int {
        notes.reduce(0) { total, note in total + note.title.utf8.count + note.bodyUTF8CountBound + 48 }
    }

    /// The notes that ask for slices of `ids` are read through `read`, which calls `add`
    /// with each note of the slice (nil for one not there) and says whether it could.
    private init(ids: [UUID], estimate: Int, labelFirst: Set<UUID>,
                 read: (Range<Int>, (Note?) -> Void) -> Bool) {
        var bytes: [UInt8] = []
        // Room for some edits: capacity never written is not resident memory.
        bytes.reserveCapacity(estimate + estimate / 8 + 65_536)
        var starts: [Int] = []
        starts.reserveCapacity(ids.count + 1)
        var folder = SearchFolder()
        var longBodies: [Int: Range<Int>] = [:]
        var links = LinkGraph(notes: [Note](), labelFirst: labelFirst)
        var titleHashes: [UInt64] = []
        titleHashes.reserveCapacity(ids.count)
        var titleSummaries = TitleSummaryColumns()
        titleSummaries.reserveCapacity(ids.count)
        var otherNames: [Int: [[UInt8]]] = [:]
        var tags = TagTally()
        var slice = 0
        while slice < ids.count {
            let range = slice..<min(slice + Self.sliceCount, ids.count)
            let complete = read(range) { note in
                let start = bytes.count
                starts.append(start)
                tags.appendSlot(tags: note?.tags)
                if let note {
                    let body = SearchableNote.append(note, categoryName: nil, to: &bytes, folder: &folder)
                    if body.count >= Self.longBodyBytes { longBodies[starts.count - 1] = body }
                    titleHashes.append(links.add(note))
                    let title = Self.summary(of: bytes, start..<(body.lowerBound - 1))
                    titleSummaries.append(Self.addOtherNames(of: note, slot: starts.count - 1, to: &otherNames, title))
                } else {
                    titleHashes.append(0)
                    titleSummaries.append(.empty)
                }
                bytes.append(0)
            }
            guard complete else { break }
            slice = range.upperBound
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
        self.longBodies = longBodies
        self.links = links
        self.titleHashes = titleHashes
        self.titleSummaries = titleSummaries
        titles = QuickOpenTitles(text: bytes, textStarts: starts, lengths: titleSummaries.lengths)
        self.otherNames = otherNames
        self.tags = tags
        self.frequency = Self.countBytes(bytes[...])
        let perBlock = BytePairBlocks.slotsPerBlock
        let slots = starts.count - 1
        for block in 0..<((slots + perBlock - 1) / perBlock) {
            pairBlocks.add(bytes[starts[block * perBlock]..<starts[min((block + 1) * perBlock, slots)]], block: block)
        }
    }

    /// How many notes a slice holds: what a commit may wait for while the text is built.
    private static let sliceCount = 2_048

    /// How many slots, retired ones included.
    var slotCount: Int { starts.count - 1 }

    /// Adds `note` in a new slot at the end. With `bodyOf`, a slot whose note had the very
    /// same long body, that folded body is copied, not folded again.
    mutating func append(_ note: Note, bodyOf oldSlot: Int? = nil) {
        let start = bytes.count
        var folder = SearchFolder()
        let reused = oldSlot.flatMap { longBodies[$0] }
        let body = SearchableNote.append(note, categoryName: nil, to: &bytes,
                                         folder: &folder, foldedBody: reused.map { range in { Self.copy(range, in: &$0) } })
        if body.count >= Self.longBodyBytes { longBodies[starts.count - 1] = body }
        if reused != nil { reusedBodies += 1 }
        titleHashes.append(links.add(note))
        let title = Self.summary(of: bytes, start..<(body.lowerBound - 1))
        titleSummaries.append(Self.addOtherNames(of: note, slot: starts.count - 1, to: &otherNames, title))
        titles.append(bytes[start..<(start + Int(title.length))])
        tags.appendSlot(tags: note.tags)
        bytes.append(0)
        starts.append(bytes.count)
        pairBlocks.add(bytes[start...], block: (slotCount - 1) / BytePairBlocks.slotsPerBlock)
        let added = Self.countBytes(bytes[start...])
        for value in 0..<256 { frequency[value] += added[value] }
    }

    /// Takes the note in `slot`, whose id is `id`, out of the frequencies and the link
    /// index; the caller no longer shows it.
    mutating func retire(slot: Int, id: UUID) {
        if slot < titleHashes.count { links.remove(id, titleHash: titleHashes[slot]) }
        tags.retire(slot: slot)
        let removed = Self.countBytes(bytes[starts[slot]..<starts[slot + 1]])
        for value in 0..<256 { frequency[value] -= removed[value] }
        retiredBytes += starts[slot + 1] - starts[slot]
    }

    /// Gives the link index the paths the notes were imported from (the store's import
    /// sources): a folder path (`[[Folder/Note]]`) and a tie between folders resolve as
    /// `notes links` and `doctor` resolve them.
    mutating func setImportPaths(_ paths: [UUID: String]) {
        links.importPaths = paths
    }

    /// Reads the wiki links of the notes `ids` (imported from Dendron) label first, and every
    /// other note's target first; the notes that change sides are found by `lookup`.
    mutating func setLabelFirst(_ ids: Set<UUID>, lookup: LinkGraph.NoteLookup) {
        if ids != links.labelFirst { links.setLabelFirst(ids, lookup: lookup) }
    }

    /// The summary of the folded title at `range` of `bytes`.
    private static func summary(of bytes: [UInt8], _ range: Range<Int>) -> TitleSummary {
        bytes.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return .empty }
            return TitleSummary(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
        }
    }

    /// Keeps the names of `note` besides its title (`QuickOpenNames`), folded, for `slot`;
    /// the summary of its title (`summary`) with theirs added, the slot's summary.
    private static func addOtherNames(of note: Note, slot: Int, to names: inout [Int: [[UInt8]]],
                                      _ summary: TitleSummary) -> TitleSummary {
        let others = QuickOpenNames.of(note).dropFirst()
        guard !others.isEmpty else { return summary }
        var merged = summary
        var folded: [[UInt8]] = []
        for name in others {
            let bytes = SearchFolding.fold(name)
            merged = merged.merged(with: TitleSummary(of: bytes))
            folded.append(bytes)
        }
        names[slot] = folded
        return merged
    }

    /// Appends a copy of `bytes[range]` to `bytes` (room first, then one copy inside
    /// the buffer: appending a slice of the array to itself would copy the whole array).
    private static func copy(_ range: Range<Int>, in bytes: inout [UInt8]) {
        let target = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: range.count))
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            (base + target).update(from: base + range.lowerBound, count: range.count)
        }
    }

    /// The offset in `needle` of its least frequent byte.
    func rarestOffset(in needle: [UInt8]) -> Int {
        var best = 0
        for offset in needle.indices where frequency[Int(needle[offset])] < frequency[Int(needle[best])] {
            best = offset
        }
        return best
    }

    private static func countBytes(_ bytes: ArraySlice<UInt8>) -> [Int] {
        var counts = [Int](repeating: 0, count: 256)
        counts.withUnsafeMutableBufferPointer { table in
            bytes.withUnsafeBufferPointer { all in
                for byte in all { table[Int(byte)] += 1 }
            }
        }
        return counts
    }
}
