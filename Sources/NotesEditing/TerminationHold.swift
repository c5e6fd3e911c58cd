import Glibc

/// Holds `SIGHUP` and `SIGTERM` for the whole of an edit in the editor: a hangup of the
/// terminal (or the session ending) reaches the editor too, and notes waits for it, saves
/// or keeps what it wrote, removes its temporary folder, and only then ends with the
/// signal (`end()` returns it; the caller raises it once the handlers are back). A signal
/// that comes twice, or after the editor is gone, is held all the same.
public struct TerminationHold {
    nonisolated(unsafe) fileprivate static var held: sig_atomic_t = 0
    private var saved = SignalDispositions()

    /// Starts holding: from now on `SIGHUP` and `SIGTERM` are recorded, not acted on.
    public static func begin() -> TerminationHold {
        held = 0
        var hold = TerminationHold()
        hold.saved.set(SIGHUP, to: { received in TerminationHold.held = received })
        hold.saved.set(SIGTERM, to: { received in TerminationHold.held = received })
        return hold
    }

    /// Puts the handling back and returns the signal that was held, if any: the caller
    /// raises it (`raise`) or exits with 128 + it.
    public func end() -> Int32? {
        saved.restore()
        let signal = Self.held
        Self.held = 0
        return signal == 0 ? nil : Int32(signal)
    }
}
