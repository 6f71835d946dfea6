import GadgetCore
import GadgetSystem
import Logging

/// The audio thread's own state and loop: the mixer, its float buffer, the device, the recording.
/// Made on the kiosk's thread and handed to the audio thread whole; from then on nothing else
/// touches it (hence `@unchecked Sendable`: one hand-over, then confined).
///
/// Each turn: wait for the chunk's slot (the device's `snd_pcm_wait` inside `write` when it
/// paces; the clock otherwise), take the commands, mix, record, write. No allocation in steady
/// state: the buffer is made once, and the command and event lists only grow when something
/// happens.
final class PlaybackLoop: @unchecked Sendable {
    private var output: (any AudioOutput)?
    /// The output to reopen when `output` is nil (absent at start, or lost).
    private let spare: any AudioOutput
    private var settings: AudioOutputSettings?
    /// The mix's format: what the voices make, fixed at start (the device's then, or 48 kHz stereo).
    private let format: AudioFormat
    /// Makes `converter` for a device that came back in another format (nil: such a device is
    /// left closed and tried again later).
    private let makeConverter: MixConverterFactory?
    /// The device leg's conversion while the open device's format is not the mix's; nil otherwise.
    private var converter: (any MixConverter)?
    /// The converted chunk (the device's format): its capacity is kept from chunk to chunk.
    private var converted: [Float] = []
    /// The last line about a returning device the mix could not be converted for: said once, not
    /// every second.
    private var lastRefusal: String?
    private let periodFrames: Int
    private let reopens: Bool
    /// The card's headphone jack controls, looked at every `AudioTuning.jackLookChunks` chunks.
    private var jack: (any JackControlSource)?
    private var jackState = HeadphoneJackControl()
    private var chunksSinceJackLook = 0
    private let recorder: WAVRecorder?
    private let clock: any AudioClock
    private let shared: AudioShared
    private let logger: Logger

    private var mixer = Mixer()
    private var buffer: [Float]
    private var commands: [AudioShared.Command] = []
    /// Frames mixed since start: the next chunk's position (and its frame in the recording).
    private var position: Int64 = 0
    /// Clock pacing: the slot of frame `paceFrames` after `paceBase`; rebased whenever the device
    /// paced the last chunk, so a lost device's silence continues from where the device stopped.
    private var paceBase: Int64 = 0
    private var paceFrames: Int64 = 0
    private var pacedByDevice = false
    private var nextReopen: Int64 = 0
    private var underruns = 0
    private var recording = true
    private var started = false

    init(output: (any AudioOutput)?, spare: any AudioOutput, settings: AudioOutputSettings?, format: AudioFormat,
         periodFrames: Int, reopens: Bool, recorder: WAVRecorder?, clock: any AudioClock, shared: AudioShared, logger: Logger,
         converter: MixConverterFactory? = nil) {
        makeConverter = converter
        self.output = output
        self.spare = spare
        self.settings = settings
        self.format = format
        self.periodFrames = periodFrames
        self.reopens = reopens
        self.recorder = recorder
        self.clock = clock
        self.shared = shared
        self.logger = logger
        buffer = [Float](repeating: 0, count: periodFrames * format.channels)
    }

    /// The audio thread's body: turns until `stop`, then `finish`. `realTime`: ask for SCHED_FIFO
    /// first (the kiosk's, not in-process tests': a turn that does not wait would spin).
    func run(realTime: Bool = false) {
        if realTime { raisePriority() }
        while !shared.stopping.load(ordering: .acquiring) {
            turn()
        }
        finish()
    }

    /// The audio thread's own wake must not wait behind the loop's drawing or a decoder on a busy
    /// 2-core board (the issue's "the audio thread never waits"): real-time priority where the
    /// system grants it; one line where it does not (granted is what is expected: debug only).
    private func raisePriority() {
        do {
            try RealTimePriority.requestForCurrentThread(priority: AudioTuning.realTimePriority)
            logger.debug("sound thread at real-time priority \(AudioTuning.realTimePriority) (SCHED_FIFO)")
        } catch {
            logger.info("sound thread at normal priority: \(Self.refusal(error, asked: AudioTuning.realTimePriority, limit: RealTimePriority.limit()))")
        }
    }

