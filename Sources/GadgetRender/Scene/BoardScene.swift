import GadgetCore

/// The GPU side of a loaded board: its images and its gadgets' text packed into atlas pages
/// (usually one), and a `draw` that turns gadget poses into sprites. Text is an image in the same
/// pages as the photos, drawn by the same batcher over its gadget's colour or image: a board of
/// images, colours and text stays one texture and one draw call. Thread: the render thread;
/// `destroy()` before the GL context goes.
public final class BoardScene {
    // No board of its own: every call that needs one (`draw`, a text or QR code set, an image
    // placed or released, a rebuild of the atlas) is handed the running board, the session's,
    // the one copy that is written. Its per-gadget entries are by that board's index.
    /// The board's decoded images by path (what the atlas pages are composed from).
    public internal(set) var images: [String: RGBAImage]
    /// Each QR gadget's code by gadget id (`LoadedBoard.qrImages`, then `setQR`).
    public internal(set) var qrImages: [String: RGBAImage]
    public let viewport: BoardViewport
    var pages: [Texture] = []
    /// A scene prepared off the render thread (`uploading: false`): its pages composed, not yet
    /// uploaded (`upload`, BoardScene+Prepared.swift); nil once uploaded, or for a scene made on
    /// the render thread.
    var composedPages: [RGBAImage]?
    var layout: AtlasLayout
    /// The side of the atlas pages: 4096 or the GPU's limit, whichever is smaller.
    public let pageSide: Int
    /// The board's image paths (sorted) and the sizes the budget planned for them: the first
    /// entries of the atlas, in this order; the gadgets' text images follow.
    var imagePaths: [String]
    var imageSizes: [PixelSize]
    /// Images added at run time (`addImage`) by path: their atlas entry (a room allocated after
    /// the layout, not in `imagePaths` order); empty again after a rebuild lays them out.
    var addedImageEntries: [String: Int] = [:]
    /// Reserved images not placed yet (drawn as placeholders), and those placed since (kept for
    /// an atlas rebuild; the same storage as the caller's copy).
    var pendingImages: Set<String>
    var placedImages: [String: RGBAImage] = [:]
    /// Per gadget (board order): its region, or nil for a solid colour.
    var gadgetRegions: [AtlasRegion?] = []
    var gadgetColors: [Color?]
    var backgroundRegion: AtlasRegion?
    /// A paged board's page dot (`RGBAImage.disc` at the dot's display size), nil without pages.
    var dotRegion: AtlasRegion?
    var whiteTexels: [(Float, Float)] = []

    /// The render thread's cache, except in a scene prepared off it (its worker's own, until `upload`).
    var textCache: TextImageCache
    /// Per gadget: its text as shown now (`setText` changes it at run time), the zoom its image
    /// was rasterised for, the image's key and where it sits in the atlas (nil: no text).
    var texts: [GadgetText?]
    var textZooms: [Double]
    var textKeys: [TextImageCache.Key?] = []
    var textRegions: [AtlasRegion?] = []
    /// Atlas entry index (after the images) per gadget with a text image.
    var textEntries: [Int?] = []
    /// Field gadgets (BoardScene+Fields.swift): how far each one's text is scrolled in its box,
    /// board pixels, and the caret layout of the image shown (by the image's key).
    var textScrolls: [Int: Vector2] = [:]
    var caretLayouts: [Int: (key: TextImageCache.Key, layout: CaretLayout)] = [:]
    /// Per gadget: its QR code's atlas entry and region (nil: no QR code); BoardScene+QR.swift.
    var qrEntries: [Int?] = []
    var qrRegions: [AtlasRegion?] = []
    /// Per gadget: goes up whenever its pixels change other than by its pose (its text was set,
    /// re-rasterised sharper): damage tracking compares it with the last frame's.
    public internal(set) var contentRevisions: [Int]
    /// Goes up when the background's pixels change in place (its atlas region moved in a rebuild):
    /// damage tracking then redraws everything.
    public internal(set) var backgroundRevision = 0
    /// Layouts built, rooms uploaded and pages grown since the scene was made
    /// (BoardScene+TextRooms.swift).
    public internal(set) var atlasWork = AtlasWork()

