import Testing
@testable import NotesMarkdown

@Suite struct BlockChunkTests {
    /// The block ranges of `body`, found from its start on, as strings.
    private func blockTexts(_ body: String) -> [String] {
        let bytes = Array(body.utf8)
        var blocks = MarkdownBlocks(bytes)
        var result: [String] = []
        var start = 0
        while start < bytes.count {
            let block = blocks.block(at: start)
            result.append(String(decoding: bytes[block.range], as: UTF8.self))
            start = block.range.upperBound
        }
        return result
    }

    @Test func blocksSplitAtBlankLinesBeforeALineAtColumnZero() {
        #expect(blockTexts("# A\n\npara\nmore\n\n- item\n\n  continued\n- next\n\nend") ==
                ["# A\n\n", "para\nmore\n\n", "- item\n\n  continued\n- next\n\n", "end"])
    }

    @Test func blankLinesInsideFencedCodeDoNotSplit() {
        let body = "```\none\n\ntwo\n~~~\n\nthree\n```\n\nafter\n\n~~~~md\n```\n\nx\n~~~~\n"
        #expect(blockTexts(body) == ["```\none\n\ntwo\n~~~\n\nthree\n```\n\n", "after\n\n", "~~~~md\n```\n\nx\n~~~~\n"])
    }

    @Test func renderingBlockByBlockMatchesRenderingTheWhole() {
        let body = "# T\n\npara *one*\n\n> quote\n\n- [ ] task\n- [x] done\n\n```\nc\n\nd\n```\n\n| a |\n|---|\n| b |\n"
        var blocks = MarkdownBlocks(Array(body.utf8))
        let paged = MarkdownRenderer.render(from: 0, of: &blocks, minimumLines: .max, width: 30, displayWidth: testWidth)
        let whole = rendered(body, width: 30)
        #expect(paged.rendering == whole)
        #expect(paged.next == nil)
    }

    @Test func renderingStopsOnceTheLinesAreThereAndSaysWhereToGoOn() throws {
        let body = (1...50).map { "para \($0)" }.joined(separator: "\n\n")
        var blocks = MarkdownBlocks(Array(body.utf8))
        let first = MarkdownRenderer.render(from: 0, of: &blocks, minimumLines: 5, width: 30, displayWidth: testWidth)
        #expect(first.rendering.texts == ["para 1", "", "para 2", "", "para 3"])
        let start = try #require(first.next)
        let second = MarkdownRenderer.render(from: start, of: &blocks, minimumLines: 3, width: 30, displayWidth: testWidth)
        #expect(second.rendering.texts == ["para 4", "", "para 5"])
    }

    /// Bytes scanned and blocks parsed to render a first screen of 24 lines of a body of
    /// `paragraphs` paragraphs.
    private func firstScreenWork(paragraphs: Int) -> (scanned: Int, parsed: Int, blocks: Int) {
        var body = ""
        for index in 0..<paragraphs {
            body += index % 3 == 0 ? "## Heading \(index)\n\n" : "A paragraph of words, number \(index), with *some* style.\n\n"
        }
        var blocks = MarkdownBlocks(Array(body.utf8))
        _ = MarkdownRenderer.render(from: 0, of: &blocks, minimumLines: 24, width: 80, displayWidth: testWidth)
        return (blocks.bytesScanned, blocks.bytesParsed, blocks.blocksParsed)
    }

    @Test func theFirstScreenCostsTheSameWhateverTheBodyLength() {
        let small = firstScreenWork(paragraphs: 100)
        let large = firstScreenWork(paragraphs: 100_000)
        #expect(small.blocks == 13)
        #expect(large == small)
    }

    @Test func aHugeParagraphIsCutIntoBlocksOfBoundedLength() throws {
        let word = "word "
        let body = String(repeating: word, count: 3 * MarkdownBlocks<[UInt8]>.maximumBlockBytes / word.count)
        var blocks = MarkdownBlocks(Array(body.utf8))
        let first = MarkdownRenderer.render(from: 0, of: &blocks, minimumLines: 10, width: 80, displayWidth: testWidth)
        #expect(blocks.blocksParsed == 1)
        #expect(blocks.bytesScanned <= MarkdownBlocks<[UInt8]>.maximumBlockBytes + 1025)
        let next = try #require(first.next)
        let block = blocks.block(at: next)
        #expect(block.isContinuation)
        #expect(block.range.count <= 2 * MarkdownBlocks<[UInt8]>.maximumBlockBytes + 1024)
    }

    @Test func aHugeCodeBlockStaysCodeAfterACut() {
        let line = "let value = 1 // code\n"
        let body = "```swift\n" + String(repeating: line, count: 2 * MarkdownBlocks<[UInt8]>.maximumBlockBytes / line.utf8.count) + "```\n"
        let bytes = Array(body.utf8)
        var blocks = MarkdownBlocks(bytes)
        let first = blocks.block(at: 0)
        let second = blocks.block(at: first.range.upperBound)
        #expect(second.openFence == Array("```swift\n".utf8))
        let rendering = MarkdownRenderer.render(second, of: bytes, width: 40, displayWidth: testWidth)
        #expect(rendering.texts.prefix(2) == ["  swift", "  let value = 1 // code"])
        #expect(rendering.lines.allSatisfy { $0.source.lowerBound >= second.range.lowerBound })
    }

    @Test func aBlockStartNearAnOffsetIsFoundByReadingBackALittle() {
        var body = ""
        for index in 0..<20_000 { body += "Paragraph \(index) has words.\nAnd a second line.\n\n" }
        let bytes = Array(body.utf8)
        var blocks = MarkdownBlocks(bytes)
        let middle = bytes.count / 2
        let start = blocks.blockStart(near: middle)
        #expect(start <= middle && middle - start < 60)
        #expect(String(decoding: bytes[start..<(start + 10)], as: UTF8.self) == "Paragraph ")
        #expect(blocks.bytesScanned < 200)
        #expect(blocks.blockStart(near: 0) == 0)
    }
}
