/// How far `Importer.plan` has come, for a progress line on a terminal: `report` is told
/// the notes checked so far and all of them at the first note, every `step` notes (a count
/// checked in the loop, not a call a note) and at the end. What it throws stops the plan
/// (`Ctrl-C` at a terminal).
public struct ImportPlanProgress {
    /// The notes between two reports unless a caller asks for another step.
    public static let standardStep = 4096

    public let step: Int
    public let report: (_ checked: Int, _ total: Int) throws -> Void

    public init(step: Int = ImportPlanProgress.standardStep, report: @escaping (_ checked: Int, _ total: Int) throws -> Void) {
        self.step = max(1, step)
        self.report = report
    }
}
