import GadgetAudio
import GadgetCore
import GadgetRender
import GadgetSystem
import GadgetVideo
import GadgetWeb
import Logging

/// The features the kiosk adds to the live board at start-up besides the schedule (which is the
/// panel's: `PanelPower`), and the few hooks they need from the loop. Each is a `LiveFeature`
/// the board polls and updates itself, and each follows every board a load brings
/// (`boardReplaced`); here they are made and their news relayed:
///
/// - live data (docs/live-data.md, `LiveDataFeature`): MQTT payloads in from the fleet link,
///   source events out to subscribers, the sources' figures into the metrics and `state`; a
///   board without sources costs an empty check per iteration;
/// - video gadgets (docs/board-format.md, Video; `VideoGadgets`, one `VideoPlayer` per gadget):
///   the players' events out, their surfaces into each frame's scene, their counts into the
///   metrics and `--stats`.
///
/// Thread: the loop's.
final class KioskFeatures {
    private(set) var liveData: LiveDataFeature?
    private(set) var videos: VideoGadgets?
    /// Web gadgets (docs/web.md, `WebGadgets`, one helper process per gadget).
    private(set) var web: WebGadgets?
    /// Forms (docs/typing.md, `FormsFeature`): the spool's reports into events, metrics, `state`.
    private(set) var forms: FormsFeature?
    /// `run --video-flip-log`: which picture each flip showed (nil: not kept).
    var videoFlipLog: VideoFlipLog? {
        didSet { videos?.recordsShownPictures = videoFlipLog != nil }
    }
    /// A video started playing (its `started` event; once per start, not per loop): the loop
    /// says its description in speech mode (KioskSpeech.videoStarted).
    var videoStarted: ((String) -> Void)?
    private let live: LiveBoard
    private let events: KioskEvents
    private let fleet: FleetLink
    private let service: KioskService

    init(live: LiveBoard, events: KioskEvents, fleet: FleetLink, service: KioskService) {
        self.live = live
        self.events = events
        self.fleet = fleet
        self.service = service
    }

    /// Adds the features to the board; `refresh` paces the video players (the display's vblank).
    /// `audio`: where video clips' sound plays (nil: pictures only).
    /// `forms`: `run --state-dir` and the form timeouts (no state directory: forms cannot be submitted). `notice`: shows the
    /// one line of a submission that could not be saved over the board (nil: hides it).
    func start(refresh: Microseconds, videoLogger: Logger, now: Microseconds, audio: AudioEngine? = nil,
               forms options: RunOptions = RunOptions(), notice: ((String?) -> Void)? = nil) {
        let forms = FormsFeature(stateDirectory: options.stateDirectory, board: live, now: now,
                                 timeoutMilliseconds: options.formTimeoutMilliseconds,
                                 backoff: RetryBackoff(initial: options.formRetryInitial, maximum: max(options.formRetryInitial, 60_000_000)),
                                 topicLink: fleet.sourceConnections.first?.formsLink)
        forms.showNotice = notice
        self.forms = forms
        live.formSubmitter = forms  // Enter in a form's field (LiveBoard+Typing.swift)
        live.add(forms)
        let data = LiveDataFeature(board: live, now: now)
        liveData = data
        live.add(data)
        data.update(now: now, board: live)
        // The board's MQTT topics follow it from here on (LiveDataFeature.boardReplaced).
        data.connect(fleet.sourceConnections)
        let videos = VideoGadgets(refresh: refresh, hardware: VideoHardware.detect(), limits: VideoLimits(maximumSide: Texture.maximumSize),
                                  logger: videoLogger, now: now, audio: audio) { [unowned self] event in self.publish(event) }
        self.videos = videos
        videos.recordsShownPictures = videoFlipLog != nil
        live.add(videos)
        videos.sync(live, now: now)
        do {
            let web = try WebGadgets(logger: Loggers.web, display: live.hasDisplay)
            web.onEvent = { [unowned self] event in self.publish(event) }
            self.web = web
            live.add(web)
            web.sync(live)
        } catch {
            Loggers.web.error("\(error) (web gadgets show their background)")
        }
    }

    /// `{"type":"web","t":…,"gadget":…,"event":"loaded"|"failed"|"crashed"|"restarted"|"shown"}`
    /// (failed and crashed with their one-line `message`). `t`: CLOCK_MONOTONIC seconds when the
    /// loop heard of it; for `shown`, when the flip of the frame that showed the page's pixels
    /// completed (headless: when it finished; KMS: the page-flip event), so a bench compares it
    /// with a process start.
    private func publish(_ event: WebGadgets.Event) {
        let t = Double(MonotonicClock.now()) / 1_000_000  // whole microseconds
        var fields: [(String, JSONValue)] = [("type", .string("web")), ("t", .number(t)), ("gadget", .string(event.gadget)),
                                             ("event", .string(event.kind.rawValue))]
        if let m = event.message { fields.append(("message", .string(m))) }
        events.publish(.object(fields))
    }

