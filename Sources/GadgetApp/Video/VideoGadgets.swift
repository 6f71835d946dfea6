import GadgetAudio
import GadgetCore
import GadgetRender
import GadgetVideo
import Logging

/// The kiosk's video gadgets: one `VideoPlayer` (a live feature of its own) per video gadget of
/// the board shown, created when the board is and again whenever another board replaces it. A
/// player whose gadget keeps its id, clip and directory across a reload plays on (a save that did
/// not touch the clip shows no seam); the others stop and new ones start. It also hands the
/// players' surfaces to each frame's scene (by gadget id, so a restack or a rebuilt scene finds
/// them), answers control's lookups, and keeps the run's frame counts for `--stats` and the
/// metrics across players that were retired. Thread: the loop's (GL context current).
final class VideoGadgets: LiveFeature {
    private(set) var players: [VideoPlayer] = []
    private let refresh: Microseconds
    private let hardware: VideoHardware
    private let limits: VideoLimits
    private let logger: Logger
    /// Every player's events, in order (the loop publishes them).
    private let onEvent: (VideoPlayer.Event) -> Void
    /// The counts of players already retired.
    private var retired = VideoPlayer.Statistics()
    private var lastNow: Microseconds
    /// Where the clips' sound plays (nil: pictures only).
    private let audio: AudioEngine?

    init(refresh: Microseconds, hardware: VideoHardware, limits: VideoLimits, logger: Logger, now: Microseconds,
         audio: AudioEngine? = nil, onEvent: @escaping (VideoPlayer.Event) -> Void) {
        self.audio = audio
        self.refresh = refresh
        self.hardware = hardware
        self.limits = limits
        self.logger = logger
        self.onEvent = onEvent
        lastNow = now
    }

    var isAnimating: Bool { false }  // the players say so themselves

    func update(now: Microseconds, board: LiveBoard) {
        lastNow = now
        // A gadget's clip changed in place (`GadgetChange.video`: live data's video binding): its
        // player is made again for the new clip; the others play on.
        if players.contains(where: { board.board.gadget(id: $0.gadget)?.video?.path != $0.video.path }) { sync(board, now: now) }
    }

    func boardReplaced(_ board: LiveBoard) { sync(board, now: lastNow) }

    /// Makes the players match `board`'s video gadgets.
    func sync(_ board: LiveBoard, now: Microseconds) {
        let directory = board.imageDirectory ?? "."
        var wanted: [String: (Int, VideoReference)] = [:]
        for (i, v) in board.board.videoReferences { wanted[board.board.gadgets[i].id] = (i, v) }
        var kept: [VideoPlayer] = []
        for p in players {
            if let (_, v) = wanted[p.gadget], v.path == p.video.path, v.loop == p.video.loop, v.muted == p.video.muted,
               v.captions == p.video.captions, directory == p.directory {
                // A new board's level for the clip applies at once; the clip plays on.
                if v.volume != p.video.volume { p.setVolume(v.volume) }
                kept.append(p)
                wanted[p.gadget] = nil
            } else {
                retire(p, board: board)
            }
        }
        players = kept
        for (id, (i, v)) in wanted.sorted(by: { $0.value.0 < $1.value.0 }) {
            do {
                let p = try VideoPlayer(gadget: id, index: i, video: v, directory: directory, startingAt: now + refresh, refresh: refresh,
                                        hardware: hardware, limits: limits, logger: logger, display: board.hasDisplay,
                                        audio: audio)
                p.onEvent = onEvent
                p.recordsShownPictures = recordsShownPictures
                players.append(p)
                board.add(p)
            } catch {
                // No textures for it (GL out of memory): the poster stays, as for a broken clip.
                logger.error("video: \(id): \(error) (showing the poster)")
                onEvent(VideoPlayer.Event(gadget: id, kind: .error, message: "\(error)"))
            }
        }
    }

    private func retire(_ p: VideoPlayer, board: LiveBoard) {
        let s = p.statistics
        retired.framesPresented += s.framesPresented
        retired.framesDropped += s.framesDropped
        retired.framesOvertaken += s.framesOvertaken
        board.remove(p)
        p.destroy()
    }

    /// `run --video-flip-log`: the players keep the pictures they show until `takeShownPictures`.
    var recordsShownPictures = false {
        didSet { for p in players { p.recordsShownPictures = recordsShownPictures } }
    }
    func takeShownPictures() -> [VideoFlipLog.Picture] { players.flatMap { $0.takeShownPictures() } }

    /// The player of gadget `id`, if it has a video.
    func player(for id: String) -> VideoPlayer? { players.first { $0.gadget == id } }

    /// The surfaces to draw, by gadget index of `board` (the scene of this frame).
    func surfaces(for board: Board) -> [Int: VideoSurface] {
        var out: [Int: VideoSurface] = [:]
        for p in players {
            if let surface = p.surface, let i = board.gadgets.firstIndex(where: { $0.id == p.gadget }) { out[i] = surface }
        }
        return out
    }

    /// The captions' textures (CaptionLabels.swift).
    private let captionLabels = CaptionLabels()

    /// The captions to draw this frame, by gadget index of `board`: each player whose captions
    /// are shown, the cue of its track (`tracks`, by path) at the clip time of the picture it
    /// shows (so within the frame on screen, and with the sound where the sound paces the
    /// pictures; a loop's second pass starts its cues again).
    func captions(for board: Board, tracks: [String: CaptionTrack], scale: Double, display: AccessibilityDisplay = .normal,
                  renderer: () throws(TextError) -> TextRenderer) -> [Int: VideoCaption] {
        var shown: [Int: String] = [:]
        for p in players where p.captionsShown && p.surface != nil {
            guard let ref = p.video.captions, let track = tracks[ref.path], let t = p.shownClipTime,
                  let text = track.text(at: t), let i = board.gadgets.firstIndex(where: { $0.id == p.gadget }) else { continue }
            shown[i] = text
        }
        if shown.isEmpty && !captionLabelsUsed { return [:] }
        captionLabelsUsed = !shown.isEmpty
        return captionLabels.captions(board: board, shown: shown, scale: scale, display: display, renderer: renderer)
    }
    private var captionLabelsUsed = false

    func displayDetached(_ board: LiveBoard) { captionLabels.forget() }

    /// `--stats` and the metrics: frames of every player this run; the decoder and path of the
    /// players now (`none` without videos; several different ones joined with `+`).
    var statistics: VideoPlayer.Statistics {
        var s = retired
        let current = players.map(\.statistics)
        for c in current {
            s.framesPresented += c.framesPresented; s.framesDropped += c.framesDropped; s.framesOvertaken += c.framesOvertaken
        }
        if current.isEmpty { s.path = "none" } else {
            s.decoder = Array(Set(current.map(\.decoder))).sorted().joined(separator: "+")
            s.path = Array(Set(current.map(\.path))).sorted().joined(separator: "+")
        }
        return s
    }

    /// The end of the run (GL context still current).
    func destroy() {
        captionLabels.destroy()
        for p in players { p.destroy() }
        players.removeAll()
    }
}
