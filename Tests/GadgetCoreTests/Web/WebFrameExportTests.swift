import GadgetCore
import Testing

/// The web helper's dma-buf export (issue 40 §2), its pure parts: the choice between dma-buf and
/// shared memory, the release bookkeeping keyed by frame, and a dma-buf frame as it goes on the wire.
@Suite struct WebFrameExportTests {
    // MARK: The choice

    /// What Mesa's surfaceless EGL offers on a GPU that exports (Pi 4's v3d, an Intel laptop).
    private let gpu: Set<String> = ["EGL_KHR_image_base", "EGL_MESA_image_dma_buf_export", "EGL_WL_bind_wayland_display",
                                    "EGL_EXT_image_dma_buf_import", "EGL_EXT_image_dma_buf_import_modifiers"]
    /// What llvmpipe's surfaceless EGL offers on this machine (eglQueryString, Mesa 22.3.6): images, no export.
    private let llvmpipe: Set<String> = ["EGL_KHR_image_base", "EGL_KHR_surfaceless_context", "EGL_MESA_drm_image",
                                         "EGL_KHR_no_config_context", "EGL_MESA_configless_context"]

    @Test func aGPUThatExportsGetsDMABufWithNoLine() {
        #expect(WebFrameExportChoice.choose(eglExtensions: gpu) == (.dmabuf, nil))
        // linux-dmabuf alone (no wl_drm) is enough for WPEBackend-fdo to make EGLImages.
        #expect(WebFrameExportChoice.choose(eglExtensions: gpu.subtracting(["EGL_WL_bind_wayland_display"])).export == .dmabuf)
    }

    @Test func noGPUIsSharedMemoryAndSaysNothing() {
        #expect(WebFrameExportChoice.choose(eglExtensions: nil) == (.sharedMemory, nil))
    }

    @Test func anEGLWithoutTheExportIsSharedMemoryWithOneLineNamingIt() {
        let choice = WebFrameExportChoice.choose(eglExtensions: llvmpipe)
        #expect(choice.export == .sharedMemory)
        #expect(choice.line == "EGL lacks EGL_MESA_image_dma_buf_export: page frames go through shared memory (one copy)")
    }

    @Test func anEGLThatCannotMakeImagesFromWebKitsBuffersIsSharedMemory() {
        let noImport = gpu.subtracting(["EGL_WL_bind_wayland_display", "EGL_EXT_image_dma_buf_import_modifiers"])
        let choice = WebFrameExportChoice.choose(eglExtensions: noImport)
        #expect(choice.export == .sharedMemory)
        #expect(choice.line?.hasPrefix("EGL has neither EGL_WL_bind_wayland_display nor") == true)
    }

    // MARK: Release bookkeeping

    @Test func aFramesImageIsReleasedAtTheFrameDoneOfALaterFrameNotItsOwn() {
        var ledger = WebDMABufFrameLedger<String>()
        ledger.sent(sequence: 1, image: "A")
        // Frame 1 shown: WebKit may draw, but frame 1 stays on screen and keeps its buffer.
        #expect(ledger.done(sequence: 1) == .init(frameComplete: true, release: []))
        ledger.sent(sequence: 2, image: "B")
        #expect(ledger.count == 2)
        // Frame 2 shown: now frame 1 is gone from the screen.
        #expect(ledger.done(sequence: 2) == .init(frameComplete: true, release: ["A"]))
        ledger.sent(sequence: 3, image: "A")  // WebKit reused buffer A, as it may now
        #expect(ledger.done(sequence: 3) == .init(frameComplete: true, release: ["B"]))
        #expect(ledger.count == 1 && ledger.newest == "A")
    }

    @Test func staleOrRepeatedFrameDonesReleaseNothingTwiceAndCompleteOnce() {
        var ledger = WebDMABufFrameLedger<String>()
        ledger.sent(sequence: 4, image: "A")
        #expect(ledger.done(sequence: 3) == .init(frameComplete: false, release: []))
        #expect(ledger.done(sequence: 4).frameComplete)
        #expect(ledger.done(sequence: 4) == .init(frameComplete: false, release: []))
        #expect(ledger.waiting == 0 && ledger.count == 1)
    }

