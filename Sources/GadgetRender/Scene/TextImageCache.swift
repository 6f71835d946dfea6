import GadgetCore

/// Gadget text rendered into images, kept across scenes: `run` builds a new scene each time
/// photos arrive, the display changes or a pinch settles, and only text whose style, box or scale
/// changed is laid out again. Opens fontconfig and FreeType on first use, so a board without
/// text costs nothing. Thread: the render thread (FreeType faces are not thread-safe).
public final class TextImageCache {
    /// What decides a text image's pixels.
    public struct Key: Hashable, Sendable {
        public var style: TextStyle
        /// The box in board pixels (the gadget's size) and the raster scale (display × zoom).
        public var width, height, scale: Double
    }

    private var renderer: TextRenderer?
    private var images: [Key: (image: RGBAImage, missing: [Unicode.Scalar], measure: TextMeasure, lines: [RenderedLine])] = [:]
    /// Texts whose missing characters were reported already (see `firstReport`).
    private var reported: Set<String> = []
    /// Renders done (not served from the cache), for tests and `--stats`.
    public private(set) var renders = 0

    public init() {}

    /// The images and reports of a cache as a value, to seed a worker's own cache (a reload's
    /// scene prepared off the render thread draws no text the shown board drew already).
    public struct Seed: Sendable {
        fileprivate var images: [Key: (image: RGBAImage, missing: [Unicode.Scalar], measure: TextMeasure, lines: [RenderedLine])]
        fileprivate var reported: Set<String>
    }

    /// This cache's images and reports (cheap: the images' storage is shared, not copied).
    public var seed: Seed { Seed(images: images, reported: reported) }

    /// A cache of its own (its own fonts and FreeType library, for another thread) that starts
    /// with `seed`'s images and reports.
    public init(seed: Seed) {
        images = seed.images
        reported = seed.reported
    }

    /// Takes `other`'s images of `keys` (a scene prepared on a worker comes to the render
    /// thread's cache) and forgets the rest, as `keepOnly` does; the renders are not counted here.
    public func take(from other: TextImageCache, keeping keys: Set<Key>) {
        for key in keys { if let entry = other.images[key] { images[key] = entry } }
        reported.formUnion(other.reported)
        keepOnly(keys)
    }

    /// The premultiplied image of `style` laid out in a `box` board pixels large, rasterised at
    /// `scale` image pixels per board pixel.
    public func image(_ style: TextStyle, box: Size2, scale: Double) throws(TextError) -> RGBAImage {
        try rendered(style, box: box, scale: scale).image
    }

    /// The image, the characters no installed font has (drawn as the font's missing-glyph box)
    /// and how the text sits in its box.
    public func rendered(_ style: TextStyle, box: Size2, scale: Double) throws(TextError) -> (image: RGBAImage, missing: [Unicode.Scalar], measure: TextMeasure, lines: [RenderedLine]) {
        let key = Key(style: style, width: box.width, height: box.height, scale: scale)
        if let entry = images[key] { return entry }
        let text = try textRenderer().render(style, width: box.width, height: box.height, scale: scale)
        renders += 1
        let entry = (text.image, text.missing, text.measure, text.lines)
        images[key] = entry
        return entry
    }

    /// The laid-out lines of an image in the cache (a field's caret is placed on them), nil
    /// when it is not (any more).
    public func lines(_ key: Key) -> [RenderedLine]? { images[key]?.lines }

    /// True the first time `subject` is asked about: the cache outlives scenes (a kiosk builds a
    /// new one as photos arrive or a pinch settles), so a warning keyed here is logged once per
    /// text, not once per scene.
    public func firstReport(_ subject: String) -> Bool { reported.insert(subject).inserted }

    /// The renderer (and its font library) behind the cache, made on first use.
    public func textRenderer() throws(TextError) -> TextRenderer {
        if let renderer { return renderer }
        let made = try TextRenderer(fonts: try FontLibrary())
        renderer = made
        return made
    }

    /// Forgets every image but those of `keys` (the ones the current scene shows), so a pinch
    /// through many sizes does not pile up images.
    public func keepOnly(_ keys: Set<Key>) {
        images = images.filter { keys.contains($0.key) }
    }
}
