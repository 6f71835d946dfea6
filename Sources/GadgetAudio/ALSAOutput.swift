import CALSA
import GadgetCore
import GadgetSystem

/// An ALSA playback PCM (`snd_pcm_t`), owned: opened non-blocking with the format negotiated
/// (48 kHz stereo float where the device takes it, else S32 or S16 converted here), a period of
/// ≤ 10 ms and three of them in the buffer; closed on `close` or deinit.
///
/// Errors: an underrun (-EPIPE) and a suspend (-ESTRPIPE) are recovered with `snd_pcm_recover`
/// (which prepares or resumes the stream); anything else a write or wait returns (-ENODEV when a
/// USB card is pulled, -EBADFD, -EIO), or a device that takes nothing for a second, means the
/// device is gone: `.lost`, and the engine reopens it later. Thread: see `AudioOutput`.
public final class ALSAOutput: AudioOutput {
    public let name: String
    private var pcm: OpaquePointer?
    private var settings: AudioOutputSettings?
    private var wire: snd_pcm_format_t = SND_PCM_FORMAT_FLOAT_LE
    /// Free frames at which a period can be written leaving `AudioTuning.queuedPeriods` queued.
    private var roomFrames = 0
    private var s16: [Int16] = []
    private var s32: [Int32] = []

    /// The sample formats tried, best first: float is what the mixer makes (no conversion, and the
    /// file plugin records exactly the mix); S32 and S16 are what cards take.
    static let wireFormats: [snd_pcm_format_t] = [SND_PCM_FORMAT_FLOAT_LE, SND_PCM_FORMAT_S32_LE, SND_PCM_FORMAT_S16_LE]

    public init(device: String) {
        name = device
    }

    deinit { close() }

    /// The card behind the PCM (`snd_pcm_info`: a plug or hw PCM names its card; null, file and
    /// most software PCMs have none) and its headphone jack controls.
    public func jackControls() -> (any JackControlSource)? {
        guard let pcm else { return nil }
        var info: OpaquePointer?
        guard snd_pcm_info_malloc(&info) >= 0, let info else { return nil }
        defer { snd_pcm_info_free(info) }
        guard snd_pcm_info(pcm, info) >= 0 else { return nil }
        return ALSAJackControls.open(card: Int(snd_pcm_info_get_card(info)))
    }

    public func open(preferred: AudioFormat) throws(AudioError) -> AudioOutputSettings {
        close()
        // libasound is opened here, by the first output that opens (CALSA): without it, one line.
        guard gadget_alsa_load() == 0 else { throw AudioError.library(String(cString: gadget_alsa_message())) }
        var handle: OpaquePointer?
        try check("snd_pcm_open", snd_pcm_open(&handle, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK))
        guard let handle else { throw AudioError.alsa("snd_pcm_open", name, -ENODEV) }
        do throws(AudioError) {
            let agreed = try configure(handle, preferred: preferred)
            pcm = handle
            settings = agreed
            return agreed
        } catch {
            snd_pcm_close(handle)
            throw error
        }
    }

