import Foundation
import NotesLinks
import NotesModel

/// The link index kept with the search text (`SearchText.links`): backlinks and link
/// resolution for the read view, from the index, never by scanning bodies. Both wait for
/// a search text still being built.
extension NoteIndex {
    /// The notes with links that lead to `note`, most recently updated first, each with those links.
    public func backlinks(of note: Note) -> [(source: Note, links: [NoteLink])] {
        let notes = self.notes
        return searchText.text.links.backlinks(of: note) { notes[$0] }
    }

    /// Where `target`, written in `source`, leads.
    public func resolve(_ target: LinkTarget, from source: Note?) -> LinkResolution {
        let notes = self.notes
        return searchText.text.links.resolve(target, from: source) { notes[$0] }
    }

    /// Whether a link written in `source` leads to no single note (missing or ambiguous), for
    /// drawing it as such; false while the index is still being built (a frame never waits).
    func isBroken(from source: Note) -> (LinkTarget) -> Bool {
        { [self] target in isSearchable && resolve(target, from: source).isBroken }
    }

    /// The notes whose title has the key of `title` (and maybe a few more: callers compare).
    public func notes(titled title: String) -> [UUID] {
        searchText.text.links.notes(titled: title)
    }

    /// How the wiki links of the note `id` are read (label first: imported from Dendron);
    /// never waits for the search text.
    public func linkOrder(of id: UUID) -> WikiLinkOrder {
        WikiLinkOrder.of(id, labelFirst: labelFirstNotes)
    }

    /// The links in the note with `id`, as the index holds them.
    public func links(from id: UUID) -> [NoteLink] {
        searchText.text.links.links(from: id)
    }
}
