import ArgumentParser
import Foundation
import NotesStore
import NotesModel

/// Shell completion of what a store holds: category names and tags, read when the user
/// presses Tab from the store the command line names (`--store PATH`, else
/// `$NOTES_STORE` or the default store). The store is opened read-only, so completing
/// never creates, migrates or compacts anything; a store that cannot be read (missing,
/// busy, damaged) completes nothing.
enum StoreCompletion {
    /// The store's category names (`--category NAME`, `category color|rename|rm NAME`).
    static let categories = CompletionKind.custom { words, _, prefix in
        matching(prefix, in: categoryNames(words: words))
    }

    /// The tags the store's notes have (`--tag`, `--untag`).
    static let tags = CompletionKind.custom { words, _, prefix in
        matching(prefix, in: tagNames(words: words))
    }

    /// The kinds of note (`--kind`).
    static let kinds = CompletionKind.list(NoteKind.allCases.map(\.name))

    /// Category names, sorted; only the categories are read (through the index).
    static func categoryNames(words: [String]) -> [String] {
        guard let store = open(words: words, touching: []) else { return [] }
        return store.contents.categories.values.map(\.name).sorted()
    }

    /// The tags of the live notes, sorted; the whole store is read.
    static func tagNames(words: [String]) -> [String] {
        guard let store = open(words: words, touching: nil) else { return [] }
        var tags = Set<String>()
        for note in store.contents.notes.values { tags.formUnion(note.tags) }
        return tags.sorted()
    }

    /// The candidates that start with what is typed, ignoring case (names are unique
    /// ignoring case). A quote the user opened the word with is not part of the name.
    static func matching(_ prefix: String, in candidates: [String]) -> [String] {
        let typed = prefix.first == "\"" || prefix.first == "'" ? String(prefix.dropFirst()) : prefix
        return candidates.filter { $0.lowercased().hasPrefix(typed.lowercased()) }
    }

    /// The value of the last `--store` among the shell's words (given verbatim, so a
    /// quoted or backslash-escaped path is unquoted here); nil if there is none.
    static func storePath(in words: [String]) -> String? {
        var path: String?
        for (index, word) in words.enumerated() {
            if word == "--store", index + 1 < words.count {
                path = words[index + 1]
            } else if word.hasPrefix("--store=") {
                path = String(word.dropFirst("--store=".count))
            }
        }
        return path.map(unquoted)
    }

    /// A shell word as the shell would pass it: surrounding quotes and backslashes removed.
    static func unquoted(_ word: String) -> String {
        if word.count >= 2, let quote = word.first, quote == "\"" || quote == "'", word.last == quote {
            return String(word.dropFirst().dropLast())
        }
        var result = ""
        var escaped = false
        for character in word {
            if character == "\\" && !escaped {
                escaped = true
                continue
            }
            result.append(character)
            escaped = false
        }
        return result
    }

    /// The store, opened read-only without waiting long for a writer: for the notes
    /// `touching` names (none: the categories only), or whole when `touching` is nil.
    private static func open(words: [String], touching ids: [String]?) -> NotesStore? {
        let url = StoreLocation.resolve(explicit: storePath(in: words))
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let options = NotesStoreOptions(lockTimeout: 0.5, readOnly: true)
        if let ids { return try? NotesStore.open(at: url, options: options, touching: ids) }
        return try? NotesStore.open(at: url, options: options)
    }
}
