// The timeline of the little tractor that crosses the results header when a calculation
// is recorded: where it is after a given time. The window only draws it there.


public enum TractorRide {
    /// Seconds from entering on the left to leaving on the right.
    public static let duration = 1.8

    /// The tractor's left edge, in the same units as the widths, after `elapsed` seconds;
    /// nil once it has left. It eases in and out so it looks driven, not slid.
    public static func position(elapsed: Double, trackWidth: Double, tractorWidth: Double) -> Double? {
        guard elapsed >= 0, elapsed < duration else { return nil }
        let t = elapsed / duration
        let eased = t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t)
        return -tractorWidth + eased * (trackWidth + tractorWidth)
    }
}
