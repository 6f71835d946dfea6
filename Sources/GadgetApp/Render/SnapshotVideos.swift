import GadgetCore
import GadgetRender
import GadgetSystem
import GadgetVideo

/// The snapshot's videos: each decoded at one clip time, frame-accurately (the frame a kiosk
/// shows then), and uploaded into a surface the scene draws. A video that cannot be decoded logs
/// one line and shows its poster, as in the kiosk.
enum SnapshotVideos {
    /// Surfaces by gadget index. Needs the GL context current.
    static func surfaces(_ loaded: LoadedBoard, at time: Microseconds, directory: String) -> [Int: VideoSurface] {
        shown(loaded, at: time, directory: directory).surfaces
    }

    /// Surfaces by gadget index, and the clip time of the picture each shows (what its captions
    /// follow, as in the kiosk). Needs the GL context current.
    static func shown(_ loaded: LoadedBoard, at time: Microseconds, directory: String) -> (surfaces: [Int: VideoSurface], clipTimes: [Int: Microseconds]) {
        var out: [Int: VideoSurface] = [:]
        var clipTimes: [Int: Microseconds] = [:]
        let limits = VideoLimits(maximumSide: Texture.maximumSize)
        for (index, video) in loaded.board.videoReferences {
            do {
                let decoder = try VideoDecoder(path: FileIO.resolve(video.path, against: directory))
                if let refusal = limits.refusal(width: decoder.info.width, height: decoder.info.height) { throw refusal }
                let frame = try decoder.frame(at: clipTime(time, loops: video.loop, duration: decoder.info.duration))
                let surface = try VideoSurface()
                do { try surface.show(frame) } catch { surface.destroy(); throw error }
                out[index] = surface
                clipTimes[index] = frame.clipTime
            } catch {
                Loggers.render.warning("video: \(video.path): \(error) (showing the poster)")
            }
        }
        return (out, clipTimes)
    }

    /// The captions shown (`captions.show`) at those clip times: the cue text by gadget index.
    static func captionTexts(_ loaded: LoadedBoard, clipTimes: [Int: Microseconds]) -> [Int: String] {
        var out: [Int: String] = [:]
        for (index, ref) in loaded.board.captionReferences where ref.show {
            if let t = clipTimes[index], let text = loaded.captions[ref.path]?.text(at: t) { out[index] = text }
        }
        return out
    }

    /// A looping clip shows at `time` what it shows `time` mod its length; a clip that stops
    /// shows its last frame after its end (`VideoDecoder.frame(at:)`).
    static func clipTime(_ time: Microseconds, loops: Bool, duration: Microseconds?) -> Microseconds {
        guard loops, let d = duration, d > 0 else { return max(0, time) }
        return max(0, time) % d
    }
}
