import NotesTerminal

/// A list screen narrowed by a typed filter (the trash, the tags screen): the field while
/// it is typed, the query it left, and the selected row.
protocol FilteredList {
    var filterField: TextField? { get set }
    var query: String { get set }
    var row: Int { get set }
}

extension TrashBrowser: FilteredList {}
extension TagBrowser: FilteredList {}

extension AppUpdate {
    /// A key typed into a list's filter field: `Enter` keeps the text as the query, `Esc`
    /// or `Ctrl-C` closes the field; the selection goes back to the top.
    static func filterKey<List: FilteredList>(_ key: Key, _ field: TextField, _ list: inout List) {
        var field = field
        switch key == .control("c") ? .cancelled : field.handle(key) {
        case nil: list.filterField = field
        case .submitted(let text):
            list.query = text
            list.filterField = nil
        case .cancelled:
            list.filterField = nil
        }
        list.row = 0
    }
}
