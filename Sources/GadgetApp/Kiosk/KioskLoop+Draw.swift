import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem

/// One frame: the board prepares it (a ready load swapped in, images placed, text sharpened),
/// damage tracking plans what to redraw, the passes are drawn and the frame presented.
extension KioskLoop {
    func drawFrame(now: Microseconds) throws {
        try display.beginFrame()
        let poses = try live.prepareFrame(now: now)
        let scene = live.scene
        if let videos { scene.videoSurfaces = videos.surfaces(for: live.board) }
        let dots = PageDots(board: live.board, pager: live.session.pager)
        let showCursor = cursor != nil && !pointerDevices.isEmpty
        let plan = damage.plan(scene: scene, board: live.board, poses: poses, pageDots: dots, cursor: showCursor ? cursor : nil,
                               hudFrame: hud == nil ? nil : drawnFrames, display: display, fullRedraw: options.fullRedraw)
        display.setDamageRegion(plan.draw.rects)
        try draw(poses: poses, pageDots: dots, cursor: showCursor, region: plan.draw)
        if let verifier {
            try verifier.check(display.pixelSize, display: display) { () throws in try draw(poses: poses, pageDots: dots, cursor: showCursor, region: .full) }
        }
        let screen = PixelRect(display.pixelSize)
        stats.redrew(plan.draw.pixelCount(on: screen), of: screen.area)
        service.metrics.redrawnPixels &+= UInt64(plan.draw.pixelCount(on: screen))
        service.metrics.presentedPixels &+= UInt64(screen.area)
        // The first frame after the loop idled starts a new run of drawing (FrameStatistics).
        if idledSinceFrame { stats.startRun() }
        idledSinceFrame = false
        let shown = try pacer.present(display, damage: DamagePolicy().simplify(plan.own, screen: screen).rects, noting: &stats)
        damage.presented(plan)
        live.frameDrawn()
        liveData?.frameDrawn()
        countVideoFrames()
        drawnFrames += 1
        if live.allImagesArrived, imagesShownTime == nil, !live.isLoading { imagesShown() }
        switch shown {
        case .flipQueued(let at):
            service.frameQueued(now: at)
        case .finished(let flip):
            // Headless: nothing is scanned out; the frame is "shown" when it is finished.
            lastHeadlessFrame = flip.time
            flipped(flip)
        case .withoutFlip:
            break
        }
    }

    /// Draws the board at `poses` (and the cursor and HUD) into `region`: one pass, or one
    /// scissored pass per rectangle. Nothing for an empty region.
    func draw(poses: [GadgetPose], pageDots: PageDots? = nil, cursor showCursor: Bool, region: RedrawRegion) throws {
        switch region {
        case .full:
            try drawPass(poses: poses, pageDots: pageDots, cursor: showCursor)
        case .rects(let rects):
            for rect in rects {
                Scissor.limit(to: rect, framebufferHeight: display.pixelSize.height)
                try drawPass(poses: poses, pageDots: pageDots, cursor: showCursor)
            }
            Scissor.remove()
        }
    }

    private func drawPass(poses: [GadgetPose], pageDots: PageDots?, cursor showCursor: Bool) throws {
        let scene = live.scene
        batcher.begin(transform: scene.viewport.clipTransform)
        scene.draw(poses: poses, into: batcher)
        if let pageDots { scene.draw(pageDots: pageDots, into: batcher) }
        if showCursor, let cursor { drawCursor(at: cursor) }
        // Last, on top, in screen pixels: at most one extra draw call.
        hud?.draw(stats: stats, refreshInterval: display.refreshInterval, displaySize: display.pixelSize,
                  rotation: scene.viewport.rotation, batcher: batcher, scene: scene, vsync: display.showsOnVblank)
        problemsOverlay?.draw(displaySize: display.pixelSize, rotation: scene.viewport.rotation, batcher: batcher, scene: scene)
        try batcher.end()
    }

    /// A small ring-like pointer (dark diamond under a light one) that reads on any background,
    /// in the same batch as the board. Sized in display pixels, whatever the board's scale.
    func drawCursor(at p: Vector2) {
        let scene = live.scene
        let px = 1 / scene.viewport.scale
        scene.drawSolid(center: p, size: Size2(18 * px, 18 * px), rotation: Math.pi / 4,
                        color: PremultipliedColor(Color(r: 0, g: 0, b: 0, a: 0.6)), batcher: batcher)
        scene.drawSolid(center: p, size: Size2(12 * px, 12 * px), rotation: Math.pi / 4,
                        color: PremultipliedColor(Color(r: 1, g: 1, b: 1, a: 0.95)), batcher: batcher)
    }

    func drawBlack() throws {
        try display.beginFrame()
        FramebufferClear.clearToBlack()
        damage.invalidate()
        // Not a frame of the statistics: blanking is not drawing.
        if case .flipQueued(let at) = try pacer.present(display) { service.frameQueued(now: at) }
    }

    /// The frame just presented is the first to show every image.
    func imagesShown() {
        let now = MonotonicClock.now()
        imagesShownTime = now
        Loggers.board.info("images: all \(live.images.count) shown after \(seconds(since: launchTime, at: now)) s")
    }

    func seconds(since start: Microseconds, at time: Microseconds) -> Double {
        JSONWriter.rounded(Double(time - start) / 1_000_000, places: 3)
    }
}
