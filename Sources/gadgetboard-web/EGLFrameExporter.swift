import CWPEBackendFDO
import GadgetCore
import GadgetGL
import GadgetSystem
import Logging

/// WebKit's frames as dma-buf, with no copy (issue 40 §2): WPEBackend-fdo, set up for the helper's
/// EGL display, hands each buffer the web process drew as an EGLImage (`export_fdo_egl_image`);
/// `EGLExportDisplay` exports it as fds, fourcc, modifier and planes, and the frame report carries
/// the fds to the kiosk, which imports the same buffer. The image, and so WebKit's buffer, is held
/// until the kiosk is done with it: WebKit's frame-complete at the frame's own `frameDone`, the
/// image released at a LATER frame's (`WebDMABufFrameLedger`; docs/web.md's contract).
/// Shared memory instead — each image read back into a slot (`FrameSlotWriter`) — once the kiosk
/// says `sharedMemoryOnly` or an export fails (one line). Buffers the web process drew in shared
/// memory (Mesa falling back to wl_shm) are copied as `ShmFrameExporter` does.
/// `wpe_fdo_initialize_for_egl_display(display.display)` must have run.
/// Thread: the GLib main loop's only (WPEBackend-fdo calls back on it).
final class EGLFrameExporter: PageFrameExporter {
    private let log: Logger
    private let egl: EGLExportDisplay
    private var exportable: OpaquePointer?
    private let client: UnsafeMutablePointer<wpe_view_backend_exportable_fdo_egl_client>
    private let slots: FrameSlotWriter
    /// Images sent as dma-buf, by frame sequence (handles are the images' addresses).
    private var ledger = WebDMABufFrameLedger<UInt>()
    /// False once the kiosk said `sharedMemoryOnly` or an export failed: read back from then on.
    private var dmabuf: Bool
    /// What WebKit gave while both slots waited for the kiosk: copied at the next slot frameDone.
    private var heldImage: OpaquePointer?
    private var heldShm: OpaquePointer?
    var onFrame: (WebFrame, [Int32]) -> Void = { _, _ in }

    /// `dmabuf`: false for a page made after the kiosk already said `sharedMemoryOnly`.
    init(display: EGLExportDisplay, width: Int, height: Int, sequenceAfter: UInt64, dmabuf: Bool, log: Logger) {
        self.log = log
        egl = display
        self.dmabuf = dmabuf
        slots = FrameSlotWriter(sequenceAfter: sequenceAfter, log: log)
        client = .allocate(capacity: 1)
        client.initialize(to: wpe_view_backend_exportable_fdo_egl_client())
        client.pointee.export_fdo_egl_image = { data, image in
            Unmanaged<EGLFrameExporter>.fromOpaque(data!).takeUnretainedValue().export(image)
        }
        client.pointee.export_shm_buffer = { data, buffer in
            Unmanaged<EGLFrameExporter>.fromOpaque(data!).takeUnretainedValue().export(shm: buffer)
        }
        exportable = wpe_view_backend_exportable_fdo_egl_create(client, Unmanaged.passUnretained(self).toOpaque(),
                                                                 UInt32(max(1, width)), UInt32(max(1, height)))
    }

    deinit {
        // WebKit holds a reference to this exporter until it no longer uses the backend (WebPage's
        // backend destroy notify); the kiosk keeps its own references to any buffer it still shows.
        for handle in ledger.releaseAll() { release(image: handle) }
        if let heldImage { release(image: UInt(bitPattern: heldImage)) }
        if let heldShm, let exportable { wpe_view_backend_exportable_fdo_egl_dispatch_release_shm_exported_buffer(exportable, heldShm) }
        if let exportable { wpe_view_backend_exportable_fdo_destroy(exportable) }
        client.deinitialize(count: 1)
        client.deallocate()
    }

    var lastSequence: UInt64 { slots.lastSequence }

    var viewBackend: OpaquePointer? { exportable.flatMap { wpe_view_backend_exportable_fdo_get_view_backend($0) } }

    func frameDone(sequence: UInt64) {
        guard let exportable else { return }
        if slots.done(sequence: sequence) {
            // A slot frame on screen: any dma-buf frame before it is gone from the kiosk.
            for handle in ledger.releaseAll() { release(image: handle) }
            if let image = heldImage {
                heldImage = nil
                readBackAndSend(image)
            } else if let buffer = heldShm {
                heldShm = nil
                copyAndSend(buffer)
            } else {
                wpe_view_backend_exportable_fdo_dispatch_frame_complete(exportable)
            }
            return
        }
        let outcome = ledger.done(sequence: sequence)
        for handle in outcome.release { release(image: handle) }
        if outcome.frameComplete { wpe_view_backend_exportable_fdo_dispatch_frame_complete(exportable) }
    }

