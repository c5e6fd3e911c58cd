import Foundation
import NotesTestSupport
import Testing

/// One fuzz case: its name (a folder or file in the batch folder), the seed that
/// made it and what was done, for the failure message.
struct FuzzCase {
    let name: String
    let seed: UInt64
    let description: String
}

/// One result line of `notes-stress open-batch` / `archive-batch`.
struct FuzzResult {
    let status: String
    let detail: String
}

/// Runs a `notes-stress` batch mode over a folder of cases in as few child
/// processes as possible. A child that dies by a signal is a failure naming the
/// case it was on; the batch then goes on in a new child after that case.
enum FuzzBatch {
    static func run(mode: String, folder: URL, cases: [FuzzCase], scratch: TemporaryFolder) throws -> [String: FuzzResult] {
        let stress = try StressBinaries.stress()
        let ordered = cases.sorted { $0.name < $1.name }
        var results: [String: FuzzResult] = [:]
        var after: String?
        while true {
            let child = try ChildProcess(
                executable: stress, arguments: [mode, folder.path] + (after.map { ["--after", $0] } ?? []),
                environment: StressBinaries.environment(), stdout: .pipe, stderrURL: scratch.file("stderr-\(mode)"))
            while let line = try child.readLine() {
                let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
                guard parts.count >= 2 else {
                    Issue.record("\(mode): unreadable result line \(line.debugDescription)")
                    continue
                }
                results[parts[0]] = FuzzResult(status: parts[1], detail: parts.count > 2 ? parts[2] : "")
            }
            let exit = child.wait()
            if exit == .exited(0) { break }
            guard let crashed = ordered.first(where: { results[$0.name] == nil }) else {
                Issue.record("\(mode): the child \(exit) after the last case: \(child.stderrText)")
                break
            }
            Issue.record("\(mode): the child \(exit) on case \(crashed.name) (seed \(crashed.seed)): \(crashed.description)\n\(child.stderrText)")
            results[crashed.name] = FuzzResult(status: "crashed", detail: "\(exit)")
            after = crashed.name
        }
        return results
    }
}
