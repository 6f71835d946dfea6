/// A sound card's headphone jack as an ALSA control rather than an input device (EN 5.2: "plugging
/// in a headset (evdev SW_HEADPHONE_INSERT or the ALSA jack control)"). The kernel's jack layer
/// (sound/core/jack.c, `snd_jack_new` with `initial_kctl`) adds a boolean card control named after
/// the jack plus " Jack": HDA's "Headphone Jack" and "Front Headphone Jack", ASoC machine drivers'
/// "Headphone Jack" or "Headphones Jack"; `amixer -c N controls` lists them. Not "Mic Jack",
/// "Line Out Jack" or "HDMI/DP,pcm=3 Jack". Any matching control on means a headset is in.
/// Reads values as the audio thread gives them and says when that is a plug-in or unplug, the
/// same `HeadsetSwitch.Change` the evdev switch gives. Pure.
public struct HeadphoneJackControl: Sendable, Equatable {
    /// Whether a control named `name` is a headphone jack's: it ends in " Jack" and says
    /// "Headphone" (the caller also checks it is a boolean card control).
    public static func matches(_ name: String) -> Bool {
        name.hasSuffix(" Jack") && name.contains("Headphone")
    }

    /// Whether a headset is in, as last read (nil: not read yet).
    public private(set) var plugged: Bool?

    public init() {}

    /// One read of the card's matching controls, at `time` (monotonic). The first read (at open)
    /// is a change only when a headset is already in, as the evdev switch read at open
    /// (`HeadsetSwitch.opened`): the output starts public. Later reads are a change when it differs.
    public mutating func read(_ values: [Bool], time: Microseconds) -> HeadsetSwitch.Change? {
        let p = values.contains(true)
        let first = plugged == nil
        guard p != plugged else { return nil }
        plugged = p
        if first && !p { return nil }
        return HeadsetSwitch.Change(plugged: p, time: time)
    }
}