    func sharedMemoryOnly() {
        guard dmabuf else { return }
        dmabuf = false
        // The kiosk keeps none of our dma-buf frames: the newest picture goes again through
        // shared memory, then every image goes back to WebKit.
        let owed = ledger.waiting > 0
        let newest = ledger.newest
        if let newest, let image = OpaquePointer(bitPattern: newest) { send(readingBack: image) }
        for handle in ledger.releaseAll() { release(image: handle) }
        // A frameDone the kiosk has not sent for a dma-buf frame would never come now.
        if owed, let exportable { wpe_view_backend_exportable_fdo_dispatch_frame_complete(exportable) }
    }

    // MARK: WebKit's buffers

    private func export(_ image: OpaquePointer?) {
        guard let image, exportable != nil else { return }
        if dmabuf, let eglImage = wpe_fdo_egl_exported_image_get_egl_image(image) {
            switch egl.exportDMABuf(eglImage) {
            case .success(let exported):
                let sequence = slots.sequenceWithoutSlot()
                ledger.sent(sequence: sequence, image: UInt(bitPattern: image))
                let frame = WebFrame(sequence: sequence, slot: 0,
                                     width: Int(wpe_fdo_egl_exported_image_get_width(image)),
                                     height: Int(wpe_fdo_egl_exported_image_get_height(image)),
                                     stride: exported.layout.planes[0].stride, format: .argb8888, dmabuf: exported.layout)
                // SCM_RIGHTS gives the kiosk its own descriptors; ours close when `exported` goes.
                onFrame(frame, exported.descriptors.map(\.raw))
                return
            case .failure(let error):
                log.warning("a page frame could not be exported as dma-buf (\(error)): shared memory from now on")
                dmabuf = false
            }
        }
        if slots.full {
            // Cannot happen while frame-complete waits for frameDone; kept safe all the same.
            if let old = heldImage { release(image: UInt(bitPattern: old)) }
            heldImage = image
            return
        }
        readBackAndSend(image)
    }

    private func readBackAndSend(_ image: OpaquePointer) {
        send(readingBack: image)
        release(image: UInt(bitPattern: image))
    }

    /// One slot frame read back from `image` (kept: the caller releases it).
    private func send(readingBack image: OpaquePointer) {
        guard let exportable, let eglImage = wpe_fdo_egl_exported_image_get_egl_image(image) else { return }
        let width = Int(wpe_fdo_egl_exported_image_get_width(image)), height = Int(wpe_fdo_egl_exported_image_get_height(image))
        var failure: EGLExportError?
        let outcome = slots.write(width: width, height: height) { base, _ in
            if case .failure(let e) = egl.read(eglImage, width: width, height: height, into: base) { failure = e; return false }
            return true
        }
        switch outcome {
        case .sent(let frame, let attach): onFrame(frame, attach.map { [$0] } ?? [])
        case .noSlot: break
        case .failed:
            if let failure { log.error("a page frame could not be read back into shared memory: \(failure)") }
            wpe_view_backend_exportable_fdo_dispatch_frame_complete(exportable)
        }
    }

    private func release(image handle: UInt) {
        guard let exportable, let image = OpaquePointer(bitPattern: handle) else { return }
        wpe_view_backend_exportable_fdo_egl_dispatch_release_exported_image(exportable, image)
    }

    private func export(shm buffer: OpaquePointer?) {
        guard let buffer, let exportable else { return }
        if slots.full {
            if let old = heldShm { wpe_view_backend_exportable_fdo_egl_dispatch_release_shm_exported_buffer(exportable, old) }
            heldShm = buffer
            return
        }
        copyAndSend(buffer)
    }

    private func copyAndSend(_ buffer: OpaquePointer) {
        guard let exportable else { return }
        defer { wpe_view_backend_exportable_fdo_egl_dispatch_release_shm_exported_buffer(exportable, buffer) }
        guard let shm = wpe_fdo_shm_exported_buffer_get_shm_buffer(buffer) else { return }
        switch slots.write(shmBuffer: shm) {
        case .sent(let frame, let attach): onFrame(frame, attach.map { [$0] } ?? [])
        case .noSlot: break
        case .failed: wpe_view_backend_exportable_fdo_dispatch_frame_complete(exportable)
        }
    }
}
