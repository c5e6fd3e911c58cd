import Foundation

/// Wall-clock timing on the monotonic clock, and the statistics the report uses.
enum Stopwatch {
    /// Runs `work` once and returns its result and how long it took, in milliseconds.
    static func time<T>(_ work: () throws -> T) rethrows -> (T, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try work()
        let end = DispatchTime.now().uptimeNanoseconds
        return (result, Double(end - start) / 1_000_000)
    }
}

/// CPU time of the whole process (all threads), which other processes on a busy
/// machine disturb far less than wall-clock time.
enum ProcessCPUTime {
    static func milliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
    }
}

/// Samples of one measurement, in milliseconds (or any unit).
struct Samples {
    private(set) var values: [Double] = []

    mutating func add(_ value: Double) { values.append(value) }

    var count: Int { values.count }

    /// The median; nil when there are no samples.
    var median: Double? { percentile(50) }

    /// The 99th percentile by nearest rank; with fewer than 100 samples this is close to the maximum.
    var p99: Double? { percentile(99) }

    var maximum: Double? { values.max() }

    var minimum: Double? { values.min() }

    /// Nearest-rank percentile.
    func percentile(_ percent: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank - 1, 0), sorted.count - 1)]
    }
}

/// CPU time of the calling thread alone (a background thread's work is not counted).
enum ThreadCPUTime {
    static func milliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
    }
}
