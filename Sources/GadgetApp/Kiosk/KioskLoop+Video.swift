import GadgetCore
import GadgetRender
import GadgetSystem
import GadgetVideo

/// Video gadgets in the loop (docs/board-format.md, Video): `VideoGadgets` is a live feature that
/// makes one player (itself a live feature) per video gadget, now and whenever a load replaces the
/// board; the loop only publishes the players' events and hands their surfaces to the frame.
extension KioskLoop {
    func startVideos(now: Microseconds) {
        let refresh = display.refreshInterval ?? KioskLoop.headlessFrameInterval
        let videos = VideoGadgets(refresh: refresh, hardware: VideoHardware.detect(), limits: VideoLimits(maximumSide: Texture.maximumSize),
                                  logger: options.videoLogger, now: now) { [unowned self] event in self.publishVideo(event) }
        self.videos = videos
        live.add(videos)
        videos.sync(live, now: now)
    }

    /// `{"type":"video","gadget":…,"event":"started"|"looped"|"ended"|"error"}` (an error with its
    /// one-line `message`) to `--events` and the subscribers.
    func publishVideo(_ event: VideoPlayer.Event) {
        var fields: [(String, JSONValue)] = [("type", .string("video")), ("gadget", .string(event.gadget)), ("event", .string(event.kind.rawValue))]
        if let m = event.message { fields.append(("message", .string(m))) }
        let json = JSONValue.object(fields)
        if options.eventsToStdout { StandardOutput.line(JSONWriter.write(json)) }
        control.publish(json)
    }
}

extension KioskLoop {
    /// The players' figures into the metrics (after each frame).
    func countVideoFrames() {
        guard let s = videos?.statistics else { return }
        service.metrics.videoFrames = UInt64(s.framesPresented)
        service.metrics.videoFramesDropped = UInt64(s.framesDropped)
        service.metrics.videoDecoder = s.decoder
        service.metrics.videoPath = s.path
    }

    /// `--stats` `"video": {"framesPresented","framesDropped","decoder","path"}`.
    func videoStatsJSON() -> JSONValue {
        let s = videos?.statistics ?? VideoPlayer.Statistics(decoder: "none", path: "none")
        return .object([("framesPresented", .number(Double(s.framesPresented))), ("framesDropped", .number(Double(s.framesDropped))),
                        ("decoder", .string(s.decoder)), ("path", .string(s.path))])
    }
}
