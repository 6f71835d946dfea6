import SystemPackage

extension OwnedFileDescriptor {
    /// Fills `buffer` from the file's bytes at `offset` (`pread`, short reads continued, EINTR
    /// retried): true when every byte was there, false when the file ends first. A caller that
    /// knows where each part of a file lies reads it straight into the memory that keeps it, with
    /// no buffer in between (the demo art's cache: docs/BENCHMARKS.md "Start-up").
    public func read(exactly buffer: UnsafeMutableRawBufferPointer, at offset: Int64,
                     _ what: @autoclosure () -> String? = nil) throws(SystemError) -> Bool {
        var done = 0
        while done < buffer.count {
            let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[done...])
            let n = try SystemCall.system("pread", what()) {
                try descriptor.read(fromAbsoluteOffset: offset + Int64(done), into: rest, retryOnInterrupt: true)
            }
            if n == 0 { return false }
            done += n
        }
        return true
    }
}
