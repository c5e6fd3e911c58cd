import Testing
@testable import NotesMarkdown

@Suite struct SourceTests {
    /// The source text of each rendered line, as a string.
    private func sources(_ body: String, width: Int = 40) -> [String] {
        let bytes = Array(body.utf8)
        return rendered(body, width: width).lines.map { String(decoding: bytes[$0.source], as: UTF8.self) }
    }

    @Test func eachLineKnowsTheSourceLinesOfItsBlock() {
        let body = "# Title\n\nsome words\nmore\n\n```\ncode 1\ncode 2\n```\n- item"
        #expect(sources(body, width: 8) == [
            "# Title", "", "some words\nmore", "some words\nmore", "some words\nmore", "",
            "code 1", "code 2", "", "- item",
        ])
    }

    @Test func tableRowsPointAtTheirOwnLines() {
        let body = "| a | b |\n|---|---|\n| 1 | 2 |"
        #expect(sources(body) == ["| a | b |", "| a | b |", "| 1 | 2 |"])
    }

    @Test func crlfBodiesRenderAsLFBodiesDo() {
        let lf = "# Head\n\npara one\nline two\n\n```sh\necho hi\n```\n\n> - [ ] quoted task\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
        let crlf = lf.replacingLineFeeds()
        #expect(rendered(crlf).texts == rendered(lf).texts)
        #expect(rendered(crlf).lines.map(\.runs) == rendered(lf).lines.map(\.runs))
        #expect(!rendered(crlf).texts.joined().contains("\r"))
        #expect(sources(crlf).allSatisfy { !$0.hasSuffix("\r") })
    }
}

@Suite struct TaskToggleTests {
    /// Toggles each task of `body` in turn and checks that only its box byte changed.
    private func checkEachToggle(_ body: String, expectedBoxes: Int) {
        let tasks = rendered(body).tasks
        #expect(tasks.count == expectedBoxes)
        let before = Array(body.utf8)
        for task in tasks {
            guard let toggled = MarkdownRenderer.toggleTask(in: body, at: task) else {
                Issue.record("no box at \(task.boxOffset)")
                continue
            }
            let after = Array(toggled.utf8)
            #expect(after.count == before.count)
            let changed = before.indices.filter { before[$0] != after[$0] }
            #expect(changed == [task.boxOffset])
            #expect(after[task.boxOffset] == (task.checked ? UInt8(ascii: " ") : UInt8(ascii: "x")))
            #expect(rendered(toggled).tasks.first { $0.boxOffset == task.boxOffset }?.checked == !task.checked)
        }
    }

    @Test func togglingChangesExactlyTheBoxByte() {
        checkEachToggle("intro\n\n- [ ] one\n- [x] two\n  - [X] nested ünïcode\n\n1. [ ] numbered\n", expectedBoxes: 4)
    }

    @Test func togglingInACRLFBodyChangesOnlyTheBox() {
        checkEachToggle("- [ ] one\r\n- [x] two\r\n\r\ntext\r\n> - [ ] quoted\r\n".replacingLineFeeds(), expectedBoxes: 3)
    }

    @Test func togglingATaskInsideAQuoteChangesOnlyTheBox() {
        checkEachToggle("> a quote\n>\n> - [ ] open in quote\n> > - [x] deeper\n", expectedBoxes: 2)
    }

    @Test func aStaleTaskChangesNothing() {
        let task = rendered("- [ ] one").tasks[0]
        #expect(MarkdownRenderer.toggleTask(in: "- one", at: task) == nil)
        #expect(MarkdownRenderer.toggleTask(in: "", at: task) == nil)
        #expect(MarkdownRenderer.toggleTask(in: "-[?]", at: MarkdownTask(boxOffset: 2, checked: false, line: 0)) == nil)
    }

    @Test func aBoxInTheTextIsNotATask() {
        #expect(rendered("not [ ] a task\n\n`- [ ] code`\n\n    - [ ] indented code").tasks.isEmpty)
    }
}

extension String {
    /// LF line breaks as CR LF (those already CR LF kept).
    func replacingLineFeeds() -> String {
        var result = ""
        for character in self {
            result += character == "\n" ? "\r\n" : String(character)
        }
        return result
    }
}
