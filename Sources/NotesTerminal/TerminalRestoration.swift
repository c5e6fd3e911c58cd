import CNCursesW
import Foundation

/// Gives the terminal back when the process ends without `close()`: on exit; on `SIGINT`,
/// `SIGTERM`, `SIGHUP` (then exits with status 128 + signal number); and on a crash or a
/// quit (`SIGSEGV`, `SIGBUS`, `SIGABRT`, `SIGILL`, `SIGFPE`, `SIGTRAP` — Swift's
/// `fatalError` —, `SIGQUIT`), after which the signal is raised again with its default
/// action, so the process dies of it as usual (status, core) and nothing draws over the
/// raw-mode screen (the Swift runtime's crash report is not run).
///
/// The handlers only do what is safe in a signal handler: they `write(2)` bytes prepared
/// when the terminal was opened (leave the alternate screen, or clear the screen where there
/// is none; show the cursor; plain attributes; keypad and bracketed paste off) and
/// `tcsetattr` the tty modes saved before curses changed them. No curses call, no allocation.
enum TerminalRestoration {
    /// A curses screen is open (set and read on the main thread and in the handlers).
    nonisolated(unsafe) static var screenIsActive = false
    /// `SIGINT` is ignored while another program has the terminal (and a crash then leaves
    /// the terminal to that program).
    nonisolated(unsafe) static var ignoresInterrupt = false
    /// Bracketed paste is on: every way out turns it off again.
    nonisolated(unsafe) static var bracketedPasteIsOn = false
    /// Mouse reporting is on: every way out turns it off again.
    nonisolated(unsafe) static var mouseReportingIsOn = false
    nonisolated(unsafe) private static var installed = false

    /// The tty modes from before curses took the terminal, and whether they were read.
    nonisolated(unsafe) private static let savedModes: UnsafeMutablePointer<termios> = {
        let modes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        modes.initialize(to: termios())
        return modes
    }()
    nonisolated(unsafe) private static var hasSavedModes = false
    /// The bytes that put the screen back, and how many of `resetBytes` are used.
    private static let resetCapacity = 512
    nonisolated(unsafe) private static let resetBytes: UnsafeMutablePointer<UInt8> = {
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: resetCapacity)
        bytes.initialize(repeating: 0, count: resetCapacity)
        return bytes
    }()
    nonisolated(unsafe) private static var resetCount = 0

    /// Saves the tty modes; called before curses changes them.
    static func saveModes() {
        hasSavedModes = tcgetattr(STDOUT_FILENO, savedModes) == 0
    }

    /// Prepares the bytes that put the screen back, from the terminfo entry curses opened:
    /// plain attributes, keypad off, cursor shown, and the alternate screen left — or, on a
    /// terminal without one (`TERM=linux`), the screen cleared, so no frame stays behind.
    static func prepareResetBytes() {
        var bytes: [UInt8] = []
        let leavesAlternateScreen = capability("rmcup") != nil
        for name in ["sgr0", "rmkx", "cnorm", leavesAlternateScreen ? "rmcup" : "clear"] {
            bytes += capability(name) ?? []
        }
        let count = min(bytes.count, resetCapacity)
        for index in 0..<count { resetBytes[index] = bytes[index] }
        resetCount = count
    }

    /// Whether the terminal has an alternate screen (terminfo `smcup`).
    static var hasAlternateScreen: Bool { capability("smcup") != nil }

    /// The terminfo string `name` of the current terminal; nil when it has none.
    static func capability(_ name: String) -> [UInt8]? {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self),
                                              count: strlen(value)))
        return bytes.isEmpty ? nil : bytes
    }

    /// Puts the terminal back as the shell had it, with async-signal-safe calls only. The tty
    /// modes first and the screen last, so that once the alternate screen is left, all is back.
    static func restoreFromSignalHandler() {
        guard !ignoresInterrupt else { return }  // another program (the editor) has the terminal
        if screenIsActive && hasSavedModes { tcsetattr(STDOUT_FILENO, TCSANOW, savedModes) }
        if bracketedPasteIsOn { notes_bracketed_paste(0) }
        if mouseReportingIsOn { notes_mouse_reporting(0) }
        guard screenIsActive else { return }
        var written = 0
        while written < resetCount {
            let count = Glibc.write(STDOUT_FILENO, resetBytes + written, resetCount - written)
            if count <= 0 { break }
            written += count
        }
    }

    static func installSignalHandlers() {
        guard !installed else { return }
        installed = true
        atexit {
            if TerminalRestoration.screenIsActive { endwin() }
            if TerminalRestoration.bracketedPasteIsOn { notes_bracketed_paste(0) }
            if TerminalRestoration.mouseReportingIsOn { notes_mouse_reporting(0) }
        }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            install(signalNumber) { received in
                if received == SIGINT && TerminalRestoration.ignoresInterrupt { return }
                TerminalRestoration.restoreFromSignalHandler()
                _exit(128 + received)
            }
        }
        for signalNumber in dyingSignals {
            install(signalNumber) { received in
                TerminalRestoration.restoreFromSignalHandler()
                // Die of the signal as if no handler had been there: the default action is put
                // back and the signal raised again; it is blocked while this handler runs, so it
                // is delivered as the handler returns (a fault also recurs when its instruction
                // runs again). The runtime's crash report would draw over the screen and wait.
                var action = sigaction()
                action.__sigaction_handler.sa_handler = notes_sig_dfl()
                sigemptyset(&action.sa_mask)
                sigaction(received, &action, nil)
                raise(received)
            }
        }
    }

    /// The signals that end the process with their default action after the terminal is back.
    static let dyingSignals = [SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP, SIGQUIT]

    private static func install(_ signalNumber: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signalNumber, &action, nil)
    }
}
