import Foundation
import NotesModel

/// The tag counts and the title lookup kept with the search text: the tags screen, `Tab`
/// in the tags field and `J` ask the index, never go over every note once it is built.
/// While it is still being built (seconds after opening a large store) they go over the
/// notes instead, rather than wait for it.
extension NoteIndex {
    /// Every tag of the live notes with its count, sorted by name (as `TagCount.all`).
    public func tagCounts() -> [TagCount] {
        searchText.isReady ? searchText.text.tags.all() : TagCount.all(of: notes.values)
    }

    /// Today's journal note titled `title` (`DailyNote.find`), looked up by title in the
    /// link index rather than over every note.
    public func dailyNote(titled title: String) -> Note? {
        let notes = self.notes
        guard searchText.isReady else { return DailyNote.find(title: title, among: notes.values) }
        return DailyNote.find(title: title, among: searchText.text.links.notes(titled: title).compactMap { notes[$0] })
    }
}
