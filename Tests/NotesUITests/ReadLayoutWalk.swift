@testable import NotesUI

extension ReadLayout {
    /// Every line from the last one up to the top, one `backward` step at a time, put
    /// back in text order: what the tests hold to the lines found going forward.
    mutating func linesWalkedBackward() -> [String] {
        var position = lastLine()
        var walked = [lines(from: position, count: 1)[0].text]
        while position != .top {
            position = backward(position, by: 1)
            walked.append(lines(from: position, count: 1)[0].text)
        }
        return walked.reversed()
    }
}
