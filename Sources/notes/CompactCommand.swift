#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
import NotesCore

/// `notes compact`: folds the journal into a new snapshot, holding the store's lock only
/// to catch up and to swap the file in, so other processes commit meanwhile. A command
/// whose commit finds compaction due starts this detached (`DetachedCompaction`) instead
/// of waiting for it; it can also be run by hand.
struct Compact: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fold the journal into the snapshot (commands start this on their own when it is due).",
        shouldDisplay: false)

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let url = storeOptions.url
        // Started detached by another command: a store removed meanwhile is not made anew.
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw CLIError.notFound(url.path)
        }
        var options = NotesStoreOptions()
        options.compaction = .background
        let store = try NotesStore.open(at: url, options: options)
        defer { store.close() }
        try store.compactWithoutHoldingTheLock()
    }
}

/// Starts `notes compact --store PATH` as a process of its own, in a session of its own,
/// with no terminal and standard streams on `/dev/null`: the command that found
/// compaction due exits at once, and the compaction finishes whatever happens to it.
enum DetachedCompaction {
    static func start(_ url: URL) {
        var executable = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &executable, executable.count - 1)
        guard length > 0 else { return }
        let path = String(decoding: executable.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let arguments = [path, "compact", "--store", url.path]
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // glibc's POSIX_SPAWN_SETSID (0x80; Swift does not see it without _GNU_SOURCE).
        posix_spawnattr_setflags(&attributes, Int16(0x80))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in Int32(0)...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var pid: pid_t = 0
        _ = posix_spawn(&pid, path, &actions, &attributes, pointers, environ)
    }
}