    /// Per gadget index: the video drawn over its appearance (a video gadget's player or the
    /// snapshot sets it); the scene does not own them (their owner destroys them).
    public var videoSurfaces: [Int: VideoSurface] = [:]
    /// Video gadgets' captions shown this frame by gadget index (BoardScene+Captions.swift); set
    /// by the kiosk's players and the snapshot, as the surfaces are.
    public var videoCaptions: [Int: VideoCaption] = [:]
    /// Web gadgets' pictures by gadget index (issue 40), drawn as video's are.
    public var webSurfaces: [Int: WebSurface] = [:]
    /// Per gadget, the factor its opacity is drawn with while pages crossfade (nil: none runs);
    /// set through `setCrossfade` (BoardScene+Crossfade.swift).
    public internal(set) var crossfadeOpacities: [Double]?
    /// The visitor's high-contrast and large-text modes (BoardScene+AccessibilityDisplay.swift)
    /// and, in high contrast, the plate beneath each text gadget's text by gadget index.
    public internal(set) var display = AccessibilityDisplay.normal
    var plates: [Int: Color] = [:]

    /// The one-line warning when the images did not fit `textureBudget` and were shrunk (the
    /// caller logs it); nil when they fit.
    public private(set) var budgetWarning: String?
    /// One line per gadget whose text could not be drawn as asked (a font not installed, drawn
    /// in the default font instead, or not at all); the caller logs them.
    public internal(set) var textWarnings: [String] = []

    /// `textureBudget`: the most bytes the image pages may take (`AtlasBudget.standard`, 256 MiB);
    /// text images come on top. `text`: rendered text kept across scenes (a new cache when nil).
    /// `reserving`: images still being decoded (path → the most pixels they will have, as
    /// `BoardLoader.imageJobs` asks for): the atlas is laid out with room for them now, and
    /// `placeImage` puts each in its room as it arrives, instead of a new scene per arrival.
    /// `uploading: false` (with `pageSide`, read on the render thread): made on a worker thread,
    /// with a text cache of its own; every page is composed but nothing touches GL until
    /// `upload` on the render thread (a reload's scene, BoardScene+Prepared.swift).
    public init(loaded: LoadedBoard, displaySize: PixelSize, rotation: DisplayRotation? = nil,
                textureBudget: AtlasBudget = .standard, text: TextImageCache? = nil,
                reserving: [String: PixelSize] = [:], pageSide side: Int? = nil, uploading: Bool = true) throws(GLError) {
        images = loaded.images
        qrImages = loaded.qrImages
        viewport = BoardViewport(boardSize: loaded.board.size, displaySize: displaySize, rotation: rotation ?? loaded.board.rotation)
        textCache = text ?? TextImageCache()
        let reserved = reserving.filter { loaded.images[$0.key] == nil }
        pendingImages = Set(reserved.keys)
        imagePaths = (Array(loaded.images.keys) + reserved.keys).sorted()
        // Pages up to 4096 (the Pi 4's limit) or the GPU's own limit, whichever is smaller.
        pageSide = min(side ?? Texture.maximumSize, 4096)
        if !uploading { composedPages = [] }
        let fit = pageSide - 2 * AtlasLayout.gutter - AtlasLayout.whiteBlock
        let fitted = imagePaths.map { path in
            if let image = loaded.images[path] { return image.downscaled(toFit: fit).size }
            let room = reserved[path] ?? PixelSize(1, 1)
            return PixelSize(min(max(1, room.width), fit), min(max(1, room.height), fit))
        }
        let plan = textureBudget.plan(sizes: fitted, pageSide: pageSide)
        budgetWarning = AtlasBudget.warning(plan, budget: textureBudget)
        imageSizes = plan.sizes
        layout = plan.layout
        let gadgets = loaded.board.gadgets
        texts = gadgets.map(\.text)
        textZooms = gadgets.map { _ in 1 }
        contentRevisions = gadgets.map { _ in 0 }
        // An image not decoded yet (`run` decodes on worker threads) or that failed to decode
        // shows as a flat placeholder until a scene with it is built.
        gadgetColors = gadgets.map { g in
            switch g.appearance {
            case .color(let c): return c
            case .image(let ref): return loaded.images[ref.path] == nil ? BoardScene.pendingImageColor : nil
            case .clear: return BoardScene.webPlaceholder(g)
            }
        }
        try buildAtlas(board: loaded.board)
    }

