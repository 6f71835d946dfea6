import GadgetCore
import GadgetMQTT

/// What `run --metrics FILE` exports, fed by the main loop and rendered once a second as
/// Prometheus text. Recording does not allocate (counters and fixed-bucket histograms), so it
/// can happen per frame and per event. Thread: the main loop's.
public struct KioskMetrics: Sendable {
    /// Page flips completed (headless: frames finished).
    public var framesPresented: UInt64 = 0
    /// Vblanks that passed without a new frame, from flip sequence numbers.
    public var missedVblanks: UInt64 = 0
    /// Time between consecutive presented frames, seconds (KMS: flip timestamps).
    public var frameTime = PrometheusHistogram(upperBounds: KioskMetrics.frameTimeBounds)
    /// Touch event (kernel timestamp) to the flip that first showed its effect, seconds.
    public var inputLatency = PrometheusHistogram(upperBounds: KioskMetrics.latencyBounds)
    /// Contacts that began (one per finger landing), including ones swallowed by a wake.
    public var touches: UInt64 = 0
    /// Page changes by cause (swipe, tap, longPress, idle, control); gadget actions by kind.
    public var pageChanges: [String: UInt64] = [:]
    public var actions: [String: UInt64] = [:]
    public var idleReturns: UInt64 = 0
    /// Gestures recognized, by kind (indexed like `GestureEvent.Kind.allCases`).
    public private(set) var gestures = [UInt64](repeating: 0, count: GestureEvent.Kind.allCases.count)
    /// Board reloads (SIGHUP) that took effect and ones rejected (the old board kept running).
    public var reloadsSucceeded: UInt64 = 0
    public var reloadsFailed: UInt64 = 0
    /// Control requests executed (any endpoint), and those answered with an error.
    public var controlRequests: UInt64 = 0
    public var controlRequestErrors: UInt64 = 0
    /// The control socket's losses and refusals (`ControlSocketStatistics`, summed over sockets).
    public var controlMessagesDropped: UInt64 = 0
    public var controlClientsRejected: UInt64 = 0
    public var controlLinesTooLong: UInt64 = 0
    /// True while the panel is blanked by the idle policy.
    public var blanked = false
    /// Whether the display is on, and why (the schedule, idle, control, start, a touch).
    public var displayOn = true
    public var displayCause = "start"
    /// Video gadgets' frames shown and dropped (too late for their flip) over the run, and which
    /// decoder and presentation path play them (`none` without videos).
    public var videoFrames: UInt64 = 0
    /// Sound: underruns recovered since start, and whether the output device is open (false
    /// with no engine, or while it is gone).
    public var audioUnderruns: UInt64 = 0
    public var audioDeviceUp = false
    /// Forms: submissions their target accepted, attempts that failed (and submissions that could
    /// not be saved), and how many wait in the spool.
    public var formSubmissionsSent: UInt64 = 0
    public var formSubmissionsFailed: UInt64 = 0
    public var formSpoolLength = 0
    public var videoFramesDropped: UInt64 = 0
    /// Web gadgets (issue 40): helper deaths this run, and the helpers' memory with WebKit's
    /// processes, PSS summed (0 without web gadgets).
    public var webCrashes: UInt64 = 0
    public var webHelperMemoryBytes = 0
    public var videoDecoder = "none"
    public var videoPath = "none"
    /// False while no connector is connected (the panel unplugged or switched off).
    public var displayConnected = true
    /// Times the panel went away and came back while running (hotplug).
    public var displayDisconnects: UInt64 = 0
    public var displayReconnects: UInt64 = 0
    /// When the last page flip completed (CLOCK_MONOTONIC µs); nil before the first.
    public var lastFlip: Microseconds?
    /// The input queue's counters (a stalled loop shows here first): times it was found full,
    /// moves merged to make room, contacts dropped whole past the lifecycle reserve.
    public var inputQueueOverflows: UInt64 = 0
    public var inputMovesCoalesced: UInt64 = 0
    public var inputContactsLost: UInt64 = 0
    /// The touch assemblers' counters over every input device since start
    /// (`InputThread.assemblerStatistics`): what the kernel dropped and what had to be repaired.
    public var inputAssembler = TouchAssemblerStats()
    /// Touch frames that arrived after the simulation had passed their time.
    public var lateInputFrames: UInt64 = 0
    /// Simulation time given up after stalls (the loop drops it rather than spiral), µs.
    public var droppedSimulationTime: Microseconds = 0
    /// Labels of `gadgetboard_info`: which board is on screen and where it is drawn.
    public var boardName: String
    public var display: String
    /// Gadgets on the board on screen: shows at a glance (and to the boot test) that a reload
    /// took effect, since the board's path usually stays the same.
    public var boardGadgets = 0
    /// Pixels drawn and pixels shown by presented frames (damage tracking's saving).
    public var redrawnPixels: UInt64 = 0
    public var presentedPixels: UInt64 = 0
    /// Raspberry Pi: the SoC temperature (°C) and the firmware's throttling flags; nil elsewhere.
    public var socTemperatureCelsius: Double?
    public var throttled: ThrottledFlags?
    /// `run --mqtt`: the session's counters; nil without MQTT.
    public var mqtt: MQTTStatistics?
    /// The board's live-data sources (fetch counts, value ages); nil: none.
    public var sources: SourceStatusBook?
    /// Process start (CLOCK_MONOTONIC µs), for the uptime gauge.
    public let startTime: Microseconds