    /// Once per iteration, before the live board's features run: MQTT source payloads to the
    /// live data.
    func takeSourceMessages(now: Microseconds) {
        guard let liveData else { return }
        fleet.takeSourceMessages { topic, messages in liveData.receive(topic: topic, messages: messages, at: now) }
    }

    /// After the features ran: source events to subscribers (socket and MQTT, as other events),
    /// the sources' figures into the metrics.
    func followLiveData() {
        guard let liveData else { service.metrics.sources = nil; return }
        service.metrics.sources = liveData.book
        for e in liveData.takeEvents() {
            var o: [(String, JSONValue)] = [("type", .string("source")), ("source", .string(e.source)), ("event", .string(e.kind.rawValue))]
            if let f = e.failure {
                o.append(("message", .string(f.message)))
                if let status = f.httpStatus { o.append(("httpStatus", .number(Double(status)))) }
            }
            events.publish(.object(o), stdout: false)
        }
    }

    /// After the features ran: form events to `--events` and subscribers, their counts into the
    /// metrics.
    func followForms() {
        guard let forms else { return }
        for e in forms.takeEvents() { events.publish(e) }
        service.metrics.formSubmissionsSent = forms.sentCount
        service.metrics.formSubmissionsFailed = forms.failedCount
        service.metrics.formSpoolLength = forms.pending
    }

    /// `state`'s `sources`; nil: the board has none.
    func sourcesReport(now: Microseconds) -> JSONValue? { liveData?.book?.report(now: now) }

    /// `{"type":"video","gadget":…,"event":"started"|"looped"|"ended"|"error"}` (an error with its
    /// one-line `message`) to `--events` and the subscribers.
    private func publish(_ event: VideoPlayer.Event) {
        var fields: [(String, JSONValue)] = [("type", .string("video")), ("gadget", .string(event.gadget)), ("event", .string(event.kind.rawValue))]
        if let m = event.message { fields.append(("message", .string(m))) }
        events.publish(.object(fields))
        if event.kind == .started { videoStarted?(event.gadget) }
    }

    /// Before a frame is drawn: the players' surfaces into the scene.
    func prepare(_ scene: BoardScene, board: Board) {
        if let videos {
            scene.videoSurfaces = videos.surfaces(for: board)
            scene.videoCaptions = videos.captions(for: board, tracks: live.captions, scale: live.viewport.scale, display: scene.display,
                                                  renderer: live.textImages.textRenderer)
        }
        if let web { scene.webSurfaces = web.surfaces(for: board) }
    }

    /// The web helpers' crashes and memory into the metrics: after each frame, and before the
    /// service writes its metrics (each loop iteration), because a board at rest draws no frame
    /// for minutes and its helper's memory, read every 5 s on the helper's thread, moves meanwhile
    /// (the metric read 4.5 MB, the helper's own at its start, with 143 MB in use).
    func refreshWebMetrics() {
        guard let web else { return }
        service.metrics.webCrashes = UInt64(web.crashesTotal)
        service.metrics.webHelperMemoryBytes = web.memoryBytes
    }

    /// After each frame was presented (KMS: its flip queued): the players' figures into the metrics.
    func frameDrawn() {
        if let videoFlipLog, let videos { videoFlipLog.framePresented(videos.takeShownPictures()) }
        liveData?.frameDrawn()
        if let web {
            web.framePresented()
            refreshWebMetrics()
        }
        guard let s = videos?.statistics else { return }
        service.metrics.videoFrames = UInt64(s.framesPresented)
        service.metrics.videoFramesDropped = UInt64(s.framesDropped)
        service.metrics.videoDecoder = s.decoder
        service.metrics.videoPath = s.path
    }

    /// `--stats` `"video": {"framesPresented","framesDropped","framesOvertaken","decoder","path"}`
    /// (`framesOvertaken`: of the dropped, those the sound had passed).
    var videoStatsJSON: JSONValue {
        let s = videos?.statistics ?? VideoPlayer.Statistics(decoder: "none", path: "none")
        return .object([("framesPresented", .number(Double(s.framesPresented))), ("framesDropped", .number(Double(s.framesDropped))),
                        ("framesOvertaken", .number(Double(s.framesOvertaken))),
                        ("decoder", .string(s.decoder)), ("path", .string(s.path))])
    }

    /// A presented frame is on screen (its flip completed; headless and the modeset: at once).
    func flipCompleted() { web?.flipCompleted() }

    func destroy() {
        videos?.destroy()
        web?.destroy()
        forms?.close()
    }
}
