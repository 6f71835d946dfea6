import CWPEBackendFDO
import GadgetCore
import GadgetSystem
import Logging

/// WebKit's frames through shared memory: WPEBackend-fdo's exportable view backend hands each
/// finished wl_shm buffer to `export_shm_buffer`; its rows are copied into a slot's memfd
/// (`FrameSlotWriter`), the buffer goes straight back to WebKit, and the frame report goes to the
/// kiosk with the slot's fd when the slot is new or resized. WebKit's frame-complete is
/// dispatched only after the kiosk's `frameDone` for that frame.
/// This is the path that works without GPU extensions (llvmpipe, headless; cog's headless
/// platform does the same, interaction-notes §4.3). `wpe_fdo_initialize_shm` must have run.
/// Thread: the GLib main loop's only (WPEBackend-fdo calls back on it).
final class ShmFrameExporter: PageFrameExporter {
    private var exportable: OpaquePointer?
    private let client: UnsafeMutablePointer<wpe_view_backend_exportable_fdo_client>
    private let slots: FrameSlotWriter
    /// A buffer WebKit gave us while both slots waited for the kiosk: copied at the next frameDone.
    private var held: OpaquePointer?
    var onFrame: (WebFrame, [Int32]) -> Void = { _, _ in }

    init(width: Int, height: Int, sequenceAfter: UInt64, log: Logger) {
        slots = FrameSlotWriter(sequenceAfter: sequenceAfter, log: log)
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

    var lastSequence: UInt64 { slots.lastSequence }

    var viewBackend: OpaquePointer? { exportable.flatMap { wpe_view_backend_exportable_fdo_get_view_backend($0) } }

    /// The kiosk showed frame `sequence`: free its slot and let WebKit draw the next frame.
    func frameDone(sequence: UInt64) {
        guard slots.done(sequence: sequence), let exportable else { return }
        if let buffer = held {
            held = nil
            copyAndSend(buffer)
        } else {
            wpe_view_backend_exportable_fdo_dispatch_frame_complete(exportable)
        }
    }

    /// Already shared memory.
    func sharedMemoryOnly() {}

    private func export(_ buffer: OpaquePointer?) {
        guard let buffer else { return }
        if slots.full {
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
        switch slots.write(shmBuffer: shm) {
        case .sent(let frame, let attach): onFrame(frame, attach.map { [$0] } ?? [])
        case .noSlot: break
        case .failed: wpe_view_backend_exportable_fdo_dispatch_frame_complete(exportable)
        }
    }
}
