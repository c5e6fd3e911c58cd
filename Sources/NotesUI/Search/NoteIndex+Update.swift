import NotesBase
import Foundation
import NotesLinks
import NotesModel

extension NoteIndex {
    /// Whether `changes` put a note with a body so long (`SearchText.foldInBackgroundBytes`)
    /// that adding its search text in place would hold the key up (folding or copying
    /// 200 MB, and growing the whole text's buffer): a new index then builds its search
    /// text on another core while the list is already drawn.
    static func putsHugeBody(_ changes: [StoreChange]) -> Bool {
        changes.contains { change in
            if case .putNote(let note) = change { return note.bodyUTF8CountBound >= SearchText.foldInBackgroundBytes }
            return false
        }
    }

    /// Whether so much of the search text belongs to retired slots that rebuilding
    /// the index is better than changing it again.
    var isWorthRebuilding: Bool {
        guard searchText.isReady else { return false }
        let text = searchText.text
        return text.retiredBytes > max(text.bytes.count / 4, 1 << 20)
    }

    /// Takes in `database`, which is this index's database with `changes` applied. The
    /// result equals a new `NoteIndex(database:)` in everything it shows: order, notes,
    /// counts and search results. `previous` holds the notes the puts replace: one whose
    /// long body is unchanged keeps its folded body. A category change touches the small
    /// category table and, for a category that went, the category codes of its notes
    /// (`takeInCategories`); no note's search text holds a category name.
    mutating func apply(_ changes: [StoreChange], resulting database: NotesDatabase, replacing previous: [UUID: Note] = [:]) {
        notes = database.notes
        notesLoan?.lend(notes)
        if changes.contains(where: \.changesCategories) { takeInCategories(database.categories) }
        var touched: [UUID] = []
        for change in changes {
            switch change {
            case .putNote(let note): touched.append(note.id)
            case .deleteNote(let id), .trashNote(let id, _), .restoreNote(let id): touched.append(id)
            case .putCategory, .deleteCategory, .trashCategory, .setRecentColors, .putImportSource, .dropImportSource: break
            }
        }
        if changes.contains(where: \.changesImportSources) {
            let sources = database.importSources
            let labelFirst = WikiLinkOrder.labelFirstNotes(of: sources), notes = database.notes
            labelFirstNotes = labelFirst
            changeSearchText {
                $0.setImportPaths(LinkGraph.importPaths(of: sources))
                $0.setLabelFirst(labelFirst) { notes[$0] }
            }
        }
        var seen = Set<UUID>()
        let unique = touched.filter { seen.insert($0).inserted }
        // Every touched note leaves the list before any comes back: while one is placed
        // by binary search, the list must hold only notes whose stored key and whose
        // note in `notes` agree (a touched note not yet moved would have its old date
        // key but its new title, and could break the order the search relies on).
        // Each step is one pass over the list for the whole batch, not one per note.
        // The slot of a note whose version before the change is known is found by its key.
        let oldSlots = liveSlots(of: unique, keys: previous.mapValues { listOrder.key($0) })
        remove(Array(oldSlots.values))
        var added: [Int] = []
        for noteID in unique {
            guard let note = notes[noteID] else { continue }
            // A note whose body is the very same bytes reuses its old slot's folded body.
            let sameBody = previous[noteID].map { $0.hasSameBody(as: note) } ?? false
            added.append(addSlot(for: note, bodyOf: sameBody ? oldSlots[noteID] : nil))
        }
        place(added)
        // A change of categories alone moves no note: slots stay in display order.
        if !unique.isEmpty { slotsAreInOrder = false }
        id = UUID()
    }

    /// The live slots of the notes with `ids`: those found by their list key in `keys`
    /// (`slot(of:amongKey:)`, a binary search), the others in one pass over the slots,
    /// where a 64-bit word of each id is first looked up in a small bitmap of the wanted ones.
    func liveSlots(of ids: [UUID], keys: [UUID: UInt64] = [:]) -> [UUID: Int] {
        var found: [UUID: Int] = [:]
        var unknown: [UUID] = []
        for id in ids {
            if let key = keys[id], let slot = slot(of: id, amongKey: key) { found[id] = slot } else { unknown.append(id) }
        }
        guard !unknown.isEmpty else { return found }
        return found.merging(liveSlots(scanningFor: unknown)) { first, _ in first }
    }

    /// The live slots of the notes with `ids`, found in one pass over the slots.
    private func liveSlots(scanningFor ids: [UUID]) -> [UUID: Int] {
        guard ids.count > 1 else { return ids.first.flatMap { id in liveSlot(of: id).map { [id: $0] } } ?? [:] }
        let wanted = Set(ids)
        var bitmap = [UInt64](repeating: 0, count: 64)
        for id in ids {
            let bit = Self.leadingWord(of: id) & 4095
            bitmap[Int(bit >> 6)] |= 1 << (bit & 63)
        }
        var found: [UUID: Int] = [:]
        slotIDs.withUnsafeBytes { raw in
            for slot in 0..<slotIDs.count where positionOfSlot[slot] >= 0 {
                let bit = raw.load(fromByteOffset: slot * MemoryLayout<UUID>.stride, as: UInt64.self) & 4095
                guard bitmap[Int(bit >> 6)] & (1 << (bit & 63)) != 0, wanted.contains(slotIDs[slot]) else { continue }
                found[slotIDs[slot]] = slot
                if found.count == wanted.count { break }
            }
        }
        return found
    }

    /// The first eight bytes of `id`, as the slots' buffer holds them.
    private static func leadingWord(of id: UUID) -> UInt64 {
        withUnsafeBytes(of: id.uuid) { $0.load(as: UInt64.self) }
    }

