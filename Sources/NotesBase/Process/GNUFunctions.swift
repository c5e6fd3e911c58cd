import Foundation

/// glibc functions the spawner needs that Swift does not see: their declarations sit behind
/// `_GNU_SOURCE` in the C headers, which the Glibc module is built without. Each is looked up
/// by name in the running process (`dlsym` on the default scope) and called through a typed C
/// function pointer; nil where this C library lacks it, and the caller takes its fallback.
enum GNUFunctions {
    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29): a file action that changes the
    /// child's working directory.
    typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    /// `pidfd_open` (glibc 2.36, Linux 5.3): a descriptor that polls readable once the process has ended.
    typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32
    /// `pipe2` (glibc 2.9): a pipe whose ends are close-on-exec from the start.
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    static var addChdir: AddChdir? { lookUp("posix_spawn_file_actions_addchdir_np", as: AddChdir.self) }
    static var pidfdOpen: PidfdOpen? { lookUp("pidfd_open", as: PidfdOpen.self) }
    static var pipe2: Pipe2? { lookUp("pipe2", as: Pipe2.self) }

    /// The function called `name` in the process's default scope, typed as `type`.
    private static func lookUp<Function>(_ name: String, as type: Function.Type) -> Function? {
        // A nil handle is glibc's RTLD_DEFAULT: every object loaded, in load order.
        guard let symbol = dlsym(nil, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}