    /// Frame-time bounds: around 1, 2 and 3 refreshes at 60 Hz (16.7 ms) with room for jitter,
    /// and fast refreshes (120 Hz: 8.3 ms) below.
    public static let frameTimeBounds: [Double] = [0.005, 0.009, 0.0125, 0.0175, 0.021, 0.025, 0.034, 0.05, 0.1, 0.25, 1]
    /// Latency bounds: swap-to-photon on a Pi 4 measured 17–31 ms (docs/kms-notes), so the
    /// buckets are fine from 10 to 50 ms.
    public static let latencyBounds: [Double] = [0.005, 0.01, 0.015, 0.02, 0.025, 0.03, 0.035, 0.04, 0.05, 0.075, 0.1, 0.25, 1]

    public init(startTime: Microseconds, boardName: String = "", display: String = "") {
        self.startTime = startTime; self.boardName = boardName; self.display = display
    }

    /// Counts a gesture once per occurrence: discrete gestures when recognized, continuous ones
    /// when they begin (their `changed`/`ended` events are the same gesture).
    public mutating func record(_ gesture: GestureEvent) {
        guard gesture.state == .recognized || gesture.state == .began,
              let i = GestureEvent.Kind.allCases.firstIndex(of: gesture.kind) else { return }
        gestures[i] += 1
    }

    /// Counts page changes by cause and gadget actions by kind (an idle return counts as the
    /// page change it made, if any).
    public mutating func record(_ event: ActionEvent) {
        switch event.kind {
        case .page: if let cause = event.cause { pageChanges[cause.rawValue, default: 0] += 1 }
        case .action: if let action = event.action { actions[action, default: 0] += 1 }
        case .idleReturn: idleReturns += 1
        }
    }

    public func gestureCount(_ kind: GestureEvent.Kind) -> UInt64 {
        GestureEvent.Kind.allCases.firstIndex(of: kind).map { gestures[$0] } ?? 0
    }

