import GadgetCore
import GadgetGL
import GadgetVideo

/// The run-time choice of the zero-copy path, and the way back from it. The display's EGL and GL
/// extension strings decide whether the player asks its decoder for dma-buf frames
/// (`VideoPresentationPath.choose`); whether it gets any is the decoder's (a hardware decoder
/// giving DRM PRIME frames: a Pi 4's H.264 and HEVC). A picture the driver then refuses to
/// import (a format or modifier it does not take) is said in one line, once, and the clip goes
/// on from the same position in a decoder opened again for frames in memory: the upload path,
/// which every display draws.
extension VideoPlayer {
    /// The current context's importer when EGL and GL offer the import, else nil.
    static func importer() -> DMABufImporter? {
        DMABufImporter.current { egl, gl in
            VideoPresentationPath.choose(eglExtensions: egl, glExtensions: gl, decoderGivesDMABuf: true) == .dmabuf
        }
    }
}
