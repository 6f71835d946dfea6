import CWPEBackendFDO
import GadgetCore
import GadgetGL
import GadgetSystem
import Logging

/// The helper's one choice of how frames leave it (`WebFrameExportChoice`), made before WebKit
/// starts: WPEBackend-fdo is set up once per process, for shared memory or for an EGL display,
/// and cannot change afterwards.
enum FrameExportMode {
    case sharedMemory
    case dmabuf(EGLExportDisplay)

    /// Sets WPEBackend-fdo up; nil when it could not (logged; the helper then exits 1).
    /// `GADGETBOARD_WEB_EXPORT=egl` (tests only) takes the EGL path even without a render node or
    /// the export extension, so the EGL set-up and its shared-memory fallback run on a machine
    /// without a GPU (llvmpipe: every export fails with one line, frames are read back).
    static func start(log: Logger) -> FrameExportMode? {
        _ = wpe_loader_init("libWPEBackend-fdo-1.0.so.1")
        let forced = ProcessEnvironment.current()["GADGETBOARD_WEB_EXPORT"] == "egl"
        var display: EGLExportDisplay?
        if forced || EGLExportDisplay.renderNodeExists {
            switch EGLExportDisplay.open() {
            case .success(let d): display = d
            case .failure(let error): log.warning("EGL could not start on the GPU (\(error)): page frames go through shared memory (one copy)")
            }
        }
        var choice = WebFrameExportChoice.choose(eglExtensions: display?.extensions)
        if let line = choice.line { log.notice("\(line)") }
        if forced, display != nil { choice.export = .dmabuf }
        if choice.export == .dmabuf, let display {
            // The EGL set-up also serves wl_shm buffers, so there is no going back to the shm
            // set-up after it (one WPEBackend-fdo instance per process).
            guard wpe_fdo_initialize_for_egl_display(display.display) else {
                log.error("WPEBackend-fdo could not start on the GPU's EGL display")
                return nil
            }
            return .dmabuf(display)
        }
        guard wpe_fdo_initialize_shm() else {
            log.error("WPEBackend-fdo's shared-memory export could not start")
            return nil
        }
        return .sharedMemory
    }

    /// For `ready`'s engine line.
    var name: String {
        switch self {
        case .sharedMemory: "fdo shm"
        case .dmabuf: "fdo dma-buf"
        }
    }

    /// A page's exporter; `sharedMemoryOnly`: the kiosk already said it cannot take dma-buf.
    func makeExporter(width: Int, height: Int, sequenceAfter: UInt64, sharedMemoryOnly: Bool, log: Logger) -> PageFrameExporter {
        switch self {
        case .sharedMemory:
            ShmFrameExporter(width: width, height: height, sequenceAfter: sequenceAfter, log: log)
        case .dmabuf(let display):
            EGLFrameExporter(display: display, width: width, height: height, sequenceAfter: sequenceAfter,
                             dmabuf: !sharedMemoryOnly, log: log)
        }
    }
}
