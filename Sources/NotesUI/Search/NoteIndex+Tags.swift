import Foundation
import NotesModel

/// The tag counts and the title lookup kept with the search text: the tags screen, `Tab`
/// in the tags field and `J` ask the index, never go over every note. Both wait for a
/// search text still being built.
extension NoteIndex {
    /// Every tag of the live notes with its count, sorted by name (as `TagCount.all`).
    public func tagCounts() -> [TagCount] {
        searchText.text.tags.all()
    }

    /// Today's journal note titled `title` (`DailyNote.find`), looked up by title in the
    /// link index rather than over every note.
    public func dailyNote(titled title: String) -> Note? {
        let notes = self.notes
        return DailyNote.find(title: title, among: searchText.text.links.notes(titled: title).compactMap { notes[$0] })
    }
}
