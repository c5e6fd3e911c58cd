import NotesCore

/// What the UI's edits met in the store, on the status line: the values set elsewhere
/// they replaced, and the conflict copies kept (PRODUCT §5.1).
extension AppRunner {
    /// Adds to the status line what the edits met elsewhere: `; replaced "X" set elsewhere`.
    func mention(_ resolution: EditResolution) {
        let note = Self.elsewhereNote(resolution)
        guard !note.isEmpty else { return }
        state.message = .init(text: (state.message.map { $0.text + "; " } ?? "") + note, isError: state.message?.isError ?? false)
    }

    /// What edits met elsewhere, in words: values they replaced, versions kept as conflict copies.
    static func elsewhereNote(_ resolution: EditResolution) -> String {
        var parts: [String] = []
        if !resolution.replaced.isEmpty { parts.append(ReplacedValue.note(resolution.replaced)) }
        for copy in resolution.outcomes.compactMap(\.conflictCopy) {
            parts.append("the version changed elsewhere is kept as \"\(copy.title)\"")
        }
        return parts.joined(separator: "; ")
    }
}
