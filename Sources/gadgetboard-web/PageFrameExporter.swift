import GadgetCore

/// How a page's frames leave the helper: `ShmFrameExporter` (shared memory, WPEBackend-fdo set up
/// for shm) or `EGLFrameExporter` (dma-buf where the GPU's EGL exports, WPEBackend-fdo set up for
/// the helper's EGL display). The choice is made once per process (`WebFrameExportChoice`).
/// Thread: the GLib main loop's only.
protocol PageFrameExporter: AnyObject {
    /// The `wpe_view_backend` to give WebKit (`webkit_web_view_backend_new`).
    var viewBackend: OpaquePointer? { get }
    /// The last frame sequence sent.
    var lastSequence: UInt64 { get }
    /// Hands a finished frame and the descriptors to attach (none, a slot's memfd, or one per
    /// dma-buf plane) to the channel; the descriptors are the exporter's and valid only during the call.
    var onFrame: (WebFrame, [Int32]) -> Void { get set }
    /// The kiosk showed frame `sequence` (or handed it back).
    func frameDone(sequence: UInt64)
    /// The kiosk cannot draw dma-buf frames: shared memory from now on, the picture again.
    func sharedMemoryOnly()
}
