/// How far `ImportReader` has come, for a progress line on a terminal.
public enum ImportProgress: Sendable, Equatable {
    /// Notes read so far from the files of the import (how many there will be is not
    /// known before the walk ends).
    case notes(Int)
    /// Bytes read so far of one notes JSON export, of its size.
    case bytes(Int, of: Int)
}
