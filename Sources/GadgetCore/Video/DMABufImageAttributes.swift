/// The attribute list for `eglCreateImageKHR(EGL_LINUX_DMA_BUF_EXT, …)` that imports a decoded
/// dma-buf picture as one EGLImage (EGL_EXT_image_dma_buf_import, with
/// EGL_EXT_image_dma_buf_import_modifiers for tiled buffers), sampled as RGB through
/// `samplerExternalOES` with the stream's colour space and range as hints. Pure: the EGL
/// constants are the registry's numbers (eglext.h), so the list is tested without a GPU that
/// imports.
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

    /// Why a frame cannot be imported (the player then uploads its pictures instead). Each says
    /// so in one line.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// The layers and planes are no YUV layout the import takes (a format with the wrong
        /// number of planes, several multi-plane layers, none, or more than three).
        case layout
        /// The layers' DRM formats: a layout of the right shape, in formats not taken (RGB,
        /// 10-bit, …).
        case format([UInt32])
        /// A plane names an object the frame does not have.
        case object
        /// A tiled buffer, and EGL has no modifiers extension: importing it as linear would show
        /// column garbage (Pi HEVC's SAND128; moonlight-qt #553).
        case modifierUnsupported(UInt64)
        /// The planes lie in buffers of different modifiers: one EGLImage has one.
        case modifierMismatch
        /// Values that do not fit EGLint.
        case range

        public var description: String {
            switch self {
            case .layout: "dma-buf picture: its layers and planes are no YUV layout the import takes (\(DMABufImageAttributes.formatNames))"
            case .format(let f):
                "dma-buf format \(f.map(DMABufFormat.name).joined(separator: "+")) is not one the import takes (\(DMABufImageAttributes.formatNames))"
            case .object: "dma-buf picture: a plane names a buffer object the frame does not have"
            case .modifierUnsupported(let m):
                "dma-buf modifier 0x\(String(m, radix: 16)) (a tiled buffer) needs EGL_EXT_image_dma_buf_import_modifiers, which this EGL lacks"
            case .modifierMismatch: "dma-buf picture: its planes have different modifiers; one EGLImage has one"
            case .range: "dma-buf picture: a size, offset or pitch out of range"
            }
        }
    }

    static let formatNames = "NV12, NV21, YUV420, YVU420"

    /// The list (ending in EGL_NONE) for `frame`; `modifiers`: EGL offers
    /// EGL_EXT_image_dma_buf_import_modifiers.
    public static func attributes(for frame: DMABufFrame, modifiers: Bool) -> Result<[Int32], Refusal> {
        let layers = frame.layers
        guard (1...3).contains(layers.count) else { return .failure(.layout) }
        guard let (format, planes) = DMABufFormat.joined(layers) else {
            // The right shape in a format not taken is said by name; any other shape is a layout.
            let shaped = layers.count == 1 ? DMABufFormat(fourcc: layers[0].fourcc) == nil && (1...3).contains(layers[0].planes.count)
                                           : layers.allSatisfy { $0.planes.count == 1 }
            return .failure(shaped ? .format(layers.map(\.fourcc)) : .layout)
        }
        guard let w = Int32(exactly: frame.width), let h = Int32(exactly: frame.height), w > 0, h > 0 else { return .failure(.range) }
        guard planes.allSatisfy({ frame.objects.indices.contains($0.object) }) else { return .failure(.object) }
        let modifier = frame.objects[planes[0].object].modifier
        guard planes.allSatisfy({ frame.objects[$0.object].modifier == modifier }) else { return .failure(.modifierMismatch) }
        // DRM_FORMAT_MOD_INVALID: the driver's implicit layout, imported without modifiers. Linear
        // needs none either; anything else must be told to EGL or refused.
        let tellModifier = modifier != DMABufFrame.invalidModifier && modifiers
        if !tellModifier, modifier != DMABufFrame.invalidModifier, modifier != DMABufFrame.linearModifier {
            return .failure(.modifierUnsupported(modifier))
        }
        var list: [Int32] = [width, w, height, h, fourcc, Int32(bitPattern: format.fourcc)]
        for (i, plane) in planes.enumerated() {
            let object = frame.objects[plane.object]
            guard let offset = Int32(exactly: plane.offset), let pitch = Int32(exactly: plane.pitch), offset >= 0, pitch > 0,
                  object.fd >= 0 else { return .failure(.range) }
            list += [planeFD[i], object.fd, planeOffset[i], offset, planePitch[i], pitch]
            if tellModifier {
                list += [planeModifierLo[i], Int32(bitPattern: UInt32(truncatingIfNeeded: modifier)),
                         planeModifierHi[i], Int32(bitPattern: UInt32(truncatingIfNeeded: modifier >> 32))]
            }
        }
        list += [colorSpaceHint, frame.color.matrix == .bt709 ? rec709 : rec601,
                 rangeHint, frame.color.range == .full ? fullRange : narrowRange, none]
        return .success(list)
    }
}
