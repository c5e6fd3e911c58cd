import Testing
@testable import NotesMarkdown

@Suite struct TableTests {
    @Test func columnsTakeTheirWidestCellAndAlign() {
        let body = "| Left | Mid | Right |\n|:--|:-:|--:|\n| a | b | c |\n| longer | x | 12345 |"
        let rendering = rendered(body)
        #expect(rendering.texts == [
            "Left   │ Mid │ Right",
            "───────┼─────┼──────",
            "a      │  b  │     c",
            "longer │  x  │ 12345",
        ])
        #expect(run("Left", in: rendering)?.styles == [.tableHeader])
        #expect(run(" │ ", in: rendering)?.styles == [.tableBorder])
    }

    @Test func aTableWiderThanTheWidthIsNarrowedWidestFirstAndCellsEndInEllipsis() {
        let body = "| id | description |\n|---|---|\n| 1 | a rather long description of the row |"
        let result = lines(body, width: 24)
        #expect(result == ["id │ description", "───┼────────────────────", "1  │ a rather long desc…"])
        #expect(result.allSatisfy { columns($0) <= 24 })
    }

    @Test func wideCJKCellsAreMeasuredAndCutWithoutSplittingACharacter() {
        let body = "| 名前 | 説明 |\n|---|---|\n| 東京 | 日本の首都であり最大の都市 |"
        let result = lines(body, width: 20)
        #expect(result == ["名前 │ 説明", "─────┼──────────────", "東京 │ 日本の首都で…"])
        #expect(result.allSatisfy { columns($0) <= 20 })
    }

    @Test func inlineStylesInCellsSurviveTheCut() {
        let rendering = rendered("| a |\n|---|\n| **bold text here** |", width: 8)
        #expect(rendering.texts == ["a", "────────", "bold te…"])
        #expect(rendering.lines[2].runs == [MarkdownRun("bold te…", [.strong])])
    }

    @Test func fitSharesColumnsOutWidestFirst() {
        #expect(TableLayout.fit([3, 10, 20], available: 40) == [3, 10, 20])
        #expect(TableLayout.fit([3, 10, 20], available: 20) == [3, 9, 8])
        #expect(TableLayout.fit([5, 5], available: 1) == [1, 1])
    }
}
