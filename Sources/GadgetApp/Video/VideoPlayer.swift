import GadgetAudio
import GadgetCore
import GadgetRender
import GadgetSystem
import GadgetVideo
import Logging
import SystemPackage

/// One video gadget playing in the kiosk: its decode thread, the pacing (`VideoPlayback`) and the
/// surface the scene draws. Shaped as a live feature: a wake descriptor to poll, whether it plays
/// and when its next picture is due (the loop draws for that flip, and idles while it is paused),
/// and `update(flip:)`, which takes decoded frames, picks the one for the coming flip, uploads it
/// and says whether the video's rectangle needs drawing. A clip that cannot be opened or breaks
/// while playing logs one line, leaves the poster showing, and reports an `error` event.
/// Thread: the loop's (render) thread; `destroy()` before the GL context goes.
public final class VideoPlayer {
    /// What a player reports (`{"type":"video","gadget":…,"event":…}`).
    public struct Event: Sendable, Equatable {
        public enum Kind: String, Sendable { case started, looped, ended, error }
        public var gadget: String
        public var kind: Kind
        /// The one-line reason of an `error`.
        public var message: String?
    }

    /// What the player's figures are (`--stats` `video`, the metrics).
    public struct Statistics: Sendable, Equatable {
        public var framesPresented = 0
        /// Includes `framesOvertaken`.
        public var framesDropped = 0
        /// Pictures dropped because the sound (the master clock) had passed them before a flip
        /// could show them (`OvertakenPictures`): a loop that draws slower than the clip.
        public var framesOvertaken = 0
        public var decoder = "none"
        public var path = VideoPresentationPath.upload.rawValue
    }

    public let gadget: String
    public let gadgetIndex: Int
    /// What the scene draws; nil while there is no display (no GL context to hold textures in:
    /// `displayDetached`, or a player made while the panel is unplugged).
    public private(set) var surface: VideoSurface?
    private var thread: VideoDecodeThread?
    private var playback: VideoPlayback
    private var queue: [VideoFrame] = []
    private var endOfStream = false
    private var failed = false
    public private(set) var duration: Microseconds?
    private var decoderName = "none"
    /// The display's refresh interval: a frame drawn now is shown about one refresh later (the
    /// flip), and the cadence picks the frame for that flip.
    public let refresh: Microseconds
    /// The board's clip and the directory it was resolved against: a reload that keeps both
    /// keeps the player (and the clip plays on without a seam).
    public let video: VideoReference
    public let directory: String
    /// Logs the clip's troubles (`video:` lines).
    let logger: Logger
    /// Where the player's events go (the kiosk publishes them); set by its owner.
    var onEvent: ((Event) -> Void)?
    /// Its captions are drawn (the board's `captions.show`, then the visitor's
    /// `{"cmd":"video",…,"action":"captions"}`); false without captions.
    var captionsShown: Bool
    /// The clip time of the picture on screen (nil before the first): the captions follow it,
    /// so they are in step with the picture, and with the sound where the sound paces it.
    var shownClipTime: Microseconds? { playback.current?.clipTime }

    /// Opens `video` (resolved against `directory`) and starts decoding. Never throws for the
    /// clip: a bad clip is an `error` event from the first `update` on (the poster stays).
    /// `display`: a GL context is current (its surface is made now; otherwise when one attaches).
    /// `audio`: the kiosk's engine; the clip's sound plays into it unless the clip is muted or
    /// has none (nil: pictures only, as with `--audio` absent in tests).
    public init(gadget: String, index: Int, video: VideoReference, directory: String, startingAt flip: Microseconds,
                refresh: Microseconds, hardware: VideoHardware, limits: VideoLimits, logger: Logger, display: Bool = true,
                audio: AudioEngine? = nil) throws(GLError) {
        self.gadget = gadget
        gadgetIndex = index
        self.refresh = refresh
        self.logger = logger
        self.video = video
        captionsShown = video.captions?.show ?? false
        self.directory = directory
        self.hardware = hardware
        self.audio = audio
        volume = min(1, max(0, video.volume))
        resolvedPath = FileIO.resolve(video.path, against: directory)
        // The zero-copy path where the display imports dma-bufs; the decoder then hands on the
        // DRM PRIME frames a hardware decoder gives (software decoders give none: upload).
        let importer = display ? VideoPlayer.importer() : nil
        wantsDMABuf = importer != nil
        surface = display ? try VideoSurface(importer: importer) : nil
        // Without a display nothing is shown: the clip starts when it can be seen.
        playback = VideoPlayback(startingAt: flip, refresh: refresh, loops: video.loop, playing: display)
        resumeWhenDrawn = !display
        lastFlip = flip
        do {
            let decoder = try VideoDecoder(path: resolvedPath, hardware: hardware, dmabuf: wantsDMABuf)
            if let refusal = limits.refusal(width: decoder.info.width, height: decoder.info.height) { throw refusal }
            duration = decoder.info.duration
            decoderName = decoder.info.decoder
            logger.info("video: \(gadget): \(video.path): \(decoder.info.width)x\(decoder.info.height) \(decoder.info.codec), decoded by \(decoder.info.decoder) (\(decoder.info.decoderKind.rawValue)), \(wantsDMABuf && decoder.info.decoderKind != .software ? "zero copy where the decoder gives dma-bufs" : "frames uploaded")")
            thread = try VideoDecodeThread(decoder: decoder, loops: video.loop)
            openSoundtrack(startingAt: flip)
        } catch {
            pendingError = "\(video.path): \(error)"
            logger.error("video: \(gadget): \(video.path): \(error) (showing the poster)")
        }
    }

