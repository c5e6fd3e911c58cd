import NotesModel

extension QuickOpenScan {
    /// How many slots are filtered at a time before the ones that pass are looked at.
    static let filterChunk = 512

    /// Writes to `passing` the live slots of `range` (at most `filterChunk`) whose byte mask
    /// (`TitleSummaryColumns.bytes`, 8 bytes a slot) holds every bit of
    /// `mask`, and returns how many. Without a branch per slot: about
    /// half the titles hold a two-byte query's bytes, a branch no predictor guesses, and
    /// the loop then only streams the masks; the slots that pass are looked at after.
    @inline(__always)
    static func holding(_ mask: UInt64, in range: Range<Int32>, _ masks: UnsafePointer<UInt64>,
                        _ live: UnsafePointer<Int32>, into passing: UnsafeMutablePointer<Int32>) -> Int {
        var count = 0
        for slot in range {
            passing[count] = slot
            let holds = masks[Int(slot)] & mask == mask ? 1 : 0
            // A retired slot's position is −1: its sign bit, shifted down, clears the 1.
            count += holds & Int(UInt32(bitPattern: ~live[Int(slot)]) >> 31)
        }
        return count
    }
}
