import ArgumentParser
import Foundation
import NotesStore

/// `notes doctor [--salvage]`
struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a store, and with --salvage rebuild it from what can be read.",
        discussion: """
        Without --salvage nothing is changed: the report lists every problem with its file and place, \
        and the exit status is 1 when there are problems. --salvage keeps backups of the original files, \
        then writes a store of everything readable; a healthy store is left alone.
        """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Keep backups, then rewrite the store from everything that can be read.")
    var salvage = false

    func run() throws {
        let url = storeOptions.url
        let report = salvage ? try StoreDoctor.salvage(at: url) : StoreDoctor.examine(at: url)
        Console.out(report.description)
        if !salvage, !report.isHealthy {
            Console.error("error: \(report.problems.count) \(report.problems.count == 1 ? "problem" : "problems") found; 'notes doctor --salvage' keeps a backup and rebuilds the store from what can be read")
            throw ExitCode.failure
        }
    }
}
