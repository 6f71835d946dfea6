import GadgetCore
import SystemPackage

/// A video gadget in the kiosk is a live feature: the loop polls its decode thread's wake pipe,
/// draws at the display's rate while it plays (idle when paused or ended), and before each frame
/// the player picks the decoded frame for that frame's flip (about one refresh after `now`: the
/// loop draws just after a flip, and headless frames are shown in the next cadence slot), uploads
/// it and raises its gadget's content revision, so damage tracking redraws only its rectangle.
/// `VideoGadgets` creates and retires players as boards come and go.
///
/// At most one new picture per drawn frame: once one is picked, the loop iterations the
/// decoder's wake pipe causes before that frame is drawn only take the decoded frames (which
/// clears the pipe) and report errors. Picking in each of them uploaded pictures no frame showed
/// and counted them as presented (348 "presented" on 112 drawn frames in a window run).
extension VideoPlayer: LiveFeature {
    public func update(now: Microseconds, board: LiveBoard) {
        // Without a display there is no GL context to upload into: the clip waits (bounded queues).
        guard board.hasDisplay else { return }
        if pickedForNextFrame {
            for e in collect() { onEvent?(e) }
            return
        }
        let r = update(flip: now + refresh)
        if r.changed, let i = board.index(of: gadget) {
            pickedForNextFrame = true
            board.scene.videoFrameChanged(i.rawValue)
            // A paused video's seek shows one new frame: the loop draws it though nothing animates.
            board.needsDraw = true
        }
        for e in r.events { onEvent?(e) }
    }

    /// The picture picked is about to be drawn: the next frame may have a new one.
    public func willDrawFrame(now: Microseconds, board: LiveBoard) { pickedForNextFrame = false }

    /// Hotplug: the textures go with the old display's context (`detachSurface`).
    public func displayDetached(_ board: LiveBoard) { detachSurface() }

    /// Hotplug: made again in the new context, showing the frame that was on screen.
    public func displayAttached(_ board: LiveBoard) {
        if attachSurface(), let i = board.index(of: gadget) { board.scene.videoFrameChanged(i.rawValue) }
    }
}

extension VideoPlayer {
    /// A control request (`{"cmd":"video"}`), applied at the coming flip.
    func control(_ request: VideoControl, now: Microseconds) {
        let flip = now + refresh
        switch request.action {
        case .play: play(at: flip)
        case .pause: pause(at: flip)
        case .seek: seek(to: request.time ?? 0, at: flip)
        case .restart: restart(at: flip)
        }
    }
}
