import Foundation
import NotesBase

/// Runs one program as a whole process, the way a shell runs a command, and reports what it
/// cost: wall time from spawn to reaped, and its CPU time (user + system) from `wait4`.
/// Not its peak memory from `ru_maxrss`: a child spawned by a big process reports the parent's
/// resident size there (Linux carries the old address space's high-water mark across exec);
/// `sampleMemory` reads the child's own high-water mark instead.
/// Standard input is `/dev/null`, standard output is thrown away, and standard error goes to
/// a file, read back only when the program fails.
enum WholeProcess {
    struct Run {
        let wallMilliseconds: Double
        let cpuMilliseconds: Double
        /// Its peak resident memory, when asked for (`sampleMemory`) and readable.
        var peakBytes: Int?
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How a process ended, from the status word `wait4` gives (the `WIFEXITED` family,
    /// which Swift cannot import as macros).
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)

        init(status: Int32) {
            let signal = status & 0x7f
            self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        }

        var isSuccess: Bool { self == .exited(0) }

        var description: String {
            switch self {
            case .exited(let code): "exited \(code)"
            case .signalled(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// Runs `executable` with `arguments` and `environment` (the whole environment, as
    /// `NAME=value` strings); throws with its standard error if it does not exit 0.
    /// `errorFile` receives that standard error (overwritten each run). With `sampleMemory`,
    /// its peak memory is sampled while it runs (`PeakMemorySampler`).
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String], errorFile: URL,
                    sampleMemory: Bool = false) throws -> Run {
        var child = ChildSpawn(program: executable.path, arguments: [executable.path] + arguments, environment: environment)
        child.standardInput = .open("/dev/null", flags: O_RDONLY)
        child.standardOutput = .open("/dev/null", flags: O_WRONLY)
        child.standardError = .open(errorFile.path, flags: O_WRONLY | O_CREAT | O_TRUNC)
        let start = DispatchTime.now().uptimeNanoseconds
        let pid: pid_t
        do { pid = try child.start() } catch {
            throw Failure(description: "could not start \(executable.path): \(String(cString: strerror(error.code)))")
        }
        let sampler = sampleMemory ? PeakMemorySampler(pid: pid) : nil
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw Failure(description: "wait4: \(String(cString: strerror(errno)))") }
        }
        let end = DispatchTime.now().uptimeNanoseconds
        let peakBytes = sampler?.stop()
        let ending = Ending(status: status)
        guard ending.isSuccess else {
            let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            let command = ([executable.lastPathComponent] + arguments).joined(separator: " ")
            throw Failure(description: "\(command) \(ending.description): \(errors.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        func milliseconds(_ time: timeval) -> Double { Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
        return Run(wallMilliseconds: Double(end - start) / 1_000_000,
                   cpuMilliseconds: milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime), peakBytes: peakBytes)
    }

    /// This process's environment with `name` set to `value` (replacing any value it had).
    static func environment(setting name: String, to value: String) -> [String: String] {
        ProcessInfo.processInfo.environment.merging([name: value]) { _, new in new }
    }
}