    /// The one line's reason, true to the case: a limit below the request is why (the unit's
    /// `LimitRTPRIO=` grants it); a limit that allows it means something else said no (the
    /// unit's `RestrictRealtime=yes`, or a seccomp filter without sched_setscheduler).
    static func refusal(_ error: any Error, asked: Int32, limit: Int?) -> String {
        let what = "SCHED_FIFO \(asked) refused (\(error))"
        guard let limit else { return what }
        if limit < Int(asked) {
            return "\(what): RLIMIT_RTPRIO is \(limit); systemd's LimitRTPRIO=\(asked) or more grants it"
        }
        return "\(what) although RLIMIT_RTPRIO is \(limit): RestrictRealtime=yes or a system call filter denies it"
    }

    /// Closes the device and writes the recording's final header.
    func finish() {
        output?.close()
        output = nil
        if let recorder, recording {
            recording = false
            do { try recorder.finish() } catch { logger.error("\(recorder.path.string): \(error)") }
        }
    }

    /// One chunk.
    func turn() {
        var now = clock.now()
        if !started {
            started = true
            paceBase = now
            nextReopen = now + AudioTuning.reopenIntervalNanos
            // On this thread, not the opener's: the jack is the audio thread's to watch.
            if let out = output { watchJack(out, now: now) }
        }
        let devicePaces = output != nil && (settings?.paced ?? false)
        if !devicePaces {
            if pacedByDevice { rebase(now) }
            var slot = paceBase + format.nanoseconds(frames: paceFrames)
            // Far behind (the machine was suspended, a debugger stopped us): start again from now
            // rather than mix the missed time in a burst.
            if now - slot > AudioTuning.reopenIntervalNanos { rebase(now); slot = now }
            if slot > now { clock.sleep(until: slot); now = clock.now() }
            now = max(now, slot)
        }
        if output == nil && reopens && now >= nextReopen { reopen(now) }
        if devicePaces, let out = output {
            // Wait for the device's room before mixing, not after: a sound asked for during the
            // wait is in the chunk that goes out next (issue 37's tap → sound).
            note(out.awaitRoom(), from: out, now: now)
            now = max(now, clock.now())
        }

        applyCommands()
        let delay = output != nil && (settings?.paced ?? false) ? output?.delayFrames() ?? 0 : 0
        let paced = output != nil && (settings?.paced ?? false)
        // The device's delay is in its own frames; a converter holds a little more back.
        let device = settings?.format ?? format
        let delayNanos = device.nanoseconds(frames: Int64(delay)) + (paced ? converter?.delayNanoseconds ?? 0 : 0)
        let timing = AudioRenderTiming(presentationNanos: now + delayNanos,
                                       paced: paced, framePosition: position)
        let frames = periodFrames
        let ended = buffer.withUnsafeMutableBufferPointer {
            mixer.render(frames: frames, format: format, timing: timing, into: $0)
        }
        if !ended.isEmpty {
            let names = mixer.playingNames
            for name in ended { shared.post(.ended(name)) }
            shared.state.withLock { $0.status.playing = names }
        }
        buffer.withUnsafeBufferPointer { chunk in
            record(chunk, frames: frames)
            if let out = output { write(out, chunk, frames: frames, now: now) }
        }
        position += Int64(frames)
        lookAtJack(now)
        if paced && output != nil {
            pacedByDevice = true
        } else {
            pacedByDevice = false
            paceFrames += Int64(frames)
        }
    }

    private func rebase(_ now: Int64) {
        paceBase = now
        paceFrames = 0
        pacedByDevice = false
    }

    private func applyCommands() {
        shared.state.withLock { swap(&$0.commands, &commands) }
        guard !commands.isEmpty else { return }
        for command in commands {
            switch command {
            case .add(let voice, let name):
                mixer.add(voice, name: name)
                shared.post(.started(name))
            case .remove(let name):
                let n = mixer.remove(named: name)
                for _ in 0..<n { shared.post(.ended(name)) }
            case .volume(let gain):
                mixer.masterGain = gain
            }
        }
        commands.removeAll(keepingCapacity: true)
        let names = mixer.playingNames
        shared.state.withLock { $0.status.playing = names }
    }

    private func record(_ chunk: UnsafeBufferPointer<Float>, frames: Int) {
        guard let recorder, recording else { return }
        do { try recorder.write(chunk, frames: frames) } catch {
            // A full disk must not stop the sound or the kiosk: one line, and no more recording.
            recording = false
            logger.error("\(recorder.path.string): \(error); no longer recording the mix")
        }
    }

