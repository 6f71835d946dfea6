import CGBM
import GadgetCore

/// Copies a scanout buffer into an RGBAImage through gbm_bo_map (a read transfer: drivers with
/// tiled or GPU-only memory blit to a linear staging copy first).
enum ScanoutReadback {
    static func read(_ bo: OpaquePointer, width: Int, height: Int, format: UInt32) throws(DisplayError) -> RGBAImage {
        var stride: UInt32 = 0
        var mapData: UnsafeMutableRawPointer?
        guard let base = gbm_bo_map(bo, 0, 0, UInt32(width), UInt32(height), GBM_BO_TRANSFER_READ.rawValue, &stride, &mapData) else {
            throw .lastCall("gbm_bo_map")
        }
        defer { gbm_bo_unmap(bo, mapData) }
        return convert(UnsafeRawPointer(base), stride: Int(stride), width: width, height: height, format: format)
    }

    /// XRGB8888/ARGB8888 (bytes B, G, R, X/A in memory) to RGBA, opaque: scanout ignores alpha.
    static func convert(_ base: UnsafeRawPointer, stride: Int, width: Int, height: Int, format: UInt32) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = base.advanced(by: y * stride).assumingMemoryBound(to: UInt8.self)
                var o = y * width * 4
                for x in 0..<width {
                    out[o] = row[x * 4 + 2]; out[o + 1] = row[x * 4 + 1]; out[o + 2] = row[x * 4]
                    o += 4
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
