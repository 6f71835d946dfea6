import CWPEBackendFDO
import GadgetCore
import GadgetSystem
import Logging

/// WebKit's frames through shared memory: WPEBackend-fdo's exportable view backend hands each
/// finished wl_shm buffer to `export_shm_buffer`; its rows are copied into a slot's memfd
/// (`WebFrameSlotRing`), the buffer goes straight back to WebKit, and the frame report goes to the
/// kiosk with the slot's fd when the slot is new or resized. WebKit's frame-complete is
/// dispatched only after the kiosk's `frameDone` for that frame.
/// This is the path that works without GPU extensions (llvmpipe, headless; cog's headless
/// platform does the same, interaction-notes §4.3). `wpe_fdo_initialize_shm` must have run.
/// Thread: the GLib main loop's only (WPEBackend-fdo calls back on it).
final class ShmFrameExporter {
    private let log: Logger
    private var exportable: OpaquePointer?
    private let client: UnsafeMutablePointer<wpe_view_backend_exportable_fdo_client>
    private var ring = WebFrameSlotRing()
    private var slots: [SharedMemoryFile?] = Array(repeating: nil, count: WebFrameSlotRing.slotCount)
    /// A buffer WebKit gave us while both slots waited for the kiosk: copied at the next frameDone.
    private var held: OpaquePointer?
    /// Hands a finished frame (and the fd to attach, if any) to the channel.
    var onFrame: (WebFrame, Int32?) -> Void = { _, _ in }

    init(width: Int, height: Int, sequenceAfter: UInt64, log: Logger) {
        self.log = log
        ring = WebFrameSlotRing(sequenceAfter: sequenceAfter)
        client = .allocate(capacity: 1)
        client.initialize(to: wpe_view_backend_exportable_fdo_client())
        client.pointee.export_shm_buffer = { data, buffer in
            let exporter = Unmanaged<ShmFrameExporter>.fromOpaque(data!).takeUnretainedValue()
            exporter.export(buffer)
        }
        exportable = wpe_view_backend_exportable_fdo_create(client, Unmanaged.passUnretained(self).toOpaque(),
                                                             UInt32(max(1, width)), UInt32(max(1, height)))
    }

    deinit {
        // The view backend belongs to the exportable: WebKit holds a reference to this exporter
        // until it no longer uses the backend (WebPage's backend destroy notify).
        if let held, let exportable { wpe_view_backend_exportable_fdo_dispatch_release_shm_exported_buffer(exportable, held) }
        if let exportable { wpe_view_backend_exportable_fdo_destroy(exportable) }
        client.deinitialize(count: 1)
        client.deallocate()
    }

    /// The last frame sequence sent.
    var lastSequence: UInt64 { ring.lastSequence }

    /// The `wpe_view_backend` to give WebKit (`webkit_web_view_backend_new`).
    var viewBackend: OpaquePointer? { exportable.flatMap { wpe_view_backend_exportable_fdo_get_view_backend($0) } }

    /// The kiosk showed frame `sequence`: free its slot and let WebKit draw the next frame.
    func frameDone(sequence: UInt64) {
        guard ring.done(sequence: sequence), let exportable else { return }
        if let buffer = held {
            held = nil
            copyAndSend(buffer)
        } else {
            wpe_view_backend_exportable_fdo_dispatch_frame_complete(exportable)
        }
    }

    private func export(_ buffer: OpaquePointer?) {
        guard let buffer else { return }
        if ring.inFlight == WebFrameSlotRing.slotCount {
            // Cannot happen while frame-complete waits for frameDone; kept safe all the same.
            if let old = held, let exportable { wpe_view_backend_exportable_fdo_dispatch_release_shm_exported_buffer(exportable, old) }
            held = buffer
            return
        }
        copyAndSend(buffer)
    }

    private func copyAndSend(_ buffer: OpaquePointer) {
        guard let exportable else { return }
        defer { wpe_view_backend_exportable_fdo_dispatch_release_shm_exported_buffer(exportable, buffer) }
        guard let shm = wpe_fdo_shm_exported_buffer_get_shm_buffer(buffer) else { return }
        let width = Int(wl_shm_buffer_get_width(shm)), height = Int(wl_shm_buffer_get_height(shm))
        let stride = Int(wl_shm_buffer_get_stride(shm)), format = wl_shm_buffer_get_format(shm)
        // WebKit draws ARGB8888 (0) or XRGB8888 (1); both are B,G,R,A/X bytes in memory.
        guard width > 0, height > 0, stride >= width * 4, format <= 1 else {
            log.warning("skipped a frame WebKit drew as \(width)x\(height), stride \(stride), wl_shm format \(format)")
            wpe_view_backend_exportable_fdo_dispatch_frame_complete(exportable)
            return
        }
        let rowBytes = width * 4
        guard let placement = ring.place(byteCount: rowBytes * height) else { return }
        let slot: SharedMemoryFile
        var attach: Int32?
        if placement.needsNewFile || slots[placement.slot] == nil {
            do {
                slot = try SharedMemoryFile.create(name: "gadgetboard-web-slot\(placement.slot)", count: rowBytes * height)
            } catch {
                log.error("a frame slot could not be made: \(error)")
                _ = ring.done(sequence: placement.sequence)
                ring.forgetFiles()
                wpe_view_backend_exportable_fdo_dispatch_frame_complete(exportable)
                return
            }
            slots[placement.slot] = slot
            attach = slot.file.raw
        } else {
            slot = slots[placement.slot]!
        }
        wl_shm_buffer_begin_access(shm)
        if let source = wl_shm_buffer_get_data(shm) {
            if stride == rowBytes {
                slot.base.copyMemory(from: source, byteCount: rowBytes * height)
            } else {
                for row in 0..<height {
                    (slot.base + row * rowBytes).copyMemory(from: source + row * stride, byteCount: rowBytes)
                }
            }
        }
        wl_shm_buffer_end_access(shm)
        let frame = WebFrame(sequence: placement.sequence, slot: placement.slot, width: width, height: height,
                             stride: rowBytes, format: .argb8888)
        onFrame(frame, attach)
    }
}