    /// The whole file's text at `now` (CLOCK_MONOTONIC µs).
    public func exposition(now: Microseconds) -> String {
        var p = PrometheusExposition()
        p.gauge("gadgetboard_info", help: "Constant 1; the labels name the board on screen and the display.",
                value: 1, labels: [("board", boardName), ("display", display)])
        p.gauge("gadgetboard_uptime_seconds", help: "Seconds since the process started.", value: Double(now - startTime) / 1_000_000)
        p.counter("gadgetboard_frames_presented_total", help: "Frames shown on the panel (page flips completed).", value: Double(framesPresented))
        p.counter("gadgetboard_missed_vblanks_total", help: "Refreshes that passed without a new frame, from flip sequence numbers.",
                  value: Double(missedVblanks))
        p.histogram("gadgetboard_frame_time_seconds", help: "Time between consecutive presented frames (flip timestamps).", frameTime)
        p.histogram("gadgetboard_input_latency_seconds", help: "Touch event kernel timestamp to the flip of the first frame showing it.",
                    inputLatency)
        p.counter("gadgetboard_touches_total", help: "Contacts that began (fingers landing).", value: Double(touches))
        p.counter("gadgetboard_gestures_total", help: "Gestures recognized, by kind.",
                  samples: GestureEvent.Kind.allCases.enumerated().map { ([("kind", $0.element.rawValue)], Double(gestures[$0.offset])) })
        if !pageChanges.isEmpty || !actions.isEmpty || idleReturns > 0 {
            p.counter("gadgetboard_page_changes_total", help: "Times the page shown changed, by cause.",
                      samples: pageChanges.sorted { $0.key < $1.key }.map { ([("cause", $0.key)], Double($0.value)) })
            p.counter("gadgetboard_actions_total", help: "Gadget actions run, by action.",
                      samples: actions.sorted { $0.key < $1.key }.map { ([("action", $0.key)], Double($0.value)) })
            p.counter("gadgetboard_idle_returns_total", help: "Returns to the home page after nobody touched the panel.", value: Double(idleReturns))
        }
        p.counter("gadgetboard_board_reloads_total", help: "Board reloads on SIGHUP, by result (failed: the running board was kept).",
                  samples: [([("result", "ok")], Double(reloadsSucceeded)), ([("result", "failed")], Double(reloadsFailed))])
        p.counter("gadgetboard_control_requests_total", help: "Control requests executed (socket, MQTT), by result.",
                  samples: [([("result", "ok")], Double(controlRequests - min(controlRequests, controlRequestErrors))),
                            ([("result", "error")], Double(controlRequestErrors))])
        p.counter("gadgetboard_control_messages_dropped_total", help: "Control replies and events dropped because a client did not read (its queue was full).",
                  value: Double(controlMessagesDropped))
        p.counter("gadgetboard_control_clients_rejected_total", help: "Control socket connections refused because the most clients were connected.",
                  value: Double(controlClientsRejected))
        p.counter("gadgetboard_control_lines_too_long_total", help: "Control request lines refused for their length.", value: Double(controlLinesTooLong))
        if let sources, !sources.statuses.isEmpty {
            p.counter("gadgetboard_source_fetches_total", help: "Live-data source fetches (HTTP polls, MQTT messages), by source and result.",
                      samples: sources.statuses.flatMap { s in s.fetches.sorted { $0.key < $1.key }.map { ([("source", s.id), ("result", $0.key)], Double($0.value)) } })
            p.gauge("gadgetboard_source_age_seconds", help: "Seconds since each source's value last arrived or was confirmed (absent: no value yet).",
                    samples: sources.statuses.compactMap { s in s.age(now: now).map { ([("source", s.id)], $0) } })
        }
        p.gauge("gadgetboard_board_gadgets", help: "Gadgets on the board on screen.", value: Double(boardGadgets))
        p.gauge("gadgetboard_blanked", help: "1 while the panel is blanked by the idle policy.", value: blanked ? 1 : 0)
        p.gauge("gadgetboard_display_on", help: "1 while the display is on, 0 while off; the label says why (schedule, idle, control, start, touch).",
                value: displayOn ? 1 : 0, labels: [("cause", displayCause)])
        p.gauge("gadgetboard_display_connected", help: "1 while a connector is connected and the board is shown; 0 while the panel is unplugged or off.",
                value: displayConnected ? 1 : 0)
        p.counter("gadgetboard_display_disconnects_total", help: "Times the panel went away while running (hotplug).", value: Double(displayDisconnects))
        p.counter("gadgetboard_display_reconnects_total", help: "Times a panel came back and the board was shown again (hotplug).",
                  value: Double(displayReconnects))
        p.counter("gadgetboard_input_queue_overflows_total", help: "Times the input queue was found full (the main loop fell behind).",
                  value: Double(inputQueueOverflows))
        p.counter("gadgetboard_input_moves_coalesced_total", help: "Touch moves merged to make room in a full input queue.",
                  value: Double(inputMovesCoalesced))
        p.counter("gadgetboard_input_contacts_lost_total", help: "Contacts dropped whole when the input queue was past its lifecycle reserve.",
                  value: Double(inputContactsLost))
        let a = inputAssembler
        p.counter("gadgetboard_input_frames_total", help: "Frames assembled from input devices' reports (SYN_REPORT).", value: Double(a.frames))
        p.counter("gadgetboard_input_sync_drops_total",
                  help: "Times a device's kernel buffer overflowed (SYN_DROPPED), by recovery: its state read back (resync) or its contacts cancelled (cancel).",
                  samples: [([("recovery", "resync")], Double(a.resyncs)), ([("recovery", "cancel")], Double(a.syncDrops))])
        p.counter("gadgetboard_input_events_repaired_total",
                  help: "Device events discarded or corrected by kind: dropped (in a SYN_DROPPED gap), unknown_slot, clamped (outside the axis range), protocol_a (not assembled).",
                  samples: [([("kind", "dropped")], Double(a.droppedEvents)), ([("kind", "unknown_slot")], Double(a.unknownSlotEvents)),
                            ([("kind", "clamped")], Double(a.clampedValues)), ([("kind", "protocol_a")], Double(a.protocolAReports))])
        p.counter("gadgetboard_input_contacts_repaired_total",
                  help: "Contacts not reported as the device sent them, by kind: replaced (new tracking id without a lift), sub_frame (began and ended within one frame, never reported), cancelled (device gone or stopped).",
                  samples: [([("kind", "replaced")], Double(a.replacedContacts)), ([("kind", "sub_frame")], Double(a.subFrameContacts)),
                            ([("kind", "cancelled")], Double(a.cancelledContacts))])
        p.counter("gadgetboard_late_input_frames_total", help: "Touch frames applied after the simulation had passed their time.",
                  value: Double(lateInputFrames))
        p.counter("gadgetboard_dropped_simulation_seconds_total", help: "Simulation time given up after main-loop stalls instead of catching up.",
                  value: Double(droppedSimulationTime) / 1_000_000)
        p.counter("gadgetboard_redrawn_pixels_total", help: "Pixels drawn by presented frames (damage tracking redraws only what changed).",
                  value: Double(redrawnPixels))
        p.counter("gadgetboard_presented_pixels_total",
                  help: "Pixels of the presented frames (screen size times frames); redrawn over presented is the fraction of the screen drawn.",
                  value: Double(presentedPixels))
        p.gauge("gadgetboard_last_flip_age_seconds",
                help: "Seconds since the last page flip completed (since start before the first). Grows while nothing is drawn (idle board, blanked, unplugged) as on a hung display; the watchdog tells them apart (no flip outstanding for over 2 s).",
                // A headless flip is stamped with its cadence slot, which can be a little ahead.
                value: Double(max(0, now - (lastFlip ?? startTime))) / 1_000_000)
        p.counter("gadgetboard_video_frames_total", help: "Video frames shown by video gadgets.", value: Double(videoFrames))
        p.counter("gadgetboard_video_frames_dropped_total", help: "Decoded video frames dropped because they were too late for their flip.",
                  value: Double(videoFramesDropped))
        p.gauge("gadgetboard_video_info", help: "Constant 1; the labels name the video decoder and the presentation path (upload or dmabuf; none without videos).",
                value: 1, labels: [("decoder", videoDecoder), ("path", videoPath)])
        p.counter("gadgetboard_audio_underruns_total", help: "Audio underruns recovered (snd_pcm_recover) since start.", value: Double(audioUnderruns))
        p.gauge("gadgetboard_audio_device_up", help: "1 while the sound output device is open; 0 while it is gone (it is reopened when it returns) or the kiosk runs without sound.",
                value: audioDeviceUp ? 1 : 0)
        p.counter("gadgetboard_form_submissions_total",
                  help: "Form submissions accepted by their target (sent), and attempts that failed or submissions that could not be saved (failed; a failed attempt is retried).",
                  samples: [([("result", "sent")], Double(formSubmissionsSent)), ([("result", "failed")], Double(formSubmissionsFailed))])
        p.gauge("gadgetboard_form_spool_length", help: "Form submissions kept in the spool until their target accepts them.", value: Double(formSpoolLength))
        p.counter("gadgetboard_web_crashes_total", help: "Web helper deaths (crash, kill, fatal, no ready in time); each is restarted with back-off.",
                  value: Double(webCrashes))
        p.gauge("gadgetboard_web_helper_rss_bytes",
                help: "Memory of the web helpers with their WebKit WebProcess and NetworkProcess: the PSS of each helper and every process below it, summed (shared library pages split among the processes mapping them, so libWPEWebKit counts once), read from /proc every 5 s (by the kiosk for a helper it spawned; by the helper itself, and reported, for one from gadgetboard-web.socket).",
                value: Double(webHelperMemoryBytes))
        fleetExposition(into: &p)
        return p.text
    }
}
