/// A volume level (board `"volume"`, control `volume`, quiet hours, a video's `"volume"`) as the
/// gain the mixer multiplies by. Pure.
///
/// The level is linear amplitude, as HTML media's `volume` and mpv's `--volume` are at 100 %:
/// 0.5 halves the amplitude, −6.02 dB, so a board's author gets what the number says and two
/// levels multiply. Out-of-range levels are clamped (the board checker refuses them first).
public enum VolumeCurve {
    /// The gain for `level`, clamped to 0...1; NaN is silence.
    public static func gain(level: Double) -> Float {
        guard !level.isNaN else { return 0 }
        return Float(Math.clamp(level, 0, 1))
    }

    /// The gain in decibels (20·log10), −infinity for silence: for log lines and tests.
    public static func decibels(gain: Double) -> Double {
        gain <= 0 ? -.infinity : 20 * Math.log(gain) / Math.log(10)
    }
}
