import Foundation
import NotesTestSupport
import Testing

extension CLISandbox {
    /// Writes an executable shell script into the sandbox and returns its path.
    func script(_ name: String, _ body: String) throws -> String {
        let url = folder.file(name)
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    /// `notes … --store <this store>` as a shell command line, for scripts.
    var notesCommand: String {
        "'\(runner.executable.path)' --store '\(storePath)'"
    }

    /// The texts kept in the unsaved folder.
    func keptTexts() throws -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: unsavedFolder.path)) ?? []
        // Editors' recovery files (`.NAME.swp`, `#NAME#`) kept beside a text are not texts.
        return try names.filter { !$0.hasPrefix(".") && !$0.hasPrefix("#") }.sorted().map { try String(contentsOf: unsavedFolder.appendingPathComponent($0), encoding: .utf8) }
    }
}

/// `notes edit` and `notes add --edit` on the whole note, with scripted editors:
/// the header changes the note, problems reopen the editor, and text that cannot be
/// saved is kept in a file whose path is printed.
@Suite struct CLIWholeNoteEditTests {
    @Test func theHeaderChangesTitleCategoryTagsAndKind() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try sandbox.ok("category", "add", "Work")
        let id = try sandbox.add("Draft", "--body", "text", "--tag", "old")
        let editor = try sandbox.script("header.sh", """
        grep -qx 'title: "Draft"' "$1" || exit 3
        grep -qx 'category: ""' "$1" || exit 4
        sed -i -e 's/^title: .*/title: "Plan: \\\\"Q3\\\\"  "/' -e 's/^category: .*/category: work/' \
          -e 's/^tags: .*/tags: [new, "#Two"]/' -e 's/^kind: .*/kind: journal/' -e 's/^text$/new text/' "$1"
        """)

