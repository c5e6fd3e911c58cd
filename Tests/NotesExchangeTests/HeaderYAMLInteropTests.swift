import Foundation
import NotesBase
import Testing
@testable import NotesModel
@testable import NotesExchange

/// The editor's header and the Markdown export's front matter, for titles that YAML
/// treats specially (quotes at either end, `'`, `: `, `#`, leading spaces, …): read back
/// the same by notes' own readers, and by PyYAML, as another YAML reader would see them.
@Suite struct HeaderYAMLInteropTests {
    static let titles = [
        "\"plan garden\"", "\"starts with a quote", "ends with a quote\"", "\"\"", "\"", "'plan garden'", "'", "it's",
        "Plan: Q3", ": leading colon", "trailing colon:", "a: b: c", "#hash", "# heading", "not # a comment",
        "  two leading spaces", "trailing space ", "\t tab first", "- dash", "? question", "{braces}", "[brackets]",
        "back\\slash \"and\" quote", "line\nbreak", "yes", "~", "0x1F", "2026-11-25", "😀 \"東京\" 'trip'",
    ]

    static func note(_ title: String) -> Note {
        Note(title: title, body: "body\n", categoryID: category.id, tags: ["quo\"te", "it's", "a: b"], kind: .note)
    }
    static let category = Category(name: "\"Home\": 'office' #1", color: .white)

    @Test(arguments: titles)
    func theEditorHeaderReadsBackExactly(title: String) throws {
        let note = Self.note(title)
        let text = NoteDocument.render(note, categoryName: Self.category.name)
        let fields = try NoteDocument.read(text, originalBody: note.body)
        #expect(fields.title == title)
        #expect(fields.categoryName == .some(Self.category.name))
        #expect(fields.tags == note.tags)
        // One pair of quotes around the title, never doubled: `"\"plan garden\""`.
        #expect(text.contains("title: " + NoteDocument.quoted(title) + "\n"))
    }

    @Test(arguments: titles)
    func theMarkdownExportReadsBackExactly(title: String) throws {
        let note = Self.note(title)
        let text = MarkdownExchange.document(for: note, category: Self.category)
        let read = try ExactMarkdownReader(file: "note.md").read(Data(text.utf8))
        #expect(read.note.title == title)
        #expect(read.category?.name == Self.category.name)
        #expect(read.note.tags == note.tags)
    }

    static let pyYAMLAvailable: Bool = (try? runPython("import yaml", input: Data()))?.status == 0

    /// Every header, as PyYAML's `safe_load` reads it: the title, category and tags.
    @Test(.enabled(if: pyYAMLAvailable, "python3 with PyYAML (pip install pyyaml)"))
    func pyYAMLReadsTheSameTitlesCategoriesAndTags() throws {
        var headers: [String] = []
        for title in Self.titles {
            let note = Self.note(title)
            for document in [NoteDocument.render(note, categoryName: Self.category.name),
                             MarkdownExchange.document(for: note, category: Self.category)] {
                let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
                let end = try #require(lines.dropFirst().firstIndex(of: "---"))
                headers.append(lines[1..<end].joined(separator: "\n"))
            }
        }
        let script = """
            import json, sys, yaml
            out = []
            for text in json.load(sys.stdin):
                data = yaml.safe_load(text)
                out.append([data["title"], data["category"], sorted(data.get("notes-tags", data["tags"]))])
            json.dump(out, sys.stdout)
            """
        let result = try Self.runPython(script, input: try JSONSerialization.data(withJSONObject: headers))
        #expect(result.status == 0, "\(String(decoding: result.error, as: UTF8.self))")
        let read = try #require(try JSONSerialization.jsonObject(with: result.output) as? [[Any]])
        #expect(read.count == Self.titles.count * 2)
        for (offset, entry) in read.enumerated() {
            let title = Self.titles[offset / 2]
            #expect(entry[0] as? String == title, "PyYAML title of \(title.debugDescription)")
            #expect(entry[1] as? String == Self.category.name)
            #expect(entry[2] as? [String] == Self.note(title).sortedTags)
        }
    }

    static func runPython(_ script: String, input: Data) throws -> (status: Int32, output: Data, error: Data) {
        let python = ChildSpawn(program: "/usr/bin/env", arguments: ["env", "python3", "-c", script])
        let result = try python.capture(input: [UInt8](input), timeout: 120)
        return (result.exit.shellStatus, Data(result.standardOutput), Data(result.standardError))
    }
}
