/// The `dmabuf` of a frame report from what EGL_MESA_image_dma_buf_export gives for one image:
/// `eglExportDMABUFImageQueryMESA` (fourcc, plane count, one modifier for every plane) and
/// `eglExportDMABUFImageMESA` (per plane: fd, stride, offset; arrays of four).
extension WebDMABufLayout {
    /// nil when the numbers cannot describe a picture (no plane, more than four, a plane with a
    /// stride ≤ 0 or a negative offset): the helper then sends the frame through shared memory.
    public init?(exportedFourcc fourcc: Int32, planeCount: Int32, modifier: UInt64, strides: [Int32], offsets: [Int32]) {
        let n = Int(planeCount)
        guard (1...4).contains(n), strides.count >= n, offsets.count >= n, fourcc != 0 else { return nil }
        var planes: [Plane] = []
        for i in 0..<n {
            guard strides[i] > 0, offsets[i] >= 0 else { return nil }
            planes.append(Plane(offset: Int(offsets[i]), stride: Int(strides[i])))
        }
        self.init(fourcc: UInt32(bitPattern: fourcc), modifier: modifier, planes: planes)
    }
}
