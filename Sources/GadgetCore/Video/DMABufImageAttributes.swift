/// The attribute list for `eglCreateImageKHR(EGL_LINUX_DMA_BUF_EXT, …)` that imports a decoded
/// dma-buf picture as one EGLImage (EGL_EXT_image_dma_buf_import, with
/// EGL_EXT_image_dma_buf_import_modifiers for tiled buffers). Pure: the EGL constants are the
/// registry's numbers (eglext.h), so the list is tested without a GPU that imports.
public enum DMABufImageAttributes {
    // eglext.h (Khronos registry numbers).
    static let none: Int32 = 0x3038
    static let width: Int32 = 0x3057
    static let height: Int32 = 0x3056
    static let fourcc: Int32 = 0x3271
    static let planeFD: [Int32] = [0x3272, 0x3275, 0x3278]
    static let planeOffset: [Int32] = [0x3273, 0x3276, 0x3279]
    static let planePitch: [Int32] = [0x3274, 0x3277, 0x327A]
    static let planeModifierLo: [Int32] = [0x3443, 0x3445, 0x3447]
    static let planeModifierHi: [Int32] = [0x3444, 0x3446, 0x3448]
    static let colorSpaceHint: Int32 = 0x327B
    static let rangeHint: Int32 = 0x327C
    static let rec601: Int32 = 0x327F
    static let rec709: Int32 = 0x3280
    static let fullRange: Int32 = 0x3282
    static let narrowRange: Int32 = 0x3283

    /// Why a frame cannot be imported (the player then copies it out and uploads it).
    public enum Refusal: Error, Sendable, Equatable {
        /// Not exactly one layer of one to three planes (FFmpeg may describe NV12 as two layers).
        case layout
        /// A plane names an object the frame does not have.
        case object
        /// A tiled buffer, and EGL has no modifiers extension: importing it as linear would show
        /// column garbage (Pi HEVC's SAND128; moonlight-qt #553).
        case modifierUnsupported(UInt64)
        /// Values that do not fit EGLint.
        case range
    }

    /// The list (ending in EGL_NONE) for `frame`; `modifiers`: EGL offers
    /// EGL_EXT_image_dma_buf_import_modifiers.
    public static func attributes(for frame: DMABufFrame, modifiers: Bool) -> Result<[Int32], Refusal> {
        guard frame.layers.count == 1, let layer = frame.layers.first, (1...3).contains(layer.planes.count) else { return .failure(.layout) }
        guard let w = Int32(exactly: frame.width), let h = Int32(exactly: frame.height), w > 0, h > 0 else { return .failure(.range) }
        var list: [Int32] = [width, w, height, h, fourcc, Int32(bitPattern: layer.fourcc)]
        for (i, plane) in layer.planes.enumerated() {
            guard frame.objects.indices.contains(plane.object) else { return .failure(.object) }
            let object = frame.objects[plane.object]
            guard let offset = Int32(exactly: plane.offset), let pitch = Int32(exactly: plane.pitch), offset >= 0, pitch > 0 else { return .failure(.range) }
            list += [planeFD[i], object.fd, planeOffset[i], offset, planePitch[i], pitch]
            let m = object.modifier
            if m != DMABufFrame.invalidModifier, modifiers {
                list += [planeModifierLo[i], Int32(bitPattern: UInt32(truncatingIfNeeded: m)),
                         planeModifierHi[i], Int32(bitPattern: UInt32(truncatingIfNeeded: m >> 32))]
            } else if m != DMABufFrame.invalidModifier, m != DMABufFrame.linearModifier {
                return .failure(.modifierUnsupported(m))
            }
        }
        list += [colorSpaceHint, frame.color.matrix == .bt709 ? rec709 : rec601,
                 rangeHint, frame.color.range == .full ? fullRange : narrowRange, none]
        return .success(list)
    }
}
