import Foundation
import NotesLinks
import NotesMarkdown
import NotesModel
import NotesTerminal

/// Following links in the read view (PRODUCT §5.3): `Enter` on the link in focus opens the
/// note it leads to (at its heading), asks which one when several fit, offers to create a
/// missing one; `H`/`Backspace`/`Ctrl-O` go back along the notes followed, `L` forward.
extension AppUpdate {
    /// `Enter` on `link`, written in `note`.
    /// Like the first search, the first link followed waits for an index still being built.
    static func follow(_ link: ReadLink, in note: Note, _ state: inout AppState, _ snapshot: NotesSnapshot) -> [Effect] {
        switch snapshot.index.resolve(link.target, from: note) {
        case .note(let id):
            openLinked(id, heading: link.heading, from: note, &state, snapshot)
        case .ambiguous(let ids):
            let items = ids.compactMap { id in
                snapshot.database.notes[id].map { candidate in
                    let category = candidate.categoryID.flatMap { snapshot.database.categories[$0] }
                    return ChooserItem(id: id, title: candidate.title + (category.map { " (\($0.name))" } ?? ""),
                                       swatch: category?.color.rgb8)
                }
            }
            state.chooser = .init(purpose: .followLink(from: note.id, heading: link.heading),
                                  chooser: Chooser(title: "Several notes are titled \"\(link.target.text)\"", items: items,
                                                   selected: ids.first))
        case .missing(let title):
            if case .title = link.target {
                state.confirmation = .createNote(title: title, categoryID: note.categoryID)
            } else {
                state.message = .init(text: "No note \(title) (deleted, or in the trash)", isError: true)
            }
        case .attachment(let attachment):
            // A file the note holds (an imported embed, a TextBundle's asset, `[[photo.png]]`).
            state.message = .init(text: "Opening " + ReadAttachments.text(attachment, size: nil), isError: false)
            return [.openAttachment(attachment)]
        case .external(.url(let address)):
            state.message = .init(text: "Opening \(address)", isError: false)
            return [.openAddress(address)]
        case .external(let target):
            // A file the note does not hold: nothing on disk is known to be it.
            state.message = .init(text: "\(target.text) is not among the note's attachments", isError: true)
        }
        return []
    }

    /// Opens the note `id` followed from `source`, scrolled to `heading` if it has one by
    /// that name; the place left goes on the history.
    static func openLinked(_ id: UUID, heading: String?, from source: Note, _ state: inout AppState, _ snapshot: NotesSnapshot) {
        guard let target = snapshot.database.notes[id] else {
            state.message = .init(text: "That note is gone", isError: true)
            return
        }
        state.readHistory.leave(ReadHistory.Place(noteID: source.id, top: state.readTop))
        let top = heading.flatMap { headingTop($0, in: target, order: snapshot.index.linkOrder(of: target.id), state) }
        showReading(target, at: top ?? .top, &state)
        if let heading, top == nil {
            state.message = .init(text: "No heading \"\(heading)\" in \"\(target.title)\"", isError: false)
        }
    }

    /// `H` (back) or `L` (forward) along the history.
    static func stepHistory(forward: Bool, from id: UUID, _ state: inout AppState, _ snapshot: NotesSnapshot) {
        let here = ReadHistory.Place(noteID: id, top: state.readTop)
        let exists = { (id: UUID) in snapshot.database.notes[id] != nil }
        let place = forward ? state.readHistory.goForward(from: here, exists: exists)
            : state.readHistory.goBack(from: here, exists: exists)
        if let place, let note = snapshot.database.notes[place.noteID] {
            showReading(note, at: place.top, &state)
            return
        }
        state.message = .init(text: forward ? "Nothing to go forward to (L)" : "Nothing to go back to (H)", isError: false)
    }

    /// The read view on `note` from `top`, nothing in focus or searched; the history of
    /// notes followed is kept (`read` starts a new one).
    static func showReading(_ note: Note, at top: ReadPosition, _ state: inout AppState) {
        state.screen = .reading(note.id)
        state.readTop = top
        state.readHolding = ReadHolding(note)
        (state.readSearch, state.readItem) = (nil, nil)
    }

    /// The first rendered line of the heading named `heading` (compared as search folds
    /// text, or as GitHub's anchor of it: `#supported-types`), if the note has one.
    private static func headingTop(_ heading: String, in note: Note, order: WikiLinkOrder, _ state: AppState) -> ReadPosition? {
        guard let rendering = RenderedBody.shared.rendering(of: note, width: NoteReadScreen.bodyWidth(state.size), order: order)
        else { return nil }
        if heading.count > 1, heading.hasPrefix("^") { return blockTop(heading, in: rendering) }
        if let line = rendering.footnoteLine(anchor: heading) { return ReadPosition(block: 0, line: line) }
        let wanted = LinkResolver.key(ofTitle: heading)
        for (index, line) in rendering.lines.enumerated() {
            guard line.isHeading else { continue }
            let text = line.text.drop { $0 == "#" || $0 == " " }
            if LinkResolver.key(ofTitle: String(text)) == wanted || anchor(of: text) == heading.lowercased() {
                return ReadPosition(block: 0, line: index)
            }
        }
        return nil
    }

    /// GitHub's anchor of a heading's text: lowercased, blanks as `-`, other punctuation left out.
    static func anchor(of text: Substring) -> String {
        String(text.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
        })
    }

    /// Where an Obsidian block reference (`[[Note#^id]]`) leads: the start of the block whose
    /// last line ends with its marker `^id` (the marker is text, shown as written).
    private static func blockTop(_ marker: String, in rendering: MarkdownRendering) -> ReadPosition? {
        func trimmed(_ index: Int) -> Substring {
            let text = rendering.lines[index].text
            return text[..<(text.lastIndex { $0 != " " }.map(text.index(after:)) ?? text.startIndex)]
        }
        guard var top = rendering.lines.indices.first(where: { trimmed($0).hasSuffix(" " + marker) || trimmed($0) == marker[...] })
        else { return nil }
        while top > 0, !trimmed(top - 1).isEmpty { top -= 1 }
        return ReadPosition(block: 0, line: top)
    }
}