    /// What a gadget whose image is not decoded yet draws as: a neutral slate grey that reads
    /// as "something goes here" on light and dark boards alike (docs/board-format.md).
    public static let pendingImageColor = Color(r: 0x4a / 255, g: 0x50 / 255, b: 0x5c / 255, a: 1)

    /// Number of atlas pages (textures) the board uses.
    public var pageCount: Int { pages.count }

    /// Clears to the letterbox colour and queues the background and every gadget of `board` at
    /// its pose in `poses` (board order, same count as the board's gadgets) into `batcher`,
    /// anti-aliased and clipped to the board's area (the clip holds for what the caller adds in
    /// board pixels until `setTransform`). `board`: the running board (the session's, the one
    /// copy that is written), in the order and with the sizes, opacities and hidden flags the
    /// frame shows; the scene's per-gadget entries (atlas regions, text) are by the same index.
    /// The caller has called `batcher.begin(transform: viewport.clipTransform)` and calls
    /// `end()` after any overlay.
    public func draw(board: Board, poses: [GadgetPose], into batcher: SpriteBatcher) {
        let fill = board.background.fillColor
        FramebufferClear.clear(red: fill.r * fill.a, green: fill.g * fill.a, blue: fill.b * fill.a)
        let size = board.size
        // Nothing of the board lands in the letterbox bars: a gadget hanging over the board's
        // edge is cut at it (smooth sprites only; the HUD after `setTransform` is not clipped).
        batcher.clip(to: (x: 0, y: 0, width: size.width, height: size.height))
        let canvasCenter = Vector2(size.width / 2, size.height / 2)
        if let r = backgroundRegion {
            batcher.draw(texture: pages[r.page].id, center: canvasCenter, size: size, rotation: 0,
                         u0: r.u0, v0: r.v0, u1: r.u1, v1: r.v1, color: .white(opacity: 1))
        }
        let gadgets = board.gadgets
        for (i, pose) in poses.enumerated() where i < gadgetRegions.count && i < gadgets.count && !gadgets[i].hidden {
            let fade = crossfadeOpacities.map { i < $0.count ? $0[i] : 1 } ?? 1
            let size = gadgets[i].size * pose.scale, opacity = gadgets[i].opacity * fade
            if fade <= 0 { continue }
            if let r = gadgetRegions[i] {
                batcher.draw(texture: pages[r.page].id, center: pose.center, size: size, rotation: pose.rotation,
                             u0: r.u0, v0: r.v0, u1: r.u1, v1: r.v1, color: .white(opacity: opacity), clearOutline: r.clearOutline)
            } else if let c = gadgetColors[i] {
                drawSolid(center: pose.center, size: size, rotation: pose.rotation,
                          color: PremultipliedColor(c, opacity: opacity), batcher: batcher)
            }
            drawQR(i, center: pose.center, size: size, rotation: pose.rotation, opacity: opacity, into: batcher)  // BoardScene+QR.swift
            if let video = videoSurfaces[i] {
                video.draw(center: pose.center, size: size, rotation: pose.rotation, opacity: opacity,
                           transform: viewport.clipTransform, batcher: batcher)
            }
            webSurfaces[i]?.draw(center: pose.center, size: size, rotation: pose.rotation, opacity: opacity,
                                 transform: viewport.clipTransform, batcher: batcher)
            // The text image is the gadget's box: the same quad, on top.
            if let r = textRegions[i] {
                var textOpacity = opacity
                if let plate = plate(ofGadget: i, opacity: gadgets[i].opacity, fade: fade) {
                    drawSolid(center: pose.center, size: size, rotation: pose.rotation,
                              color: PremultipliedColor(plate.color, opacity: plate.opacity), batcher: batcher)
                    textOpacity = plate.opacity
                }
                // A field's text may be larger than its box: the scrolled window of it.
                let w = textWindow(i, region: r, box: gadgets[i].size)
                batcher.draw(texture: pages[r.page].id, center: pose.center, size: size, rotation: pose.rotation,
                             u0: w.u0, v0: w.v0, u1: w.u1, v1: w.v1, color: .white(opacity: textOpacity), clearOutline: r.clearOutline)
            }
            if !videoCaptions.isEmpty { drawCaption(i, gadgetSize: gadgets[i].size, pose: pose, opacity: opacity, into: batcher) }
        }
    }

