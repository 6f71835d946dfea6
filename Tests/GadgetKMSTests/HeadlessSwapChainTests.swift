import CGLES2
import GadgetCore
import Testing
@testable import GadgetDisplay

/// The headless display's swap chain: buffer ages as EGL_EXT_buffer_age gives them, and buffers
/// that keep what was drawn into them (damage-tracked redraw depends on both).
@Suite struct HeadlessSwapChainTests {
    /// The ages `beginFrame` sees over `frames` frames of a chain of `buffers`.
    func ages(buffers: Int, frames: Int) throws -> [Int] {
        let display = try HeadlessDisplay(size: PixelSize(4, 4), buffers: buffers)
        var ages: [Int] = []
        for _ in 0..<frames {
            try display.beginFrame()
            ages.append(display.bufferAge)
            #expect(display.bufferAge == ages.last, "asked twice in a frame, the age is the same")
            try display.present()
        }
        return ages
    }

    @Test func agesFollowTheChainsDepth() throws {
        #expect(try ages(buffers: 1, frames: 5) == [0, 1, 1, 1, 1])
        #expect(try ages(buffers: 2, frames: 5) == [0, 0, 2, 2, 2])
        #expect(try ages(buffers: 3, frames: 6) == [0, 0, 0, 3, 3, 3])
    }

    /// `beginFrame` without a present (the kiosk makes the context current at start and on a
    /// reload) stays on the same buffer.
    @Test func beginningTwiceIsTheSameFrame() throws {
        let display = try HeadlessDisplay(size: PixelSize(4, 4), buffers: 2)
        try display.beginFrame(); try display.present()
        try display.beginFrame(); try display.beginFrame(); try display.present()
        try display.beginFrame()
        #expect(display.bufferAge == 2)
    }

    func clear(_ r: Float, _ g: Float, _ b: Float) {
        glClearColor(r, g, b, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    func centre(_ display: HeadlessDisplay) throws -> [UInt8] {
        let image = try display.readPixels()
        let p = image.pixel(2, 2)
        return [p.0, p.1, p.2]
    }

    /// Each buffer of the chain comes back with the frame last drawn into it, untouched, and
    /// `readPixels` shows the frame presented last.
    @Test(arguments: [1, 2, 3]) func buffersKeepTheirFrames(buffers: Int) throws {
        let display = try HeadlessDisplay(size: PixelSize(4, 4), buffers: buffers)
        let colours: [(Float, Float, Float)] = [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
        let bytes: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255]]
        for i in 0..<buffers {
            try display.beginFrame()
            clear(colours[i].0, colours[i].1, colours[i].2)
            try display.present()
            #expect(try centre(display) == bytes[i])
        }
        // Round the chain again drawing nothing: each frame shows its buffer's old contents.
        for i in 0..<buffers {
            try display.beginFrame()
            #expect(display.bufferAge == buffers)
            try display.present()
            #expect(try centre(display) == bytes[i], "buffer \(i)")
        }
    }

    /// A frame that redraws only a scissored rectangle leaves the rest of its buffer as it was
    /// `bufferAge` frames ago.
    @Test func aPartialRedrawKeepsTheRest() throws {
        let display = try HeadlessDisplay(size: PixelSize(8, 8), buffers: 2)
        for _ in 0..<2 {
            try display.beginFrame()
            clear(0, 0, 0)
            try display.present()
        }
        try display.beginFrame()
        #expect(display.bufferAge == 2)
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(0, 0, 2, 2)   // GL's origin: the bottom-left corner
        clear(1, 1, 1)
        glDisable(GLenum(GL_SCISSOR_TEST))
        try display.present()
        let image = try display.readPixels()
        #expect(image.pixel(0, 7) == (255, 255, 255, 255))
        #expect(image.pixel(1, 6) == (255, 255, 255, 255))
        #expect(image.pixel(2, 7) == (0, 0, 0, 255))
        #expect(image.pixel(0, 0) == (0, 0, 0, 255))
    }

    /// Reading the last frame in the middle of drawing the next does not redirect the drawing.
    @Test func readingBackKeepsTheBackBufferBound() throws {
        let display = try HeadlessDisplay(size: PixelSize(4, 4), buffers: 2)
        try display.beginFrame(); clear(1, 0, 0); try display.present()
        try display.beginFrame()
        #expect(try centre(display) == [255, 0, 0])
        clear(0, 1, 0)
        try display.present()
        #expect(try centre(display) == [0, 255, 0])
        try display.beginFrame(); try display.present()
        #expect(try centre(display) == [255, 0, 0], "the first buffer was not drawn over")
    }

    @Test func aChainOutsideOneToThreeIsRefused() {
        for n in [0, 4, -1] {
            #expect(throws: DisplayError.unavailable("headless: \(n) buffers asked for; a swap chain has 1 to 3")) {
                _ = try HeadlessDisplay(size: PixelSize(4, 4), buffers: n)
            }
        }
    }

    @Test func theSummaryNamesADeeperChain() throws {
        #expect(!(try HeadlessDisplay(size: PixelSize(4, 4)).summary.contains("buffers")))
        #expect(try HeadlessDisplay(size: PixelSize(4, 4), buffers: 3).summary.hasPrefix("headless 4x4, 3 buffers ("))
    }
}
