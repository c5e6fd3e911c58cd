import ArgumentParser
import Foundation
import NotesExchange
import NotesLinks
import NotesModel
import NotesStore

/// `notes doctor [--salvage]`
struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check a store, and with --salvage rebuild it from what can be read.",
        discussion: """
        Without --salvage nothing is changed: the report lists every problem with its file and place, \
        and the exit status is 1 when there are problems. Dead and ambiguous links are listed by note \
        (they are not problems of the store: see 'notes links --dead'). --salvage keeps backups of the original files, \
        then writes a store of everything readable; a healthy store is left alone.
        """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Keep backups, then rewrite the store from everything that can be read.")
    var salvage = false

    func run() throws {
        let url = storeOptions.url
        var report = salvage ? try Self.salvage(at: url) : StoreDoctor.examine(at: url)
        report.notices += CoreDataStaleCopies.notices()
        Console.out(report.description)
        if !salvage { Console.out(lines: Self.linkLines(report.readable)) }
        if !salvage, !report.isHealthy {
            Console.error("error: \(report.problems.count) \(report.problems.count == 1 ? "problem" : "problems") found; 'notes doctor --salvage' keeps a backup and rebuilds the store from what can be read")
            throw ExitCode.failure
        }
    }

    /// `StoreDoctor.salvage`, with a progress line on standard error when it is a terminal.
    /// `Ctrl-C` while it reads stops it with the store untouched; once it writes (the
    /// backups, then the store renamed into place), the salvage is finished whole.
    static func salvage(at url: URL) throws -> DoctorReport {
        let progress = ProgressLine.forTerminal(label: "salvaging: reading", unit: .bytes)
        defer { progress?.finish() }
        Interrupt.install(.salvaging, erasesProgress: progress != nil)
        defer { Interrupt.remove() }
        let report = try StoreDoctor.salvage(at: url) { update in
            if case .writing = update { Interrupt.beginWriting() }
            progress?.show(update)
        }
        progress?.finish()
        if Interrupt.wasRequested { Console.warning(Interrupt.Work.salvaging.afterWriting) }
        return report
    }

    /// The dead and ambiguous links of the readable notes, by note; nothing when there are none.
    static func linkLines(_ database: NotesDatabase) -> [String] {
        let broken = LinkGraph(database: database).brokenLinks { database.notes[$0] }
        guard !broken.isEmpty else { return [] }
        let count = broken.reduce(0) { $0 + $1.links.count }
        return ["  links: \(count) dead or ambiguous in \(broken.count) \(broken.count == 1 ? "note" : "notes")"]
            + LinksOutput.brokenLines(broken, in: database).map { "    " + $0 }
    }
}

extension ProgressLine {
    /// Shows how far a salvage has come.
    func show(_ progress: SalvageProgress) {
        switch progress {
        case .reading(let done, let total): update(done: done, total: total)
        case .writing(let done, let total): update(done: done, total: total, unit: .items("notes"), label: "salvaging: writing")
        }
    }
}
