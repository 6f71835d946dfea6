import CGLES2
import GadgetCore
import GadgetRender

/// The GPU side of a loaded board: its images packed into atlas pages (usually one), and a
/// `draw` that turns gadget poses into sprites. Thread: the render thread; `destroy()` before
/// the GL context goes.
public final class BoardScene {
    /// The board drawn: as loaded, with the control protocol's look changes (`updateLook`).
    public private(set) var loaded: LoadedBoard
    public let viewport: BoardViewport
    private var pages: [Texture] = []
    private var layout: AtlasLayout
    /// Atlas region per image path.
    private var regions: [String: AtlasRegion] = [:]
    /// Per gadget (board order): its region, or nil for a solid colour.
    private var gadgetRegions: [AtlasRegion?]
    private var gadgetColors: [Color?]
    private var backgroundRegion: AtlasRegion?
    private var whiteTexels: [(Float, Float)] = []

    /// The one-line warning when the images did not fit `textureBudget` and were shrunk (the
    /// caller logs it); nil when they fit.
    public private(set) var budgetWarning: String?

    /// `textureBudget`: the most bytes the atlas pages may take (`AtlasBudget.standard`, 256 MiB).
    public init(loaded: LoadedBoard, displaySize: PixelSize, rotation: DisplayRotation? = nil,
                textureBudget: AtlasBudget = .standard) throws(GLError) {
        self.loaded = loaded
        viewport = BoardViewport(boardSize: loaded.board.size, displaySize: displaySize, rotation: rotation ?? loaded.board.rotation)
        let paths = loaded.images.keys.sorted()
        // Pages up to 4096 (the Pi 4's limit) or the GPU's own limit, whichever is smaller.
        let pageSide = min(Texture.maximumSize, 4096)
        let fit = pageSide - 2 * AtlasLayout.gutter - AtlasLayout.whiteBlock
        var images = paths.map { loaded.images[$0]!.downscaled(toFit: fit) }
        let plan = textureBudget.plan(sizes: images.map(\.size), pageSide: pageSide)
        budgetWarning = AtlasBudget.warning(plan, budget: textureBudget)
        images = zip(images, plan.sizes).map { $0.downscaled(to: $1).premultiplied() }
        layout = plan.layout
        for p in layout.pages.indices {
            pages.append(try Texture(premultiplied: layout.composePage(p, images: images)))
            whiteTexels.append(layout.whiteTexel(page: p))
        }
        var byPath: [String: AtlasRegion] = [:]
        for (i, path) in paths.enumerated() { byPath[path] = layout.regions[i] }
        regions = byPath
        gadgetRegions = loaded.board.gadgets.map { g in
            if case .image(let ref) = g.appearance { return byPath[ref.path] }
            return nil
        }
        // An image not decoded yet (`run` decodes on worker threads) or that failed to decode
        // shows as a flat placeholder until a scene with it is built.
        gadgetColors = loaded.board.gadgets.map { g in
            switch g.appearance {
            case .color(let c): return c
            case .image(let ref): return byPath[ref.path] == nil ? BoardScene.pendingImageColor : nil
            }
        }
        if case .image(let ref, _) = loaded.board.background { backgroundRegion = byPath[ref.path] }
    }

    /// What a gadget whose image is not decoded yet draws as: a neutral slate grey that reads
    /// as "something goes here" on light and dark boards alike (docs/board-format.md).
    public static let pendingImageColor = Color(r: 0x4a / 255, g: 0x50 / 255, b: 0x5c / 255, a: 1)

    /// Number of atlas pages (textures) the board uses.
    public var pageCount: Int { pages.count }

    /// Clears to the letterbox colour and queues the background and every gadget at its pose in
    /// `poses` (board order, same count as the board's gadgets) into `batcher`. The caller has
    /// called `batcher.begin(transform: viewport.clipTransform)` and calls `end()` after any overlay.
    public func draw(poses: [GadgetPose], into batcher: SpriteBatcher) {
        let fill = loaded.board.background.fillColor
        glClearColor(GLfloat(fill.r * fill.a), GLfloat(fill.g * fill.a), GLfloat(fill.b * fill.a), 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        let size = loaded.board.size
        let canvasCenter = Vector2(size.width / 2, size.height / 2)
        if let r = backgroundRegion {
            batcher.draw(texture: pages[r.page].id, center: canvasCenter, size: size, rotation: 0,
                         u0: r.u0, v0: r.v0, u1: r.u1, v1: r.v1, color: .white(opacity: 1))
        }
        let gadgets = loaded.board.gadgets
        for (i, pose) in poses.enumerated() where i < gadgetRegions.count && !gadgets[i].hidden {
            let size = gadgets[i].size * pose.scale, opacity = gadgets[i].opacity
            if let r = gadgetRegions[i] {
                batcher.draw(texture: pages[r.page].id, center: pose.center, size: size, rotation: pose.rotation,
                             u0: r.u0, v0: r.v0, u1: r.u1, v1: r.v1, color: .white(opacity: opacity))
            } else if let c = gadgetColors[i] {
                drawSolid(center: pose.center, size: size, rotation: pose.rotation,
                          color: PremultipliedColor(c, opacity: opacity), batcher: batcher)
            }
        }
    }

    /// Gadget `index` now looks like `gadget` (a control `set` of colour, opacity, hidden or an
    /// image already in the atlas), at no cost but this. False when its image is not in the
    /// atlas: the caller builds a new scene with it.
    public func updateLook(_ index: Int, to gadget: Gadget) -> Bool {
        guard loaded.board.gadgets.indices.contains(index) else { return false }
        switch gadget.appearance {
        case .color(let c):
            gadgetRegions[index] = nil
            gadgetColors[index] = c
        case .image(let ref):
            guard let region = regions[ref.path] else { return false }
            gadgetRegions[index] = region
            gadgetColors[index] = nil
        }
        loaded.board.gadgets[index] = gadget
        return true
    }

    /// A solid quad sampled from the white block of whichever page is bound, so it joins the
    /// current batch instead of breaking it.
    public func drawSolid(center: Vector2, size: Size2, rotation: Double, color: PremultipliedColor, batcher: SpriteBatcher) {
        let page = pageIndex(of: batcher.currentTexture) ?? 0
        let (u, v) = whiteTexels[page]
        batcher.draw(texture: pages[page].id, center: center, size: size, rotation: rotation, u0: u, v0: v, u1: u, v1: v, color: color)
    }

    /// The texture and white texel for overlays (HUD, cursor) that want to stay in the batch.
    public func whiteTexel(for batcher: SpriteBatcher) -> (texture: TextureID, u: Float, v: Float) {
        let page = pageIndex(of: batcher.currentTexture) ?? 0
        return (pages[page].id, whiteTexels[page].0, whiteTexels[page].1)
    }

    private func pageIndex(of texture: TextureID) -> Int? {
        guard texture != .none else { return nil }
        return pages.firstIndex { $0.id == texture }
    }

    public func destroy() {
        for p in pages { p.destroy() }
        pages.removeAll()
    }
}
