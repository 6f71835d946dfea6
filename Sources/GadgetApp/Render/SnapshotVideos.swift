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
        var out: [Int: VideoSurface] = [:]
        let limits = VideoLimits(maximumSide: Texture.maximumSize)
        for (index, video) in loaded.board.videoReferences {
            do {
                let decoder = try VideoDecoder(path: FileIO.resolve(video.path, against: directory))
                if let refusal = limits.refusal(width: decoder.info.width, height: decoder.info.height) { throw refusal }
                let frame = try decoder.frame(at: clipTime(time, loops: video.loop, duration: decoder.info.duration))
                let surface = try VideoSurface()
                do { try surface.show(frame) } catch { surface.destroy(); throw error }
                out[index] = surface
            } catch {
                Loggers.render.warning("video: \(video.path): \(error) (showing the poster)")
            }
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
