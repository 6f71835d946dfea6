/// The attribute list for `eglCreateImageKHR(EGL_LINUX_DMA_BUF_EXT, …)` that imports a web page's
/// dma-buf frame as one EGLImage (EGL_EXT_image_dma_buf_import, with
/// EGL_EXT_image_dma_buf_import_modifiers for tiled or compressed buffers). WebKit draws 32-bit
/// RGB (ARGB8888 or XRGB8888, or their ABGR/XBGR orders); a driver's compression may add planes
/// to the same picture, so up to three planes are taken, each with its own descriptor, as the
/// helper sends them (WEB-API.md). YUV is video's (`DMABufImageAttributes`). Pure: the EGL
/// constants are the registry's numbers, so the list is tested without a GPU that imports.
public enum WebDMABufAttributes {
    /// Why a frame cannot be imported (the kiosk then asks the helper for shared memory). One line each.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not a 32-bit RGB format.
        case format(UInt32)
        /// No plane, more than three, or a descriptor count that does not match the planes.
        case planes(count: Int, descriptors: Int)
        /// A tiled or compressed buffer, and EGL has no modifiers extension.
        case modifierUnsupported(UInt64)
        /// A size, offset or stride that does not fit EGLint, or is not positive.
        case range

        public var description: String {
            switch self {
            case .format(let f): "dma-buf web frame in \(DMABufFormat.name(f)), not one the import takes (\(WebDMABufAttributes.formatNames))"
            case .planes(let n, let d): "dma-buf web frame with \(n) plane\(n == 1 ? "" : "s") and \(d) descriptor\(d == 1 ? "" : "s") (1 to 3 planes, one descriptor each)"
            case .modifierUnsupported(let m):
                "dma-buf web frame with modifier 0x\(String(m, radix: 16)) (tiled or compressed) needs EGL_EXT_image_dma_buf_import_modifiers, which this EGL lacks"
            case .range: "dma-buf web frame: a size, offset or stride out of range"
            }
        }
    }

    /// ARGB8888, XRGB8888, ABGR8888, XBGR8888 (drm_fourcc.h).
    public static let formats: [UInt32] = ["AR24", "XR24", "AB24", "XB24"].map(DMABufFrame.fourcc)
    static let formatNames = "AR24, XR24, AB24, XB24"

    /// The list (ending in EGL_NONE) for `frame` whose planes are in `descriptors` (plane order);
    /// `modifiers`: EGL offers EGL_EXT_image_dma_buf_import_modifiers.
    public static func attributes(for frame: WebFrame, descriptors: [Int32], modifiers: Bool) -> Result<[Int32], Refusal> {
        guard let layout = frame.dmabuf else { return .failure(.planes(count: 0, descriptors: descriptors.count)) }
        guard formats.contains(layout.fourcc) else { return .failure(.format(layout.fourcc)) }
        guard (1...3).contains(layout.planes.count), layout.planes.count == descriptors.count else {
            return .failure(.planes(count: layout.planes.count, descriptors: descriptors.count))
        }
        guard let w = Int32(exactly: frame.width), let h = Int32(exactly: frame.height), w > 0, h > 0 else { return .failure(.range) }
        let modifier = layout.modifier
        // DRM_FORMAT_MOD_INVALID: the driver's implicit layout; linear needs no modifier either.
        let tellModifier = modifier != DMABufFrame.invalidModifier && modifiers
        if !tellModifier, modifier != DMABufFrame.invalidModifier, modifier != DMABufFrame.linearModifier {
            return .failure(.modifierUnsupported(modifier))
        }
        typealias A = DMABufImageAttributes
        var list: [Int32] = [A.width, w, A.height, h, A.fourcc, Int32(bitPattern: layout.fourcc)]
        for (i, plane) in layout.planes.enumerated() {
            guard let offset = Int32(exactly: plane.offset), let stride = Int32(exactly: plane.stride), offset >= 0, stride > 0,
                  descriptors[i] >= 0 else { return .failure(.range) }
            list += [A.planeFD[i], descriptors[i], A.planeOffset[i], offset, A.planePitch[i], stride]
            if tellModifier {
                list += [A.planeModifierLo[i], Int32(bitPattern: UInt32(truncatingIfNeeded: modifier)),
                         A.planeModifierHi[i], Int32(bitPattern: UInt32(truncatingIfNeeded: modifier >> 32))]
            }
        }
        return .success(list + [A.none])
    }
}
