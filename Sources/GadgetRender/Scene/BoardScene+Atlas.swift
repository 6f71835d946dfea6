import GadgetCore
import GadgetGL

extension BoardScene {
    /// The largest side of a text image, pixels: a label zoomed past it is drawn from an image of
    /// this size, stretched (a quarter of a Pi 4 page, so text never crowds out the photos).
    public static let maximumTextImageSide = 2048.0

    /// Lays out and uploads the atlas: the board's images at their planned sizes, then every
    /// gadget's text rendered at the display's scale × its zoom. Run at start and when a text
    /// image fits no page (each at its largest side); otherwise text drawn again goes into its
    /// own room or a new one (`redrawText`, BoardScene+TextRooms.swift).
    /// `alreadyChanged`: gadgets whose revision the caller has just raised (their new text is the
    /// reason for the rebuild): not counted twice.
    func buildAtlas(board: Board, alreadyChanged: Set<Int> = []) throws(GLError) {
        // A rebuild moves entries in the atlas: a gadget drawn from a moved region samples other
        // texels (bilinear filtering lands a few edge pixels differently), so its revision goes
        // up and damage tracking redraws it; a moved background redraws everything.
        let rebuilt = !pages.isEmpty
        atlasWork.builds += 1
        // Images added at run time are laid out with the others from here on.
        addedImageEntries = [:]
        let oldRegions = gadgetRegions, oldText = textRegions, oldBackground = backgroundRegion
        defer {
            if rebuilt { noteMovedRegions(oldRegions, oldText, oldBackground, except: alreadyChanged) }
        }
        // A reserved image not here yet takes its room, transparent, until `placeImage`. The
        // board's images go in straight: premultiplied as the page is composed (`straight`), not
        // copied to be premultiplied first.
        var entries: [RGBAImage] = imagePaths.indices.map { i in
            guard let image = images[imagePaths[i]] ?? placedImages[imagePaths[i]], !pendingImages.contains(imagePaths[i]) else {
                return RGBAImage(width: imageSizes[i].width, height: imageSizes[i].height)
            }
            return image.downscaled(to: imageSizes[i])
        }
        let straight = Set(entries.indices)
        textKeys = texts.indices.map { _ in nil }
        textEntries = texts.indices.map { _ in nil }
        textWarnings = []
        for i in texts.indices {
            guard let (key, image) = textImage(i, board: board) else { continue }
            textKeys[i] = key
            textEntries[i] = entries.count
            entries.append(image)
        }
        textCache.keepOnly(Set(textKeys.compactMap { $0 }))
        appendQRImages(to: &entries, board: board)  // BoardScene+QR.swift
        // The page dot, at its display size (drawn 1:1), after the texts.
        var dotEntry: Int?
        if board.pages.count > 1 {
            dotEntry = entries.count
            entries.append(.disc(diameter: Int((PageDots.dotSide * board.touch.pixelsPerPoint * viewport.scale).rounded())))
        }
        layout = AtlasLayout(sizes: entries.map(\.size), pageSide: pageSide)
        layout.noteClearOutlines(of: entries)
        for p in pages { p.destroy() }
        pages = []
        whiteTexels = []
        if composedPages != nil { composedPages = [] }
        // One band buffer for every page's upload (`uploadPage`).
        var band: [UInt8] = []
        for p in layout.pages.indices {
            if composedPages != nil {
                // Prepared off the render thread: composed whole and kept for `upload`
                // (BoardScene+Prepared.swift), since the worker has no GL context to upload to.
                composedPages?.append(layout.composePage(p, images: entries, straight: straight))
            } else {
                // On the render thread: composed and uploaded in bands, so no whole page is held.
                pages.append(try uploadPage(p, entries: entries, straight: straight, band: &band))
            }
            whiteTexels.append(layout.whiteTexel(page: p))
        }
        var byPath: [String: AtlasRegion] = [:]
        for (i, path) in imagePaths.enumerated() where !pendingImages.contains(path) { byPath[path] = layout.regions[i] }
        gadgetRegions = board.gadgets.map { g in
            if case .image(let ref) = g.appearance { return byPath[ref.path] }
            return nil
        }
        textRegions = textEntries.map { $0.map { layout.regions[$0] } }
        qrRegions = qrEntries.map { $0.map { layout.regions[$0] } }
        dotRegion = dotEntry.map { layout.regions[$0] }
        backgroundRegion = nil
        if case .image(let ref, _) = board.background { backgroundRegion = byPath[ref.path] }
    }

    /// After a rebuild: every gadget whose image or text region moved is redrawn.
    private func noteMovedRegions(_ oldRegions: [AtlasRegion?], _ oldText: [AtlasRegion?], _ oldBackground: AtlasRegion?, except: Set<Int>) {
        for i in contentRevisions.indices where !except.contains(i) {
            let image = i < oldRegions.count && i < gadgetRegions.count ? oldRegions[i] != gadgetRegions[i] : true
            let text = i < oldText.count && i < textRegions.count ? oldText[i] != textRegions[i] : true
            if image || text { contentRevisions[i] += 1 }
        }
        if oldBackground != backgroundRegion { backgroundRevision += 1 }
    }

    /// Image pixels per board pixel for gadget `i`'s text at `zoom`: the display's scale times
    /// the zoom, held so the image's longer side stays within `maximumTextImageSide`.
    func textScale(_ i: Int, zoom: Double, board: Board) -> Double {
        let size = board.gadgets[i].size
        let wanted = viewport.scale * max(zoom, 0.01)
        return min(wanted, BoardScene.maximumTextImageSide / max(size.width, size.height, 1))
    }

