import Foundation
import Testing
import NotesModel

/// A title must hold something besides white space: the check that skips Foundation's trim
/// for a title starting with text refuses and accepts exactly what the trim does.
@Suite struct TitleRuleTests {
    @Test func everyScalarAloneOrBeforeTextIsJudgedAsTheTrimJudgesIt() {
        let database = NotesDatabase()
        let scalars = (0...0x3100).compactMap(Unicode.Scalar.init) + (0xFE00...0xFFFF).compactMap(Unicode.Scalar.init)
        var disagreements: [String] = []
        for scalar in scalars {
            for title in [String(scalar), String(scalar) + "x", String(scalar) + String(scalar)] {
                let empty = title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                let refused = (try? database.validate(.putNote(Note(title: title)))) == nil
                if empty != refused { disagreements.append(String(scalar.value, radix: 16)) }
            }
        }
        #expect(disagreements.isEmpty, "U+\(disagreements.prefix(20))")
    }
}
