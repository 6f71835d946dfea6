import GadgetCore
import GadgetGL

/// The textures one video's frames are uploaded into: a luminance texture per plane (Y, U, V),
/// or for NV12 a luminance Y and a luminance-alpha CbCr. Allocated at the first frame and on a
/// size change (`Texture(empty:format:)`), then overwritten in place (`Texture.replace(rows:)`,
/// one glTexSubImage2D per plane, read straight from the decoder's rows): no allocation or copy
/// per frame. Thread: the render thread; `destroy()` before the context goes.
public final class VideoTextures {
    private var planes: [Texture] = []
    private var sizes: [(Int, Int)] = []
    public private(set) var layout: VideoFrame.Layout = .planar
    public private(set) var color = VideoColor(matrix: .bt709, range: .limited)
    /// Frames uploaded so far.
    public private(set) var uploads = 0

    public init() {}

    /// Whether a frame was uploaded (there is something to draw).
    public var hasFrame: Bool { uploads > 0 }

    /// Uploads `frame`'s planes.
    public func upload(_ frame: VideoFrame) throws(GLError) {
        let formats: [Texture.Format] = frame.layout == .nv12 ? [.luminance, .luminanceAlpha] : [.luminance, .luminance, .luminance]
        guard frame.planes.count == formats.count else { throw .capacity("video frame has \(frame.planes.count) planes, \(formats.count) expected") }
        let shapes = frame.planes.map { ($0.width, $0.height) }
        let reallocate = planes.count != formats.count || frame.layout != layout || !zip(sizes, shapes).allSatisfy { $0 == $1 }
        if reallocate { destroy() }
        for (i, plane) in frame.planes.enumerated() {
            Texture.activate(unit: i)
            if reallocate {
                planes.append(try Texture(empty: PixelSize(plane.width, plane.height), format: formats[i]))
            }
            try uploadRows(plane, into: planes[i])
        }
        Texture.activate(unit: 0)
        sizes = shapes
        layout = frame.layout
        color = frame.color
        uploads += 1
        try GLError.check("video upload (\(frame.width)x\(frame.height))")
    }

    /// Tests set it to false to take the path of a GL without row lengths.
    lazy var hasRowLength: Bool = GLDriver.takesUnpackRowLength
    /// Where a plane's rows are packed first on a GL without row lengths; kept between frames.
    private var packed: [UInt8] = []

    /// One glTexSubImage2D of `plane` into `texture`: in place when its rows are packed or the GL
    /// takes a row length (GL_UNPACK_ROW_LENGTH: the rows read where the decoder left them,
    /// padding between rows and all), else packed into `packed` first (one copy, no allocation
    /// after the first frame).
    private func uploadRows(_ plane: VideoFrame.Plane, into texture: Texture) throws(GLError) {
        let bytesPerTexel = texture.format.bytesPerTexel
        let rowBytes = plane.width * bytesPerTexel
        guard plane.stride >= rowBytes, plane.stride % bytesPerTexel == 0 else {
            throw .capacity("video plane rows of \(plane.stride) bytes for \(plane.width) samples of \(bytesPerTexel) bytes")
        }
        try plane.withRows { rows throws(GLError) in
            // The GL reads `height` rows `stride` apart: never past the plane's bytes.
            guard let base = rows.baseAddress, plane.height > 0, rows.count >= plane.stride * (plane.height - 1) + rowBytes else {
                throw .capacity("video plane of \(rows.count) bytes for \(plane.height) rows of \(plane.stride)")
            }
            if plane.stride == rowBytes {
                texture.replace(rows: base, rowLength: nil)
            } else if hasRowLength {
                texture.replace(rows: base, rowLength: plane.stride / bytesPerTexel)
            } else {
                let count = rowBytes * plane.height
                if packed.count < count { packed = [UInt8](repeating: 0, count: count) }
                packed.withUnsafeMutableBytes { out in
                    for r in 0..<plane.height {
                        (out.baseAddress! + r * rowBytes).copyMemory(from: base + r * plane.stride, byteCount: rowBytes)
                    }
                    texture.replace(rows: UnsafeRawPointer(out.baseAddress!), rowLength: nil)
                }
            }
        }
    }

    /// Binds the planes to texture units 0, 1 and 2 (the program's u_y, u_u, u_v).
    func bind() {
        for (i, texture) in planes.enumerated() {
            Texture.activate(unit: i)
            texture.bind()
        }
        Texture.activate(unit: 0)
    }

    public func destroy() {
        for texture in planes { texture.destroy() }
        planes = []
        sizes = []
    }
}