    // MARK: - Sound

    /// The kiosk's audio engine (nil: no sound at all).
    private let audio: AudioEngine?
    /// The clip's sound: nil when muted, without an audio stream, without an engine, or broken
    /// (the pictures then keep the flip clock).
    private var soundtrack: SoundtrackDecodeThread?
    /// The voice's name in the mixer (`state`'s `audio.playing`).
    var voiceName: String { "video:\(gadget)" }

    /// Starts the clip's sound, heard from `flip` (the picture clock's first flip), so sound and
    /// picture start together even where no device paces.
    private func openSoundtrack(startingAt flip: Microseconds) {
        guard let audio, !video.muted else { return }
        do {
            guard let decoder = try SoundtrackDecoder.open(path: resolvedPath, format: audio.format) else { return }
            let voice = SoundtrackVoice(format: audio.format, gain: VolumeCurve.gain(level: volume))
            voice.start(at: flip)
            voice.setPlaying(playback.clock.playing)
            logger.info("video: \(gadget): its sound: \(decoder.codecName), \(decoder.inputRate) Hz, \(decoder.inputChannels) ch, resampled to \(audio.format)")
            soundtrack = try SoundtrackDecodeThread(decoder: decoder, voice: voice, loops: video.loop)
            audio.add(voice, name: voiceName)
            // A sound card is to pace it: the first picture waits until its sound is heard (the
            // device may still be opening on the audio thread: an unpaced one ends the wait).
            if audio.hasDevice { playback.awaitSound(from: flip) }
            followSound()
        } catch {
            logger.error("video: \(gadget): \(video.path): its sound cannot play: \(error) (pictures only)")
        }
    }

    /// A soundtrack that broke while playing: one line, and the pictures go on by the flip clock.
    private func closeSoundtrack() {
        soundtrack?.stop()
        soundtrack = nil
        followSound()
        audio?.remove(named: voiceName)
    }

    /// The decode thread drops the pictures the sound has overtaken (nothing without a sound).
    private func followSound() {
        guard let voice = soundtrack?.voice else { thread?.follow(sound: nil); return }
        thread?.follow(sound: { voice.position })
    }

    /// Pictures dropped because the sound had overtaken them (here and in the decode thread).
    private var overtaken = 0

    /// What the decoder is reopened with when the zero-copy import is refused.
    private let hardware: VideoHardware
    private let resolvedPath: String
    /// The display imports dma-bufs, and the decoder was asked for them.
    private var wantsDMABuf: Bool
    /// An open failure, reported as an event by the first `update`.
    private var pendingError: String?
    /// The flip of the last `update`: where the clip stood when the display went away.
    private var lastFlip: Microseconds
    /// Paused because the display went away (not by control): plays on at the first flip drawn
    /// on the next display.
    private var resumeWhenDrawn = false
    /// A new picture was picked and uploaded since the last frame drawn (`willDrawFrame`).
    var pickedForNextFrame = false

    /// Readable when decoded frames (or an error) wait; nil once the player has failed, and
    /// while the player's own queue is full. The decode thread's pipe stays readable while frames
    /// wait in its queue, and a full player takes none of them: polled then, it woke the loop
    /// again at once, so the loop spun between flips (issue 25's third stop: 5.6 ms of loop CPU
    /// per 60 Hz frame, most of a 720p kiosk's video CPU). The player empties its queue at the
    /// flips the loop draws for it anyway, and takes the waiting frames then.
    public var wakeDescriptor: FileDescriptor? {
        failed || queue.count >= VideoDecodeThread.standardCapacity ? nil : thread?.wakeDescriptor
    }

