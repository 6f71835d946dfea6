extension VideoFrame {
    /// One plane: `height` rows of `width` samples (two bytes per sample for NV12's chroma),
    /// each row starting `stride` bytes after the one before (the rest of a row is padding).
    ///
    /// Either its own bytes (`bytes`, tightly packed or not: tests and frames made by hand) or
    /// rows borrowed from the decoder's buffer (`borrowed`), which the frame's `retainer` keeps
    /// alive: the decode thread hands a picture on without copying it, and the upload reads the
    /// decoder's rows directly (`withRows`).
    public struct Plane: Sendable, Equatable {
        private var owned: [UInt8]
        /// The decoder's rows, valid while the frame's `retainer` lives; nil for owned bytes.
        public private(set) var borrowed: PlaneMemory?
        public var width: Int
        public var height: Int
        public var stride: Int

        public init(bytes: [UInt8], width: Int, height: Int, stride: Int) {
            owned = bytes; borrowed = nil; self.width = width; self.height = height; self.stride = stride
        }

        /// A plane in memory the caller keeps alive (the frame's `retainer`) for as long as the
        /// plane or a copy of it lives: `height` rows `stride` bytes apart from `memory.base`.
        public init(borrowing memory: PlaneMemory, width: Int, height: Int, stride: Int) {
            owned = []; borrowed = memory; self.width = width; self.height = height; self.stride = stride
        }

        /// The plane's visible samples, rows packed: owned bytes as they were given, borrowed
        /// rows copied without their padding (for tests and checks; the upload reads them in
        /// place through `withRows`). Setting makes them owned.
        public var bytes: [UInt8] {
            get {
                guard let borrowed else { return owned }
                let rowBytes = borrowed.rowBytes
                return [UInt8](unsafeUninitializedCapacity: rowBytes * height) { out, count in
                    for r in 0..<height {
                        (out.baseAddress! + r * rowBytes).initialize(from: borrowed.base.assumingMemoryBound(to: UInt8.self) + r * stride,
                                                                    count: rowBytes)
                    }
                    count = rowBytes * height
                }
            }
            set { owned = newValue; borrowed = nil }
        }

        /// Calls `body` with the plane's rows (`height` rows, `stride` bytes apart) in place.
        public func withRows<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
            if let borrowed { return try body(UnsafeRawBufferPointer(start: borrowed.base, count: borrowed.count)) }
            let result: Result<R, E> = owned.withUnsafeBytes { raw in
                do throws(E) { return .success(try body(raw)) } catch { return .failure(error) }
            }
            return try result.get()
        }
    }

    /// Rows of a decoded plane in memory someone else owns (FFmpeg's frame buffer), as a value
    /// that may cross to the loop's thread. Sendable because nothing writes through it: the
    /// decoder never changes a buffer it has handed out while a reference to it is held.
    public struct PlaneMemory: @unchecked Sendable, Equatable {
        public let base: UnsafeRawPointer
        /// Bytes from `base` to the end of the last row's samples.
        public let count: Int
        /// Bytes of samples in each row (the rest of a stride is padding).
        public let rowBytes: Int
        public init(base: UnsafeRawPointer, count: Int, rowBytes: Int) { self.base = base; self.count = count; self.rowBytes = rowBytes }
    }
}
