import Foundation

/// Runs a program to completion with a clean signal state and collects its output.
///
/// `Foundation.Process` children inherit the spawning thread's signal mask, and the
/// test runner's threads block `SIGINT`, `SIGTERM`, `SIGHUP` and more. A tmux server
/// started that way passes the blocked mask on to every pane, so a program under test
/// could not be interrupted at all. This spawns with an empty mask and every signal at
/// its default disposition, as a login shell would see it.
enum TmuxProcess {
    /// Runs `executable` with `arguments`; stdin is `/dev/null`, stdout and stderr go
    /// to `outputFile`, which is read back. Returns the exit status and the output.
    static func run(_ executable: String, _ arguments: [String], outputFile: String) throws -> (status: Int32, output: String) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in Int32(1)..<32 where signalNumber != SIGKILL && signalNumber != SIGSTOP {
            sigaddset(&defaults, signalNumber)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argumentStrings = [executable] + arguments
        let environmentStrings = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let argv = argumentStrings.map { strdup($0) } + [nil]
        let envp = environmentStrings.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }

        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw TmuxError.commandFailed(arguments: arguments, status: -1,
                                          output: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, output)
    }
}
