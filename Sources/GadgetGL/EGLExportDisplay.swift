import CEGL
import CGLES2
import GadgetCore
import GadgetSystem

/// The helper's own EGL display on the GPU, for the dma-buf export (issue 40 §2): WPEBackend-fdo
/// makes an EGLImage of each buffer WebKit's web process draws (`wpe_fdo_initialize_for_egl_display`),
/// and Mesa's EGL_MESA_image_dma_buf_export turns that image into fds, a fourcc, a modifier and
/// per-plane strides and offsets for the kiosk to import with no copy. Mesa's surfaceless platform
/// picks the first render node whose driver loads (v3d on a Pi 4), so no display connection or
/// window is needed. When the kiosk cannot import (`sharedMemoryOnly`) an image is read back into
/// a shared-memory slot through a surfaceless GLES2 context made on first use.
/// The display lives as long as the process (WPEBackend-fdo keeps using it; never terminated).
/// Here rather than in the helper because GadgetGL owns every EGL and GL object (the kiosk's
/// import side is `DMABufImporter`). Thread: the web helper's GLib main loop only.
public final class EGLExportDisplay {
    public let display: EGLDisplay
    public let extensions: Set<String>
    private let query: PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC?
    private let export: PFNEGLEXPORTDMABUFIMAGEMESAPROC?
    private var readback: Readback?

    /// A /dev/dri render node: a GPU EGL could export from. Without one WebKit draws in software
    /// and the helper does not load EGL at all.
    public static var renderNodeExists: Bool { (128..<136).contains { FileIO.exists("/dev/dri/renderD\($0)") } }

    /// The surfaceless display, initialised; a one-line reason when it cannot be had.
    public static func open() -> Result<EGLExportDisplay, EGLExportError> {
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
            return .failure(.call("eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA)", eglGetError()))
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else { return .failure(.call("eglInitialize", eglGetError())) }
        let list = eglQueryString(display, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        return .success(EGLExportDisplay(display: display, extensions: Set(list.split(separator: " ").map(String.init))))
    }

    private init(display: EGLDisplay, extensions: Set<String>) {
        self.display = display
        self.extensions = extensions
        query = eglGetProcAddress("eglExportDMABUFImageQueryMESA").map { unsafeBitCast($0, to: PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC.self) }
        export = eglGetProcAddress("eglExportDMABUFImageMESA").map { unsafeBitCast($0, to: PFNEGLEXPORTDMABUFIMAGEMESAPROC.self) }
    }

    /// One image's buffer as dma-buf: the layout for the frame report and one descriptor per
    /// plane (ours: closed when dropped, after the report carried duplicates to the kiosk).
    public struct Exported {
        public var layout: WebDMABufLayout
        public var descriptors: [OwnedFileDescriptor]
    }

    /// Exports `image` (an EGLImageKHR of this display). Every call gives new descriptors.
    public func exportDMABuf(_ image: UnsafeMutableRawPointer) -> Result<Exported, EGLExportError> {
        guard extensions.contains("EGL_MESA_image_dma_buf_export"), let query, let export else {
            return .failure(.missing("EGL_MESA_image_dma_buf_export"))
        }
        var fourcc: Int32 = 0, planeCount: Int32 = 0
        var modifiers = [EGLuint64KHR](repeating: 0, count: 4)
        guard query(display, image, &fourcc, &planeCount, &modifiers) == EGL_TRUE else {
            return .failure(.call("eglExportDMABUFImageQueryMESA", eglGetError()))
        }
        guard (1...4).contains(planeCount) else { return .failure(.layout("\(planeCount) planes")) }
        var fds = [Int32](repeating: -1, count: 4), strides = [EGLint](repeating: 0, count: 4), offsets = [EGLint](repeating: 0, count: 4)
        let ok = export(display, image, &fds, &strides, &offsets)
        // Own whatever came back at once, so a failure below closes it.
        let owned = fds.prefix(Int(planeCount)).filter { $0 >= 0 }.map { OwnedFileDescriptor(owning: $0) }
        guard ok == EGL_TRUE else { return .failure(.call("eglExportDMABUFImageMESA", eglGetError())) }
        // Mesa 22 fills plane 0 only ("rework later to provide multiple fds"): a buffer with more
        // planes (a compression modifier's metadata) comes back incomplete and is not sent.
        guard owned.count == Int(planeCount),
              let layout = WebDMABufLayout(exportedFourcc: fourcc, planeCount: planeCount, modifier: modifiers[0],
                                           strides: strides, offsets: offsets) else {
            return .failure(.layout("fourcc \(DMABufFormat.name(UInt32(bitPattern: fourcc))), \(planeCount) planes, \(owned.count) descriptors, strides \(strides.prefix(Int(planeCount)))"))
        }
        return .success(Exported(layout: layout, descriptors: owned))
    }

    /// Reads `image` (`width`×`height`) into `destination` as ARGB8888 rows of `width` × 4 bytes
    /// (B,G,R,A in memory, top row first, as a shared-memory frame is). One GPU → CPU copy.
    public func read(_ image: UnsafeMutableRawPointer, width: Int, height: Int, into destination: UnsafeMutableRawPointer) -> Result<Void, EGLExportError> {
        if readback == nil {
            switch Readback.make(display: display, extensions: extensions) {
            case .success(let r): readback = r
            case .failure(let e): return .failure(e)
            }
        }
        return readback!.read(image, width: width, height: height, into: destination)
    }
}

/// Why the export or the read-back did not happen: one line's worth.
public enum EGLExportError: Error, CustomStringConvertible {
    case call(String, EGLint)
    case gl(String, GLenum)
    case missing(String)
    case layout(String)

    public var description: String {
        switch self {
        case .call(let name, let code): "\(name) failed (EGL error 0x\(String(code, radix: 16)))"
        case .gl(let name, let code): "\(name) failed (GL error 0x\(String(code, radix: 16)))"
        case .missing(let name): "EGL lacks \(name)"
        case .layout(let what): "EGL exported a buffer the kiosk cannot take: \(what)"
        }
    }
}
