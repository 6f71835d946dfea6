import GadgetCore
import SystemPackage

/// A video gadget in the kiosk is a live feature: the loop polls its decode thread's wake pipe,
/// and while the clip plays it is paced (`isPaced`): the loop draws for the flips at which a new
/// picture is due (`nextFlipWanted`), not at every refresh (a 30 fps clip on a 60 Hz panel: every
/// other one), and idles when it is paused or ended. Before each frame the player picks the
/// decoded frame for the flip that frame will be shown at (`LiveBoard.comingFlip`, which the loop
/// knows from its flips or headless cadence; one refresh after `now` where it does not), uploads
/// it and raises its gadget's content revision, so damage tracking redraws only its rectangle.
/// `VideoGadgets` creates and retires players as boards come and go.
///
/// Drawing every refresh while a clip played drew twice the frames its pictures need (7,198
/// display frames for 3,600 pictures in issue 25's figures). Each frame saved is a draw a GPU
/// need not make; on llvmpipe with a small gadget the saving was modest (the loop thread's CPU
/// fell by 16 %; docs/BENCHMARKS.md, "Issue 25, fourth stop").
///
/// At most one new picture per drawn frame: once one is picked, the loop iterations the
/// decoder's wake pipe causes before that frame is drawn only take the decoded frames (which
/// clears the pipe) and report errors. Picking in each of them uploaded pictures no frame showed
/// and counted them as presented (348 "presented" on 112 drawn frames in a window run).
extension VideoPlayer: LiveFeature {
    /// The loop draws for this video's pictures only (`isPaced`), never at every refresh.
    public var isAnimating: Bool { false }
    public var isPaced: Bool { isPlaying && surface != nil }
    public var nextFlipWanted: Microseconds? { nextPictureFlip }

    public func update(now: Microseconds, board: LiveBoard) {
        // Without a display there is no GL context to upload into: the clip waits (bounded queues).
        guard board.hasDisplay else { return }
        if pickedForNextFrame {
            for e in collect() { onEvent?(e) }
            return
        }
        let r = update(flip: board.comingFlip ?? now + refresh)
        if r.changed, let i = board.index(of: gadget) {
            pickedForNextFrame = true
            board.scene.videoFrameChanged(i.rawValue)
            // A paused video's seek shows one new frame: the loop draws it though nothing animates.
            board.drawAgain(.videoFrame)
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
        case .volume: setVolume(request.level ?? 1)
        case .captions: break  // LiveBoard.setCaptions (KioskControl.video): one way in, with its event
        }
    }
}