    private func configure(_ pcm: OpaquePointer, preferred: AudioFormat) throws(AudioError) -> AudioOutputSettings {
        var hw: OpaquePointer?
        try check("snd_pcm_hw_params_malloc", snd_pcm_hw_params_malloc(&hw))
        defer { snd_pcm_hw_params_free(hw) }
        try check("snd_pcm_hw_params_any", snd_pcm_hw_params_any(pcm, hw))
        try check("snd_pcm_hw_params_set_access", snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED))
        guard let format = Self.wireFormats.first(where: { snd_pcm_hw_params_test_format(pcm, hw, $0) == 0 }) else {
            throw AudioError.unsupportedFormat(device: name, detail: "tried FLOAT_LE, S32_LE, S16_LE")
        }
        try check("snd_pcm_hw_params_set_format", snd_pcm_hw_params_set_format(pcm, hw, format))
        var channels = UInt32(preferred.channels)
        try check("snd_pcm_hw_params_set_channels_near", snd_pcm_hw_params_set_channels_near(pcm, hw, &channels))
        var rate = UInt32(preferred.sampleRate)
        var dir: Int32 = 0
        try check("snd_pcm_hw_params_set_rate_near", snd_pcm_hw_params_set_rate_near(pcm, hw, &rate, &dir))
        let mix = AudioFormat(sampleRate: Int(rate), channels: Int(channels))
        var period = snd_pcm_uframes_t(AudioTuning.periodFrames(mix))
        dir = 0
        try check("snd_pcm_hw_params_set_period_size_near", snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, &dir))
        var buffer = period * snd_pcm_uframes_t(AudioTuning.periods)
        try check("snd_pcm_hw_params_set_buffer_size_near", snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer))
        try check("snd_pcm_hw_params", snd_pcm_hw_params(pcm, hw))
        dir = 0
        try check("snd_pcm_hw_params_get_period_size", snd_pcm_hw_params_get_period_size(hw, &period, &dir))
        try check("snd_pcm_hw_params_get_buffer_size", snd_pcm_hw_params_get_buffer_size(hw, &buffer))

        // Keep `queuedPeriods` queued, not the whole buffer (a tap's sound waits behind what is
        // queued): wake when a period fits on top of one period less than that, and start once
        // that much is queued (a cold start plays the first chunks in order instead of
        // underrunning after the first).
        let fill = min(buffer - buffer % max(1, period), period * snd_pcm_uframes_t(max(1, AudioTuning.queuedPeriods)))
        let room = buffer - fill + period
        var sw: OpaquePointer?
        try check("snd_pcm_sw_params_malloc", snd_pcm_sw_params_malloc(&sw))
        defer { snd_pcm_sw_params_free(sw) }
        try check("snd_pcm_sw_params_current", snd_pcm_sw_params_current(pcm, sw))
        try check("snd_pcm_sw_params_set_avail_min", snd_pcm_sw_params_set_avail_min(pcm, sw, room))
        try check("snd_pcm_sw_params_set_start_threshold", snd_pcm_sw_params_set_start_threshold(pcm, sw, fill))
        try check("snd_pcm_sw_params", snd_pcm_sw_params(pcm, sw))
        try check("snd_pcm_prepare", snd_pcm_prepare(pcm))

        wire = format
        roomFrames = Int(room)
        let samples = Int(period) * Int(channels)
        s16 = format == SND_PCM_FORMAT_S16_LE ? [Int16](repeating: 0, count: samples) : []
        s32 = format == SND_PCM_FORMAT_S32_LE ? [Int32](repeating: 0, count: samples) : []
        // ALSA's null and file plugins take every write at once: they have no clock to follow.
        let type = snd_pcm_type(pcm)
        let paced = type != SND_PCM_TYPE_NULL && type != SND_PCM_TYPE_FILE
        return AudioOutputSettings(format: mix, sampleFormat: String(cString: snd_pcm_format_name(format)),
                                   periodFrames: Int(period), bufferFrames: Int(buffer), paced: paced)
    }

    public func write(_ samples: UnsafeBufferPointer<Float>, frames: Int) -> AudioWriteOutcome {
        guard let pcm, let settings else { return .lost(AudioError.alsa("snd_pcm_writei", name, -EBADFD)) }
        let channels = settings.format.channels
        let count = min(frames * channels, samples.count)
        let chunk = UnsafeBufferPointer(rebasing: samples[0..<count])
        if wire == SND_PCM_FORMAT_S16_LE {
            if s16.count < count { s16 = [Int16](repeating: 0, count: count) }
            s16.withUnsafeMutableBufferPointer { SampleConversion.s16(chunk, into: $0) }
            return s16.withUnsafeBytes { write(pcm, $0.baseAddress!, frames: count / channels, frameBytes: 2 * channels) }
        } else if wire == SND_PCM_FORMAT_S32_LE {
            if s32.count < count { s32 = [Int32](repeating: 0, count: count) }
            s32.withUnsafeMutableBufferPointer { SampleConversion.s32(chunk, into: $0) }
            return s32.withUnsafeBytes { write(pcm, $0.baseAddress!, frames: count / channels, frameBytes: 4 * channels) }
        }
        return write(pcm, UnsafeRawPointer(samples.baseAddress!), frames: count / channels, frameBytes: 4 * channels)
    }

    /// `snd_pcm_writei` until every frame is taken, waiting (`snd_pcm_wait`, so `stop` is never
    /// blocked for long) while the buffer is full.
    private func write(_ pcm: OpaquePointer, _ bytes: UnsafeRawPointer, frames: Int, frameBytes: Int) -> AudioWriteOutcome {
        var done = 0, underran = false, waitedMs = 0
        let waitMs: Int32 = 100
        while done < frames {
            let rc = snd_pcm_writei(pcm, bytes + done * frameBytes, snd_pcm_uframes_t(frames - done))
            if rc >= 0 {
                done += rc
                waitedMs = 0
                continue
            }
            let code = Int32(rc)
            if code == -EAGAIN {
                if let lost = wait(pcm, waitMs, &waitedMs, &underran, needing: frames - done) { return lost }
                continue
            }
            if let lost = recover(pcm, code, &underran) { return lost }
        }
        return underran ? .underrun : .written
    }

    public func awaitRoom() -> AudioWriteOutcome {
        guard let pcm else { return .lost(AudioError.alsa("snd_pcm_wait", name, -EBADFD)) }
        var underran = false, waitedMs = 0
        let waitMs: Int32 = 100
        while true {
            let avail = snd_pcm_avail(pcm)
            if avail < 0 {
                if let lost = recover(pcm, Int32(avail), &underran) { return lost }
                continue
            }
            // Not running (prepared, below the start threshold): write at once to start it.
            if avail >= roomFrames || snd_pcm_state(pcm) != SND_PCM_STATE_RUNNING { return underran ? .underrun : .written }
            if let lost = wait(pcm, waitMs, &waitedMs, &underran, needing: roomFrames) { return lost }
        }
    }

    /// One wait for room (the write's and `awaitRoom`'s) for `needed` free frames: a device silent
    /// for `stallNanos` in all is lost (a stalled HDMI sink, a USB card gone without an error); an
    /// error is recovered.
    ///
    /// A plugin's poll descriptor can say "ready" before `needed` frames are free: PulseAudio's
    /// (`pulse`) wakes on every request of its server, a rate converter's on its slave's periods.
    /// Polling again at once then spins, and the audio thread spins at SCHED_FIFO: measured
    /// through the `pulse` PCM, `gb-audio` took 95 % of a core and starved the plugin's own
    /// thread, which is what frees the room, so the sound (and the pictures following it) stalled
    /// for two seconds at a time while the loop drew continuously. So a wake with too little room
    /// sleeps for as long as the missing frames take to play (a hardware PCM's poll honours
    /// avail_min and never gets here).
    private func wait(_ pcm: OpaquePointer, _ waitMs: Int32, _ waitedMs: inout Int, _ underran: inout Bool, needing needed: Int) -> AudioWriteOutcome? {
        let w = snd_pcm_wait(pcm, waitMs)
        if w == 0 {
            waitedMs += Int(waitMs)
        } else if w < 0 {
            return recover(pcm, w, &underran)
        } else {
            let avail = snd_pcm_avail(pcm)
            if avail >= 0, Int(avail) < needed, let rate = settings?.format.sampleRate, rate > 0 {
                let nanos = AudioTuning.earlyWakeSleep(missingFrames: needed - Int(avail), sampleRate: rate)
                MonotonicClock.sleep(until: MonotonicClock.nanoseconds() + UInt64(nanos))
                waitedMs += Int((nanos + 999_999) / 1_000_000)
            }
        }
        if Int64(waitedMs) * 1_000_000 >= AudioTuning.stallNanos {
            return .lost(AudioError.alsa("snd_pcm_wait", name, -ETIMEDOUT))
        }
        return nil
    }

    /// Recovers an underrun or a suspend; anything else (or a failed recovery) is a lost device.
    private func recover(_ pcm: OpaquePointer, _ code: Int32, _ underran: inout Bool) -> AudioWriteOutcome? {
        guard code == -EPIPE || code == -ESTRPIPE else { return .lost(AudioError.alsa("snd_pcm_writei", name, code)) }
        let rc = snd_pcm_recover(pcm, code, 1)
        guard rc == 0 else { return .lost(AudioError.alsa("snd_pcm_recover", name, rc)) }
        if code == -EPIPE { underran = true }
        return nil
    }

    public func delayFrames() -> Int? {
        guard let pcm else { return nil }
        var delay: snd_pcm_sframes_t = 0
        guard snd_pcm_delay(pcm, &delay) == 0 else { return nil }
        return max(0, Int(delay))
    }

    public func close() {
        guard let pcm else { return }
        snd_pcm_drop(pcm)
        snd_pcm_close(pcm)
        self.pcm = nil
        settings = nil
    }

    private func check(_ call: String, _ rc: Int32) throws(AudioError) {
        if rc < 0 { throw AudioError.alsa(call, name, rc) }
    }
}
