import Glibc
import ArgumentParser
import Foundation
import NotesBase
import NotesStore

/// `notes compact`: folds the journal into a new snapshot, holding the store's lock only
/// to catch up and to swap the file in, so other processes commit meanwhile. A command
/// whose commit finds compaction due starts this detached (`DetachedCompaction`) instead
/// of waiting for it; it can also be run by hand.
struct Compact: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compact",
        abstract: "Fold the journal into the snapshot (commands start this on their own when it is due).",
        shouldDisplay: false)

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let url = storeOptions.url
        // Started detached by another command: a store removed meanwhile is not made anew.
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw CLIError.notFound(url.path)
        }
        // One compaction at a time: another one running folds the journal already, and
        // the next commit past the threshold starts the next.
        guard let held = CompactionLock.acquire(for: url) else { return }
        defer { withExtendedLifetime(held) {} }
        var options = NotesStoreOptions()
        options.compaction = .background
        options.snapshotCompanions = [LinkIndexFile.companion]  // written with the new snapshot, off the lock
        let store = try NotesStore.open(at: url, options: options)
        defer { store.close() }
        // Run by hand, its failure is told here; detached, the record beside the store tells the next command.
        store.warningHandler = { Console.warning($0.description) }
        try store.compactWithoutHoldingTheLock()
        // The next rename finds its linking notes without reading every body (decision 0070):
        // the compaction wrote the index; with nothing to compact, one is written if missing.
        if LinkIndexFile.read(for: url) == nil { LinkIndexFile.refresh(store) }
    }
}

/// Starts `notes compact --store PATH` as a process of its own, in a session of its own,
/// with no terminal and standard streams on `/dev/null`: the command that found
/// compaction due exits at once, and the compaction finishes whatever happens to it.
enum DetachedCompaction {
    static func start(_ url: URL) {
        guard !CompactionLock.isHeld(for: url) else { return }  // one is running: it folds the journal
        var executable = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &executable, executable.count - 1)
        guard length > 0 else { return }
        let path = String(decoding: executable.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var child = ChildSpawn(program: path, arguments: [path, "compact", "--store", url.path])
        child.newSession = true
        child.standardInput = .open("/dev/null", flags: O_RDONLY)
        child.standardOutput = .open("/dev/null", flags: O_WRONLY)
        child.standardError = .open("/dev/null", flags: O_WRONLY)
        // Not waited for here: it outlives a command, and the app reaps it when it ends.
        _ = try? child.startReaped()
    }
}
