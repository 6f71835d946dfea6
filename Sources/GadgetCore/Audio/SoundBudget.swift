/// How much sound a board may keep decoded (docs/board-format.md, "Sound"): each sound at most
/// `maximumSeconds`, all of a board's together at most `maximumBytes` of PCM at the mix format.
/// Board sounds are decoded once at load and held in memory for the board's life, so the budget
/// bounds what a board file can make a small kiosk allocate; music streams as a soundtrack.
public enum SoundBudget {
    /// The longest sound, seconds: an announcement or a jingle, not a song.
    public static let maximumSeconds = 10.0
    /// All of a board's sounds, bytes of float PCM: 16 MiB is about 43.7 s at 48 kHz stereo.
    public static let maximumBytes = 16 << 20

    /// The most frames one sound may have at `format`.
    public static func maximumFrames(_ format: AudioFormat) -> Int { Int(maximumSeconds * Double(format.sampleRate)) }

    /// The bytes `sound` holds.
    public static func bytes(_ sound: SoundBuffer) -> Int { sound.samples.count * 4 }
}