    /// Whether the clip plays (`state`'s `playing`): the loop then wakes for its pictures.
    public var isPlaying: Bool { !failed && thread != nil && playback.isAnimating }

    /// The flip at which the next decoded picture is due (`VideoPlayback.nextPictureFlip`); nil
    /// while paused, failed, or while no picture waits (the wake descriptor says when one comes).
    public var nextPictureFlip: Microseconds? {
        guard isPlaying else { return nil }
        return playback.nextPictureFlip(queue: queue, endOfStream: endOfStream && queue.isEmpty)
    }

    /// `run --video-flip-log`: the pictures shown since the last `takeShownPictures` (only while
    /// `recordsShownPictures`: otherwise nothing is kept).
    var recordsShownPictures = false
    private var shownPictures: [VideoFlipLog.Picture] = []
    func takeShownPictures() -> [VideoFlipLog.Picture] { defer { shownPictures.removeAll(keepingCapacity: true) }; return shownPictures }

    /// Takes what the decoder has, picks the frame for the flip at `flip` and uploads it.
    /// Returns the events and whether the video's rectangle changed (damage).
    public func update(flip: Microseconds, logger: Logger? = nil) -> (events: [Event], changed: Bool) {
        let logger = logger ?? self.logger
        lastFlip = flip
        if resumeWhenDrawn, surface != nil {
            // Back on a display: the clip goes on from where it stood when the display went.
            resumeWhenDrawn = false
            play(at: flip)
        }
        // Pictures held here that the sound will have overtaken by this flip go first: the flip
        // would drop them anyway, and held they would take the room the current ones need.
        let late = OvertakenPictures.count(queue, position: soundtrack?.voice.position, now: flip)
        if late > 0 { queue.removeFirst(late); overtaken += late }
        var events = collect(logger: logger)
        guard !failed, thread != nil else { return (events, false) }
        let step = playback.step(queue: &queue, endOfStream: endOfStream && queue.isEmpty, flip: flip, audio: soundtrack?.voice.position)
        events += step.events.map { Event(gadget: gadget, kind: Event.Kind(rawValue: $0.rawValue) ?? .error, message: nil) }
        var changed = false
        if step.newFrame, let frame = playback.current, let surface {
            if recordsShownPictures { shownPictures.append(VideoFlipLog.Picture(gadget: gadget, loop: frame.loop, clipTime: frame.clipTime)) }
            do { try surface.show(frame); changed = true } catch {
                if frame.dmabuf != nil { fallBackToUpload(at: flip, reason: error.description) } else {
                    logger.error("video: \(gadget): \(error)")
                }
            }
        }
        return (events, changed)
    }

    /// Takes the decoded frames the decode thread has (which clears its wake pipe) without
    /// picking one, and reports an open or decode failure: the loop's iterations between frames.
    public func collect(logger: Logger? = nil) -> [Event] {
        let logger = logger ?? self.logger
        var events: [Event] = []
        if let message = pendingError {
            pendingError = nil
            failed = true
            events.append(Event(gadget: gadget, kind: .error, message: message))
        }
        if let error = soundtrack?.takeError() {
            logger.error("video: \(gadget): its sound: \(error) (pictures only from here on)")
            closeSoundtrack()
        }
        guard !failed, let thread else { return events }
        // Hold at most the decode thread's own capacity here: with the thread's queue that is
        // two bounded queues, never an unbounded one (the thread decodes only into free room).
        let taken = thread.take(limit: VideoDecodeThread.standardCapacity - queue.count)
        queue += taken.frames
        overtaken += taken.overtaken
        if taken.endOfStream { endOfStream = true }
        if let error = taken.error {
            // A clip that broke mid-play: one line, the poster (or the last frame shown) stays.
            logger.error("video: \(gadget): \(error)")
            failed = true
            thread.stop()
            events.append(Event(gadget: gadget, kind: .error, message: error.description))
        }
        return events
    }

    // MARK: - Control

    public func play(at flip: Microseconds) {
        // No display to show it on: it plays from the first flip drawn on one.
        guard surface != nil else { resumeWhenDrawn = true; return }
        let wasEnded = playback.ended
        playback.play(at: flip)
        if wasEnded { restartDecoder(at: flip) }
        soundtrack?.voice.setPlaying(true)
    }

    public func pause(at flip: Microseconds) {
        resumeWhenDrawn = false
        playback.pause(at: flip)
        soundtrack?.voice.setPlaying(false)
    }

