/// What a sync started by `S` tells the app while it runs (`AppRunner.SyncAction`): its
/// steps, as `progress("sync: fetching")`, and while it writes a large batch of files (a
/// first sync writes every note) how many of how many, as `SyncEngine.fileProgress` says.
/// Both may be called from the sync's thread; the status line shows them.
public struct SyncProgress: Sendable {
    private let step: @Sendable (String) -> Void
    private let files: @Sendable (_ done: Int, _ total: Int) -> Void

    public init(step: @escaping @Sendable (String) -> Void,
                files: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }) {
        self.step = step
        self.files = files
    }

    /// A step, such as "sync: fetching".
    public func callAsFunction(_ line: String) { step(line) }

    /// `done` of `total` files written so far.
    public func filesWritten(_ done: Int, of total: Int) { files(done, total) }
}
