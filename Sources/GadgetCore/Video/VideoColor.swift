/// The colour description of a video stream: which matrix turns its Y′CbCr into R′G′B′ and
/// whether its samples use the studio (limited) or the full range.
public struct VideoColor: Sendable, Equatable {
    public enum Matrix: String, Sendable {
        /// ITU-R BT.601 (standard definition).
        case bt601
        /// ITU-R BT.709 (HD).
        case bt709
    }

    public enum Range: String, Sendable {
        /// Y 16…235, Cb/Cr 16…240 (8-bit): what almost every camera and encoder writes.
        case limited
        /// 0…255 (JPEG, "yuvj" streams).
        case full
    }

    public var matrix: Matrix
    public var range: Range
    public init(matrix: Matrix, range: Range) { self.matrix = matrix; self.range = range }

    /// What a stream that does not say is taken to be: BT.709 from 720 lines up and BT.601 below
    /// (the rule FFmpeg's players and mpv apply to untagged video), limited range.
    public static func guess(height: Int) -> VideoColor {
        VideoColor(matrix: height >= 720 ? .bt709 : .bt601, range: .limited)
    }

    /// The affine map the shader applies to (Y, Cb, Cr) sampled as 0…1: rgb = m · yuv + offset.
    /// Column-major 3×3, as `glUniformMatrix3fv` takes it, and the offset.
    public var conversion: (matrix: [Float], offset: [Float]) {
        // Luma coefficients Kr and Kb of each standard (BT.601 §2.5.1, BT.709 item 3.2).
        let (kr, kb): (Double, Double) = matrix == .bt601 ? (0.299, 0.114) : (0.2126, 0.0722)
        let kg = 1 - kr - kb
        // Scale and offset that take the 8-bit code values to Y 0…1 and Cb/Cr −0.5…0.5.
        let (ys, yo, cs): (Double, Double, Double)
        switch range {
        case .limited: (ys, yo, cs) = (255.0 / 219.0, 16.0 / 255.0, 255.0 / 224.0)
        case .full: (ys, yo, cs) = (1, 0, 1)
        }
        // R = Y + 2(1−Kr)Cr; B = Y + 2(1−Kb)Cb; G = (Y − Kr R − Kb B) / Kg.
        let rv = 2 * (1 - kr), bu = 2 * (1 - kb)
        let gu = -kb * bu / kg, gv = -kr * rv / kg
        // Rows: r, g, b; columns: y, u, v.
        let rows: [[Double]] = [[ys, 0, rv * cs], [ys, gu * cs, gv * cs], [ys, bu * cs, 0]]
        let chromaOffset = 128.0 / 255.0
        let offset = rows.map { r in -(r[0] * yo + r[1] * chromaOffset + r[2] * chromaOffset) }
        var columnMajor: [Float] = []
        for c in 0..<3 { for r in 0..<3 { columnMajor.append(Float(rows[r][c])) } }
        return (columnMajor, offset.map(Float.init))
    }

    /// The R′G′B′ (0…1) of one 8-bit sample triple: the CPU twin of the shader, for tests and
    /// `check`'s poster previews.
    public func rgb(y: UInt8, u: UInt8, v: UInt8) -> (Double, Double, Double) {
        let (m, o) = conversion
        let s = [Double(y) / 255, Double(u) / 255, Double(v) / 255]
        func row(_ r: Int) -> Double {
            min(1, max(0, Double(m[r]) * s[0] + Double(m[3 + r]) * s[1] + Double(m[6 + r]) * s[2] + Double(o[r])))
        }
        return (row(0), row(1), row(2))
    }
}
