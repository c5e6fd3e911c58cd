/// One figure of the report: a measured value (or why there is none), its target,
/// and the baseline it is compared with.
struct Figure {
    enum Unit: String {
        case milliseconds = "ms"
        case bytes = "bytes"
        case ratio = "×"
    }

    /// The key in the JSON output, e.g. `open_ms`.
    let key: String
    /// What the table calls it.
    let label: String
    let unit: Unit
    /// The measured value; nil when it could not be measured (see `note`).
    var value: Double?
    /// Pass when `value <= target`; nil when the figure has no target.
    var target: Double?
    /// What the same job costs done the naive way, measured in this run.
    var baseline: Baseline?
    /// Why there is no value, or how it was measured (sample count, caveats).
    var note: String?

    struct Baseline {
        /// The key in the JSON output, e.g. `baseline_jsondecoder_open_ms`.
        let key: String
        let label: String
        let value: Double
    }

    var passed: Bool? {
        guard let value, let target else { return nil }
        return value <= target
    }

    /// "n/a" when unmeasured; no result when there is no target.
    var resultText: String {
        guard value != nil else { return "n/a" }
        guard let passed else { return "" }
        return passed ? "pass" : "FAIL"
    }

    static func format(_ value: Double, _ unit: Unit) -> String {
        switch unit {
        case .bytes:
            return value >= 10_000 ? String(Int(value.rounded())).groupedThousands : String(Int(value.rounded()))
        case .milliseconds:
            return fixed(value, value < 10 ? 3 : 1) + " ms"
        case .ratio:
            return fixed(value, 2) + "×"
        }
    }

    /// `value` with `places` decimals, without Foundation's locale-dependent formatting.
    static func fixed(_ value: Double, _ places: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled - Double(whole) * scale)
        var fractionText = String(fraction)
        while fractionText.count < places { fractionText = "0" + fractionText }
        return (value < 0 ? "-" : "") + String(whole) + (places > 0 ? "." + fractionText : "")
    }
}

extension String {
    /// "1234567" → "1,234,567".
    var groupedThousands: String {
        var result = ""
        for (index, character) in reversed().enumerated() {
            if index > 0, index % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return String(result.reversed())
    }
}