    /// A web gadget with neither colour nor image shows its page's `background` (default white)
    /// until the page's first frame and while its helper is away or missing (docs/web.md), as a
    /// browser shows its page's background before the page: never the board through a hole.
    static func webPlaceholder(_ g: Gadget) -> Color? {
        guard let web = g.web else { return nil }
        return web.background ?? Color(r: 1, g: 1, b: 1, a: 1)
    }

    /// Gadget `index` now looks like `gadget` (a control `set` of colour, opacity, hidden or an
    /// image already in the atlas), at no cost but this. False when its image is not in the
    /// atlas: the caller builds a new scene with it.
    public func updateLook(_ index: Int, to gadget: Gadget) -> Bool {
        guard gadgetRegions.indices.contains(index), gadgetColors.indices.contains(index) else { return false }
        switch gadget.appearance {
        case .color(let c):
            gadgetRegions[index] = nil
            gadgetColors[index] = c
        case .image(let ref):
            guard let k = imageEntry(ref.path), k < layout.regions.count else { return false }
            gadgetRegions[index] = layout.regions[k]
            gadgetColors[index] = nil
        case .clear:
            gadgetRegions[index] = nil
            gadgetColors[index] = BoardScene.webPlaceholder(gadget)
        }
        return true
    }

    /// The page indicator over the gadgets, in the same batch (white quads from the atlas's white
    /// block: no extra draw call), round: corners rounded by half the side, anti-aliased by the
    /// same coverage as the gadgets' edges.
    public func draw(pageDots dots: PageDots, into batcher: SpriteBatcher) {
        // The disc from the atlas, sharp: a round quad would make the whole batch smooth (and
        // llvmpipe's general path) for the sake of a few dots.
        if let r = dotRegion, batcher.currentTexture == .none || batcher.currentTexture == pages[r.page].id {
            for (i, c) in dots.centers.enumerated() {
                let opacity = i == dots.lit ? PageDots.litOpacity : PageDots.dimOpacity
                let h = dots.side / 2
                batcher.drawRect(texture: pages[r.page].id, x: Float(c.x - h), y: Float(c.y - h), width: Float(dots.side), height: Float(dots.side),
                                 u0: r.u0, v0: r.v0, u1: r.u1, v1: r.v1, color: .white(opacity: opacity))
            }
            return
        }
        for (i, c) in dots.centers.enumerated() {
            let opacity = i == dots.lit ? PageDots.litOpacity : PageDots.dimOpacity
            drawSolid(center: c, size: Size2(dots.side, dots.side), rotation: 0,
                      color: PremultipliedColor(Color(r: 1, g: 1, b: 1, a: 1), opacity: opacity), batcher: batcher,
                      cornerRadius: dots.cornerRadius)
        }
    }

    /// A solid quad sampled from the white block of whichever page is bound, so it joins the
    /// current batch instead of breaking it; corners rounded by `cornerRadius` board px.
    public func drawSolid(center: Vector2, size: Size2, rotation: Double, color: PremultipliedColor, batcher: SpriteBatcher,
                          cornerRadius: Double = 0) {
        let page = pageIndex(of: batcher.currentTexture) ?? 0
        let (u, v) = whiteTexels[page]
        batcher.draw(texture: pages[page].id, center: center, size: size, rotation: rotation, u0: u, v0: v, u1: u, v1: v, color: color,
                     cornerRadius: cornerRadius)
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