    private func write(_ out: any AudioOutput, _ chunk: UnsafeBufferPointer<Float>, frames: Int, now: Int64) {
        guard let converter else {
            note(out.write(chunk, frames: frames), from: out, now: now)
            return
        }
        converted.removeAll(keepingCapacity: true)
        let made: Int
        do { made = try converter.convert(chunk, frames: frames, into: &converted) } catch {
            // A resampler that failed mid-stream is not trusted with the next chunk: the device is
            // closed as if it had gone, and reopened (with a new converter) a second later.
            note(.lost(.conversion(device: out.name, detail: "\(error)")), from: out, now: now)
            return
        }
        guard made > 0 else { return }  // the filter's first call can keep everything as history
        converted.withUnsafeBufferPointer { note(out.write($0, frames: made), from: out, now: now) }
    }

    private func note(_ outcome: AudioWriteOutcome, from out: any AudioOutput, now: Int64) {
        switch outcome {
        case .written:
            break
        case .underrun:
            underruns += 1
            let n = underruns
            shared.post(.underrun(n)) { $0.underruns = n }
        case .lost(let error):
            out.close()
            output = nil
            settings = nil
            converter = nil
            // Its card is gone with it; the jack is watched again when a device comes back.
            jack = nil
            nextReopen = now + AudioTuning.reopenIntervalNanos
            logger.warning("\(out.name) went away (\(error)); the mix goes on silently, looking for it every second")
            shared.post(.deviceLost(out.name)) { s in
                s.deviceUp = false
                s.paced = false
            }
        }
    }

    private func reopen(_ now: Int64) {
        nextReopen = now + AudioTuning.reopenIntervalNanos
        let agreed: AudioOutputSettings
        do { agreed = try spare.open(preferred: format) } catch { return }
        var conversion = ""
        if agreed.format != format {
            // The voices make the mix's format; a device that came back with another one (an HDMI
            // sink after a mode change, another USB card) gets the mix converted to its own, so it
            // plays at the right speed (never the mix's samples at its rate) instead of being refused.
            func refuse(_ why: String) {
                spare.close()
                let line = "\(spare.name) came back as \(agreed.format), and the \(format) mix cannot be converted to it (\(why)); left closed, tried again every second"
                if line != lastRefusal { logger.warning("\(line)") }
                lastRefusal = line
            }
            guard let makeConverter else { refuse("no resampler"); return }
            do { converter = try makeConverter(format, agreed.format) } catch { refuse("\(error)"); return }
            converted.reserveCapacity((agreed.format.frames(nanoseconds: format.nanoseconds(frames: Int64(periodFrames))) + 64) * agreed.format.channels)
            conversion = "; the \(format) mix resampled to it"
        } else {
            converter = nil
        }
        lastRefusal = nil
        output = spare
        settings = agreed
        logger.info("\(spare.name) is back: \(agreed.format) \(agreed.sampleFormat), period \(agreed.periodFrames) frames, buffer \(agreed.bufferFrames) frames\(conversion)")
        shared.post(.deviceBack(spare.name)) { s in
            s.deviceUp = true
            s.paced = agreed.paced
            s.sampleFormat = agreed.sampleFormat
            s.bufferFrames = agreed.bufferFrames
        }
        watchJack(spare, now: now)
    }

    /// Starts watching the jack controls of `out`'s card (if it has any): read once now (a headset
    /// already in is reported plugged in), then at each look after a change event.
    private func watchJack(_ out: any AudioOutput, now: Int64) {
        jack = out.jackControls()
        jackState = HeadphoneJackControl()
        chunksSinceJackLook = 0
        guard let j = jack else { return }
        logger.info("watching the headphone jack control\(j.names.count == 1 ? "" : "s") \(j.names.joined(separator: ", ")) of \(out.name)")
        readJack(now)
    }

    /// Every `jackLookChunks` chunks: the card's control events taken without blocking; after
    /// one, the controls read again.
    private func lookAtJack(_ now: Int64) {
        guard let j = jack else { return }
        chunksSinceJackLook += 1
        guard chunksSinceJackLook >= AudioTuning.jackLookChunks else { return }
        chunksSinceJackLook = 0
        if j.changed() { readJack(now) }
    }

    private func readJack(_ now: Int64) {
        guard let values = jack?.values() else {
            jack = nil
            return
        }
        if let change = jackState.read(values, time: now / 1000) { shared.post(.headphoneJack(change)) }
    }
}