    /// Gadget `i`'s text image at its zoom. A font that is not installed (or a font file that
    /// cannot be read) draws in the default sans-serif font with a warning; text that cannot be
    /// drawn at all is left out with a warning. `check` reports both before a kiosk gets here.
    func textImage(_ i: Int, board: Board) -> (TextImageCache.Key, RGBAImage)? {
        guard let text = texts[i], i < board.gadgets.count else { return nil }
        let scale = textScale(i, zoom: textZooms[i], board: board)
        var style = text.style
        // The board's `"lang"` for text that does not say its own.
        if style.language == nil { style.language = board.language }
        // The visitor's high-contrast and large-text modes (BoardScene+AccessibilityDisplay.swift).
        style = displayed(style, ofGadget: i, board: board)
        // A field's text is laid out in the box it needs to scroll in (BoardScene+Fields.swift).
        let box = textBox(i, style: style, scale: scale, board: board)
        do {
            let rendered = try textCache.rendered(style, box: box, scale: scale)
            warnMissing(rendered.missing, text: text)
            warnOverflow(rendered.measure, box: box, text: text, style: style)
            return (key(style, box, scale), rendered.image)
        } catch .fontNotInstalled, .fontFileUnreadable {
            textWarnings.append("\(text.jsonPath).font: \(Self.describe(style.font)) cannot be used; drawn in sans-serif")
            style.font = .family("sans-serif")
        } catch {
            textWarnings.append("\(text.jsonPath): \(error); not drawn")
            return nil
        }
        do {
            let rendered = try textCache.rendered(style, box: box, scale: scale)
            warnMissing(rendered.missing, text: text)
            warnOverflow(rendered.measure, box: box, text: text, style: style)
            return (key(style, box, scale), rendered.image)
        } catch {
            textWarnings.append("\(text.jsonPath): \(error); not drawn")
            return nil
        }
    }

    /// Characters no installed font has are drawn as boxes ("tofu"): said once per text and
    /// string, in `check`'s words, as a missing font family is.
    private func warnMissing(_ missing: [Unicode.Scalar], text: GadgetText) {
        guard !missing.isEmpty, textCache.firstReport("\(text.jsonPath)\u{0}\(text.style.string)") else { return }
        textWarnings.append("\(text.jsonPath).string: no installed font has \(CodePointList.describe(missing)); drawn as boxes")
    }

    /// Text taller than its box is cut at the box's edge: said once per text and size laid out,
    /// in `check`'s words (`TextFitWarning`). Not once per string: a bound clock would say it
    /// every minute. `style` is the style laid out: with large text on, its size is the enlarged
    /// one, and the line says so (the board's own size fits, or was said already).
    private func warnOverflow(_ measure: TextMeasure, box: Size2, text: GadgetText, style: TextStyle) {
        guard !measure.fits, textCache.firstReport("fit\u{0}\(text.jsonPath)\u{0}\(style.size)") else { return }
        let size = JSONWriter.format(JSONWriter.rounded(style.size, places: 2))
        let laidOut = style.size == text.style.size ? ""
            : "laid out at \(size) px (large text: \(JSONWriter.format(display.largeTextScale)) × its \(JSONWriter.format(text.style.size)) px): "
        textWarnings.append("\(text.jsonPath): \(laidOut)\(TextFitWarning.message(measure, box: box, style: style)); cut at the box's edge")
    }

    private func key(_ style: TextStyle, _ box: Size2, _ scale: Double) -> TextImageCache.Key {
        TextImageCache.Key(style: style, width: box.width, height: box.height, scale: scale)
    }

    static func describe(_ font: TextStyle.Font) -> String {
        switch font {
        case .family(let f): return "font \"\(f)\""
        case .file(let path): return "font file \(path)"
        }
    }
}

extension BoardScene {
    /// Bytes of an atlas page composed and uploaded at a time: 256 rows at a 1024-texel width, 64
    /// at 4096.
    static let uploadBandBytes = 1 << 20

    /// Page `p` of the layout as a texture, composed and uploaded a band of rows at a time: the
    /// driver keeps its own copy of the page (llvmpipe in process memory), so a page composed
    /// whole first doubled it at the peak of a build (two 29 MB copies for the 12-photo board:
    /// docs/BENCHMARKS.md "Photos"). Every band is composed into `band` (grown once, kept by the
    /// caller for the next page): a new array per band touched fresh memory each time (a quarter
    /// of the demo `snapshot`'s page faults beyond the C floor's, issue 35). The texels are those
    /// of `composePage`, every one written.
    func uploadPage(_ p: Int, entries: [RGBAImage], straight: Set<Int>, band: inout [UInt8]) throws(GLError) -> Texture {
        let page = layout.pages[p]
        let texture = try Texture(empty: PixelSize(page.width, page.height))
        let rows = max(1, BoardScene.uploadBandBytes / max(1, page.width * 4))
        let needed = layout.composedBytes(p, rows: 0..<rows)
        if band.count < needed { band = [UInt8](unsafeUninitializedCapacity: needed) { $1 = needed } }
        var y = 0
        while y < page.height {
            let written = band.withUnsafeMutableBytes { layout.compose(p, images: entries, straight: straight, rows: y..<(y + rows), into: $0) }
            let failure: GLError? = band.withUnsafeBytes { raw in
                do throws(GLError) {
                    try texture.replace(UnsafeRawBufferPointer(rebasing: raw[0..<(page.width * written * 4)]), width: page.width, height: written, atX: 0, y: y)
                } catch { return error }
                return nil
            }
            if let failure { texture.destroy(); throw failure }
            y += written
        }
        return texture
    }
}