    public func seek(to time: Microseconds, at flip: Microseconds) {
        let generation = playback.seek(to: clamp(time), at: flip)
        endOfStream = false
        queue.removeAll()
        thread?.seek(to: clamp(time), generation: generation)
        soundtrack?.seek(to: clamp(time), generation: generation, startAt: playback.clock.playing ? flip : nil)
    }

    public func restart(at flip: Microseconds) {
        _ = playback.restart(at: flip)
        restartDecoder(at: flip)
        soundtrack?.voice.setPlaying(true)
    }

    /// The soundtrack's level, 0...1 (the board's `volume` until a control request changes it).
    public private(set) var volume: Double

    public func setVolume(_ level: Double) {
        volume = min(1, max(0, level))
        soundtrack?.voice.setGain(VolumeCurve.gain(level: volume))
    }

    private func restartDecoder(at flip: Microseconds) {
        endOfStream = false
        queue.removeAll()
        thread?.seek(to: 0, generation: playback.clock.generation)
        soundtrack?.seek(to: 0, generation: playback.clock.generation, startAt: flip)
    }

    private func clamp(_ t: Microseconds) -> Microseconds {
        guard let d = duration, d > 0 else { return max(0, t) }
        return min(max(0, t), d)
    }

    // MARK: - State

    /// `state`'s `video`: the clip time on screen (seconds), whether it plays, its length.
    public func state(at flip: Microseconds) -> (time: Double, playing: Bool, duration: Double?) {
        (Double(playback.clipTime(at: flip)) / 1e6, isPlaying, duration.map { Double($0) / 1e6 })
    }

    /// The path is how the last frame reached the GPU (before the first: upload).
    public var statistics: Statistics {
        Statistics(framesPresented: playback.framesPresented, framesDropped: playback.framesDropped + overtaken,
                   framesOvertaken: overtaken, decoder: decoderName, path: (surface?.path ?? .upload).rawValue)
    }

    // MARK: - Zero copy refused

    /// The driver refused a dma-buf picture (VideoPlayer+ZeroCopy): one line, then the clip goes
    /// on from the same position in a decoder opened again for frames in memory.
    private func fallBackToUpload(at flip: Microseconds, reason: String) {
        logger.warning("video: \(gadget): zero copy refused (\(reason)); its frames are copied and uploaded from now on")
        wantsDMABuf = false
        thread?.stop()
        thread = nil
        queue.removeAll()
        endOfStream = false
        do {
            let decoder = try VideoDecoder(path: resolvedPath, hardware: hardware, dmabuf: false)
            thread = try VideoDecodeThread(decoder: decoder, loops: video.loop)
            followSound()
            seek(to: playback.clipTime(at: flip), at: flip)
        } catch {
            pendingError = "\(video.path): \(error)"
            logger.error("video: \(gadget): \(video.path): \(error) (showing the poster)")
        }
    }

    // MARK: - Display (hotplug)

    /// The display goes (its GL context still current): the textures and programs are freed
    /// with it, and a playing clip pauses where it stands — nothing is shown, so nothing is
    /// missed and no frame counts as dropped. The decode thread never touches GL and stays.
    public func detachSurface() {
        surface?.destroy()
        surface = nil
        if isPlaying {
            playback.pause(at: lastFlip)
            soundtrack?.voice.setPlaying(false)
            resumeWhenDrawn = true
        }
    }

    /// A display's new GL context is current: the surface is made in it and the frame that was
    /// on screen uploaded again, so the first frame drawn shows the picture; the clip plays on
    /// from the same position at that frame's flip. False when no surface could be made (the
    /// poster stays). A surface already there (the same context at another size) is kept. A
    /// dma-buf picture the new display cannot import sends the clip to the upload path.
    public func attachSurface() -> Bool {
        guard surface == nil else { return false }
        let fresh: VideoSurface
        do { fresh = try VideoSurface(importer: wantsDMABuf ? VideoPlayer.importer() : nil) } catch {
            logger.error("video: \(gadget): no textures on the new display: \(error) (showing the poster)")
            return false
        }
        surface = fresh
        if let frame = playback.current {
            do { try fresh.show(frame) } catch {
                if frame.dmabuf != nil { fallBackToUpload(at: lastFlip, reason: error.description) } else {
                    logger.error("video: \(gadget): \(error)")
                }
            }
        }
        return true
    }

    /// Stops decoding and frees the textures. Idempotent.
    public func destroy() {
        closeSoundtrack()
        thread?.stop()
        thread = nil
        surface?.destroy()
        surface = nil
    }
}