        let result = try sandbox.run("edit", id, environment: ["EDITOR": editor])

        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Saved"))
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["title"] as? String == "Plan: \"Q3\"  ")
        #expect(note["category"] as? String == "Work")
        #expect(note["tags"] as? [String] == ["new", "two"])
        #expect(note["kind"] as? String == "journal")
        #expect(note["body"] as? String == "new text")
    }

    @Test func anUnknownCategoryReopensTheEditorWithTheProblemOnTop() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try sandbox.ok("category", "add", "Work")
        let id = try sandbox.add("Draft", "--body", "text")
        let seen = sandbox.folder.file("second-run").path
        // First run: an unknown category and a new line. Second run: record the file, fix it.
        let editor = try sandbox.script("reopen.sh", """
        if grep -q '^# error:' "$1"; then
          cp "$1" '\(seen)'
          sed -i 's/^category: .*/category: Work/' "$1"
        else
          sed -i -e 's/^category: .*/category: Wrok/' -e '$a typed line' "$1"
        fi
        """)

        try sandbox.ok("edit", id, environment: ["EDITOR": editor])

        let second = try String(contentsOfFile: seen, encoding: .utf8)
        #expect(second.hasPrefix("# error: line 5: there is no category named 'Wrok' (known: 'Work'; empty for none)\n"))
        #expect(second.hasSuffix("text\ntyped line\n"))
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["category"] as? String == "Work")
        #expect(note["body"] as? String == "text\ntyped line")
    }

    @Test func anEditorThatExitsNonZeroAfterWritingKeepsTheTextAndPrintsItsPath() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Draft", "--body", "old text")
        let before = try #require(sandbox.storeBytes())
        let editor = try sandbox.script("fail.sh", "printf 'my unsaved words\\n' >> \"$1\"\nexit 1")

        let result = try sandbox.run("edit", id, environment: ["EDITOR": editor])

        #expect(result.status != 0)
        #expect(sandbox.storeBytes() == before)
        let kept = try sandbox.keptTexts()
        #expect(kept.count == 1)
        #expect(kept.first?.hasSuffix("old text\nmy unsaved words\n") == true)
        #expect(result.stderr.hasPrefix("error: not saved, your text is kept in \(sandbox.unsavedFolder.path)/"))
    }

    @Test func aStoreLockedByAnotherProcessKeepsTheText() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Draft", "--body", "old text")
        let lock = sandbox.storePath + ".lock"
        let release = sandbox.folder.file("holding").path
        // The editor writes, then leaves a process holding the store's lock until the test lets go
        // (at most a minute, so that a broken notes that hands it a pipe cannot hang the test).
        let editor = try sandbox.script("lock.sh", """
        printf 'written while locked\\n' >> "$1"
        touch '\(release)'
        flock -x '\(lock)' sh -c 'i=0; while [ -e "\(release)" ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done' >/dev/null 2>&1 &
        while flock -n '\(lock)' true; do sleep 0.01; done
        """)
        defer { try? FileManager.default.removeItem(atPath: release) }

        let result = try sandbox.run("edit", id, environment: ["EDITOR": editor])
        try FileManager.default.removeItem(atPath: release)

        #expect(result.status != 0)
        #expect(result.stderr.contains("busy"))
        #expect(result.stderr.contains("your text is kept in"))
        #expect(try sandbox.keptTexts().first?.hasSuffix("written while locked\n") == true)
    }

    @Test func aNoteDeletedWhileItIsEditedComesBackWithTheEdit() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Draft", "--body", "old text")
        let editor = try sandbox.script("delete.sh", """
        \(sandbox.notesCommand) rm \(id) >/dev/null || exit 5
        printf 'still wanted\\n' >> "$1"
        """)

        let result = try sandbox.run("edit", id, environment: ["EDITOR": editor])

        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("deleted meanwhile"))
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["body"] as? String == "old text\nstill wanted")
    }

    @Test func twoEditsOfOneNoteKeepBoth() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Draft", "--body", "old text")
        let inner = try sandbox.script("inner.sh", "sed -i 's/^old text$/their text/' \"$1\"")
        // While the outer editor is open, another `notes edit` saves a different body.
        let outer = try sandbox.script("outer.sh", """
        EDITOR='\(inner)' \(sandbox.notesCommand) edit \(id) 2>/dev/null || exit 5
        sed -i 's/^old text$/my text/' "$1"
        """)

        let result = try sandbox.run("edit", id, environment: ["EDITOR": outer])

        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("conflict copy"))
        let notes = try sandbox.notes()
        #expect(notes.count == 2)
        let mine = try #require(notes.first { $0["id"] as? String == id })
        #expect(mine["body"] as? String == "my text")
        let copy = try #require(notes.first { $0["id"] as? String != id })
        #expect(copy["body"] as? String == "their text")
        #expect(copy["title"] as? String == "Draft (conflict copy)")
        #expect((copy["tags"] as? [String])?.contains("conflict") == true)
    }

    @Test func addWithEditOpensTheNewNote() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let editor = try sandbox.script("body.sh", "printf 'the body\\n' >> \"$1\"")

        let result = try sandbox.run("add", "Fresh", "--edit", environment: ["EDITOR": editor])

        #expect(result.status == 0, "\(result)")
        let id = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["title"] as? String == "Fresh")
        #expect(note["body"] as? String == "the body")
    }

    @Test func anEmptiedFileChangesNothing() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Draft", "--body", "old text")
        let before = try #require(sandbox.storeBytes())
        let editor = try sandbox.script("empty.sh", ": > \"$1\"")

        let result = try sandbox.run("edit", id, environment: ["EDITOR": editor])

        #expect(result.status == 0)
        #expect(result.stderr.contains("empty: nothing was changed"))
        #expect(sandbox.storeBytes() == before)
    }
}

/// `notes edit` where there is no terminal at all (a cron job, a pipe under `setsid`):
/// a terminal editor is refused at once with the reason; nothing hangs, nothing is kept.
@Suite struct CLIEditWithoutATerminalTests {
    @Test func aTerminalEditorIsRefusedWithoutATerminal() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Draft", "--body", "old text")
        let setsid = try CLIRunner(executable: URL(fileURLWithPath: "/usr/bin/setsid"))
        let result = try setsid.run(["--wait", sandbox.runner.executable.path, "edit", id, "--store", sandbox.storePath],
                                    environment: sandbox.sandboxed(["EDITOR": "vi"]))
        #expect(result.status != 0)
        #expect(result.stderr.contains("needs a terminal and there is none"), "\(result)")
        #expect(try sandbox.keptTexts().isEmpty)
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["body"] as? String == "old text")
    }
}
