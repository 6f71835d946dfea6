import Testing
@testable import GadgetCore
@testable import GadgetDisplay

/// What KMSDisplay tells EGL about damage, checked without a GPU: which extensions it uses and
/// how rectangles turn into EGL's bottom-left ones.
@Suite struct EGLDamageTests {
    let size = PixelSize(1920, 1080)

    @Test func rectanglesFlipToABottomLeftOrigin() {
        let rects = [PixelRect(x: 10, y: 20, width: 30, height: 40), PixelRect(x: 0, y: 1040, width: 1920, height: 40)]
        #expect(EGLDamageRectangles.flatten(rects, surface: size) == [10, 1080 - 60, 30, 40, 0, 0, 1920, 40])
    }

    @Test func nilIsTheWholeSurface() {
        #expect(EGLDamageRectangles.flatten(nil, surface: size) == [0, 0, 1920, 1080])
    }

    @Test func rectanglesAreClippedToTheSurfaceAndEmptyOnesDropped() {
        let rects = [PixelRect(x: -5, y: -5, width: 10, height: 10), PixelRect(x: 1910, y: 1070, width: 50, height: 50),
                     PixelRect(x: 3000, y: 0, width: 10, height: 10), PixelRect(x: 5, y: 5, width: 0, height: 9)]
        #expect(EGLDamageRectangles.flatten(rects, surface: size) == [0, 1075, 5, 5, 1910, 0, 10, 10])
        #expect(EGLDamageRectangles.flatten([], surface: size) == [])
    }

    /// A stand-in entry point: the tests only look at what was found, never call it.
    static let stub: EGLDamageSupport.ProcAddress = {}

    func support(_ extensions: [String], found: Set<String>? = nil) -> (EGLDamageSupport, [String]) {
        var asked: [String] = []
        let s = EGLDamageSupport(extensions: Set(extensions)) { name in
            asked.append(name)
            return (found ?? [name]).contains(name) ? EGLDamageTests.stub : nil
        }
        return (s, asked)
    }

    @Test func nothingOffered() {
        let (s, asked) = support(["EGL_KHR_surfaceless_context"])
        #expect(s.description == "EGL buffer age: no, partial update: no, swap with damage: no")
        #expect(asked.isEmpty, "no entry point is looked up for an extension the display lacks")
    }

    @Test func bufferAgeAndSwapWithDamage() {
        let (s, asked) = support(["EGL_EXT_buffer_age", "EGL_EXT_swap_buffers_with_damage"])
        #expect(s.description == "EGL buffer age: yes, partial update: no, swap with damage: yes")
        #expect(asked == ["eglSwapBuffersWithDamageEXT"])
        #expect(s.swapWithDamageName == "eglSwapBuffersWithDamageEXT")
    }

    /// Partial update brings the age query with it; the KHR swap is preferred to the EXT one.
    @Test func partialUpdateAndBothSwaps() {
        let (s, asked) = support(["EGL_KHR_partial_update", "EGL_KHR_swap_buffers_with_damage", "EGL_EXT_swap_buffers_with_damage"])
        #expect(s.description == "EGL buffer age: yes, partial update: yes, swap with damage: yes")
        #expect(asked == ["eglSetDamageRegionKHR", "eglSwapBuffersWithDamageKHR"])
    }

    @Test func aListedExtensionWithoutItsEntryPointIsNotUsed() {
        let (s, _) = support(["EGL_KHR_partial_update", "EGL_KHR_swap_buffers_with_damage", "EGL_EXT_swap_buffers_with_damage"],
                             found: ["eglSwapBuffersWithDamageEXT"])
        #expect(!s.partialUpdate)
        #expect(s.bufferAge)
        #expect(s.swapWithDamageName == "eglSwapBuffersWithDamageEXT")
    }
}
