import Foundation
import Glibc

/// Watches a pipe a command writes to while the command works without writing to it (a
/// listing reading the whole store after its first lines): when the pipe's reader goes
/// away (`notes list | head -1`), `readerGone` runs at once on a thread of its own, instead
/// of the next write finding out seconds later. Only a pipe is watched: a file or a
/// terminal has no reader to lose. The thread blocks in `poll` (no polling loop) until the
/// pipe reports an error, which Linux does for a pipe whose every reader has closed it.
public enum ReaderWatch {
    /// Starts watching `fd` when it is a pipe; returns whether it does.
    @discardableResult
    public static func start(fd: Int32 = STDOUT_FILENO, readerGone: @escaping @Sendable () -> Void) -> Bool {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return false }
        Thread.detachNewThread {
            var watched = pollfd(fd: fd, events: 0, revents: 0)
            while true {
                if poll(&watched, 1, -1) < 0 {
                    if errno == EINTR { continue }
                    return
                }
                if watched.revents & Int16(POLLERR) != 0 { readerGone() }
                return  // anything else (the descriptor closed): nothing more to watch
            }
        }
        return true
    }
}
