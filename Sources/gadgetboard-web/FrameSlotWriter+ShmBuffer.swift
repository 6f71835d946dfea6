import CWPEBackendFDO

extension FrameSlotWriter {
    /// Copies one of WebKit's wl_shm buffers (`wpe_fdo_shm_exported_buffer_get_shm_buffer`) into a
    /// slot, row by row when its stride has padding. WebKit draws ARGB8888 (wl_shm format 0) or
    /// XRGB8888 (1): both are B,G,R,A/X bytes in memory. Anything else is skipped with a line.
    func write(shmBuffer shm: OpaquePointer) -> Outcome {
        let width = Int(wl_shm_buffer_get_width(shm)), height = Int(wl_shm_buffer_get_height(shm))
        let stride = Int(wl_shm_buffer_get_stride(shm)), format = wl_shm_buffer_get_format(shm)
        guard width > 0, height > 0, stride >= width * 4, format <= 1 else {
            logSkipped("skipped a frame WebKit drew as \(width)x\(height), stride \(stride), wl_shm format \(format)")
            return .failed
        }
        return write(width: width, height: height) { base, rowBytes in
            wl_shm_buffer_begin_access(shm)
            defer { wl_shm_buffer_end_access(shm) }
            guard let source = wl_shm_buffer_get_data(shm) else { return false }
            if stride == rowBytes {
                base.copyMemory(from: source, byteCount: rowBytes * height)
            } else {
                for row in 0..<height {
                    (base + row * rowBytes).copyMemory(from: source + row * stride, byteCount: rowBytes)
                }
            }
            return true
        }
    }
}
