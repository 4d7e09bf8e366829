// Timing helpers for the benchmarks: medians in milliseconds, aligned report lines.

/// The median of `runs` timings of `body`, in milliseconds.
func milliseconds(runs: Int = 7, _ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    var times: [Double] = []
    for _ in 0..<runs {
        let elapsed = try clock.measure(body)
        times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    return times.sorted()[runs / 2]
}

func report(_ label: String, _ value: Double, goal: Double? = nil) {
    let tenths = Int((value * 10).rounded())
    let number = "\(tenths / 10).\(tenths % 10) ms"
    let target = goal.map { "   goal < \(Int($0)) ms: " + (value < $0 ? "ok" : "MISSED") } ?? ""
    print(padded(label, 62) + padded(String(repeating: " ", count: max(0, 10 - number.count)) + number, 10) + target)
}

func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}