    /// Brings the category table up to `categories` (the live ones): new codes for new
    /// categories, new names for renamed ones. The notes of a category that went are now in
    /// none (the database took them out of it without a change of their own): their slots'
    /// code becomes `none`, one pass over the slots' codes (about a millisecond at 1,000,000).
    mutating func takeInCategories(_ live: [UUID: Category]) {
        let gone = categories.update(to: live)
        if categoryCounts.count < categories.count {
            categoryCounts.append(contentsOf: repeatElement(0, count: categories.count - categoryCounts.count))
        }
        guard !gone.isEmpty else { return }
        var isGone = [Bool](repeating: false, count: categories.count)
        for code in gone {
            isGone[Int(code)] = true
            categoryCounts[Int(code)] = 0
        }
        slotCategories.withUnsafeMutableBufferPointer { codes in
            for slot in codes.indices where codes[slot] >= 0 && isGone[Int(codes[slot])] { codes[slot] = CategoryCodes.none }
        }
    }

    /// Lets go of the notes (the list cannot be drawn until `restore`), so that the
    /// holder of the database can change it in place instead of copying it.
    mutating func releaseNotes() {
        notes = [:]
        notesLoan?.takeBack()
    }

    /// Takes the notes back after `releaseNotes`, unchanged.
    mutating func restore(_ database: NotesDatabase) {
        notes = database.notes
        notesLoan?.lend(notes)
    }

    /// Takes the notes in `slots` out of the list, in one pass over it.
    private mutating func remove(_ slots: [Int]) {
        guard let first = slots.map({ Int(positionOfSlot[$0]) }).min() else { return }
        for slot in slots {
            positionOfSlot[slot] = -1
            let code = slotCategories[slot]
            if code >= 0 { categoryCounts[Int(code)] -= 1 }
            let id = slotIDs[slot]
            changeSearchText { $0.retire(slot: slot, id: id) }
        }
        positionOfSlot.withUnsafeBufferPointer { positions in
            order.removeAll { positions[Int($0)] < 0 }
        }
        renumber(from: first)
    }

    /// Gives `note` a new slot, not yet in the list (see `SearchText.append` for `bodyOf`).
    private mutating func addSlot(for note: Note, bodyOf oldSlot: Int?) -> Int {
        let slot = slotIDs.count
        let code = categories.code(of: note.categoryID)
        slotIDs.append(note.id)
        slotKeys.append(listOrder.key(note))
        slotCategories.append(code)
        positionOfSlot.append(-1)
        if code >= 0 { categoryCounts[Int(code)] += 1 }
        changeSearchText { $0.append(note, bodyOf: oldSlot) }
        return slot
    }

    /// Puts the new `slots` into the list: each one's place is found by binary search in
    /// the list as it was, and they are then merged in, in one pass from the end.
    private mutating func place(_ slots: [Int]) {
        guard !slots.isEmpty else { return }
        let placed = slots.map { (position: insertionPosition(of: $0), slot: $0) }
            .sorted { $0.position != $1.position ? $0.position < $1.position : isListed($0.slot, before: $1.slot) }
        var read = order.count - 1
        order.append(contentsOf: repeatElement(0, count: placed.count))
        order.withUnsafeMutableBufferPointer { order in
            var write = order.count - 1
            for (position, slot) in placed.reversed() {
                while read >= position {
                    order[write] = order[read]
                    write -= 1
                    read -= 1
                }
                order[write] = Int32(slot)
                write -= 1
            }
        }
        renumber(from: placed[0].position)
    }

    /// Whether the note in slot `a` is listed before the one in slot `b`.
    private func isListed(_ a: Int, before b: Int) -> Bool {
        if slotKeys[a] != slotKeys[b] { return slotKeys[a] < slotKeys[b] }
        guard let first = notes[slotIDs[a]], let second = notes[slotIDs[b]] else { return a < b }
        return listOrder.tieBreak(first, second)
    }

    /// The first position whose note is listed after the one in `slot` (binary search).
    private func insertionPosition(of slot: Int) -> Int {
        var low = 0, high = order.count
        while low < high {
            let middle = (low + high) / 2
            if isListed(Int(order[middle]), before: slot) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Brings `positionOfSlot` up to date for the positions from `start` on.
    private mutating func renumber(from start: Int) {
        guard start < order.count else { return }
        order.withUnsafeBufferPointer { order in
            positionOfSlot.withUnsafeMutableBufferPointer { positions in
                for position in start..<order.count { positions[Int(order[position])] = Int32(position) }
            }
        }
    }

    /// Changes the search text in place when this index alone holds it; else changes
    /// a copy, so that other copies of the index keep theirs. Neither waits for a search
    /// text still being built (see `PendingSearchText`).
    private mutating func changeSearchText(_ change: @escaping (inout SearchText) -> Void) {
        if isKnownUniquelyReferenced(&searchText) {
            searchText.modify(change)
        } else if searchText.isReady {
            var copy = searchText.text
            change(&copy)
            searchText = PendingSearchText(copy)
        } else {
            searchText = PendingSearchText(after: searchText, applying: change)
        }
    }
}

extension StoreChange {
    /// Whether the change puts or drops an import source (where a note was imported from).
    var changesImportSources: Bool {
        switch self {
        case .putImportSource, .dropImportSource: true
        case .putNote, .deleteNote, .trashNote, .restoreNote, .setRecentColors, .putCategory, .deleteCategory, .trashCategory: false
        }
    }

    /// Whether the change puts, trashes or deletes a category.
    var changesCategories: Bool {
        switch self {
        case .putCategory, .deleteCategory, .trashCategory: true
        case .putNote, .deleteNote, .trashNote, .restoreNote, .setRecentColors, .putImportSource, .dropImportSource: false
        }
    }
}