    @Test func aFrameDoneOvertakingSeveralReleasesEveryOlderFrame() {
        var ledger = WebDMABufFrameLedger<String>()
        ledger.sent(sequence: 1, image: "A")
        ledger.sent(sequence: 2, image: "B")
        ledger.sent(sequence: 3, image: "C")
        #expect(ledger.done(sequence: 3) == .init(frameComplete: true, release: ["A", "B"]))
        #expect(ledger.waiting == 0)
    }

    @Test func sharedMemoryOnlyReleasesEverythingKeepingTheNewestForTheCopy() {
        var ledger = WebDMABufFrameLedger<String>()
        ledger.sent(sequence: 1, image: "A")
        _ = ledger.done(sequence: 1)
        ledger.sent(sequence: 2, image: "B")
        #expect(ledger.newest == "B")
        #expect(ledger.releaseAll() == ["A", "B"])
        #expect(ledger.count == 0 && ledger.newest == nil)
    }

    @Test func dmabufFramesAndSlotFramesShareOneSequence() {
        var ring = WebFrameSlotRing(sequenceAfter: 7)
        #expect(ring.sequenceWithoutSlot() == 8)
        #expect(ring.place(byteCount: 16)?.sequence == 9)
        #expect(ring.inFlight == 1)
    }

    // MARK: On the wire

    @Test func anExportedImageBecomesAFrameThatRoundTripsThroughTheCodec() throws {
        // Pi 4 (v3d): XRGB8888 in Broadcom's SAND/UIF tiling, one plane; a vendor modifier past 2^53.
        let layout = try #require(WebDMABufLayout(exportedFourcc: Int32(bitPattern: DMABufFrame.fourcc("XR24")), planeCount: 1,
                                                  modifier: 0x0700_0000_0000_0006, strides: [3200, 0, 0, 0], offsets: [0, 0, 0, 0]))
        #expect(layout.planes == [.init(offset: 0, stride: 3200)])
        let frame = WebFrame(sequence: 12, slot: 0, width: 800, height: 480, stride: 3200, dmabuf: layout)
        let bytes = WebHelperCodec.encode(.frame(frame))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"modifier\":\"0x0700000000000006\""))
        #expect(try WebHelperCodec.decodeReport(bytes) == .frame(frame))
        // Two planes (a compressed buffer's metadata plane), each with its own offset and stride.
        let two = try #require(WebDMABufLayout(exportedFourcc: Int32(bitPattern: DMABufFrame.fourcc("AR24")), planeCount: 2,
                                               modifier: 0x0100_0000_0000_0004, strides: [3328, 128, 0, 0], offsets: [0, 1_638_400, 0, 0]))
        #expect(try WebHelperCodec.decodeReport(WebHelperCodec.encode(.frame(WebFrame(sequence: 13, slot: 0, width: 800, height: 480,
                                                                                      stride: 3328, dmabuf: two)))).frame?.dmabuf == two)
    }

    @Test func exportNumbersThatDescribeNoPictureAreRefused() {
        let xr24 = Int32(bitPattern: DMABufFrame.fourcc("XR24"))
        #expect(WebDMABufLayout(exportedFourcc: xr24, planeCount: 0, modifier: 0, strides: [4, 0, 0, 0], offsets: [0, 0, 0, 0]) == nil)
        #expect(WebDMABufLayout(exportedFourcc: xr24, planeCount: 5, modifier: 0, strides: [4, 4, 4, 4], offsets: [0, 0, 0, 0]) == nil)
        #expect(WebDMABufLayout(exportedFourcc: xr24, planeCount: 1, modifier: 0, strides: [0, 0, 0, 0], offsets: [0, 0, 0, 0]) == nil)
        #expect(WebDMABufLayout(exportedFourcc: 0, planeCount: 1, modifier: 0, strides: [4, 0, 0, 0], offsets: [0, 0, 0, 0]) == nil)
    }
}

private extension WebHelperReport {
    var frame: WebFrame? { if case .frame(let f) = self { f } else { nil } }
}
