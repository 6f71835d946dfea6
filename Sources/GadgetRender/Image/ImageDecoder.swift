import GadgetCore

/// Decodes a board image of any supported format (told by content), turned upright by its EXIF
/// orientation and no larger than it will be shown.
public enum ImageDecoder {
    /// A decoded image and how it was made (for the decoded-size tests and the figures).
    public struct Decoded: Sendable {
        /// Upright straight RGBA, each side at most the `needed` one.
        public var image: RGBAImage
        public var format: ImageFormat
        /// The size the file's header declares, as stored (before orientation).
        public var storedSize: PixelSize
        /// The scale the decoder applied while decoding (JPEG: 1/8…1; others 1, or WebP's own
        /// rescaler straight to the final size).
        public var decodeScale: DecodeScale
        public var orientation: ExifOrientation
    }

    /// Decodes `bytes`. `needed`: the most pixels the image can show (upright, in display pixels:
    /// `Board.imageDisplaySizes`); nil keeps the stored size. A PNG decodes whole and is then
    /// box-downscaled (libpng cannot scale while decoding); its orientation is always `.up`.
    public static func decode(_ bytes: [UInt8], needed: PixelSize?, limits: ImageDecodeLimits = .standard) throws(ImageDecodeFailure) -> Decoded {
        guard let format = ImageFormat.detect(bytes) else { throw .unknownFormat }
        switch format {
        case .png:
            let full: RGBAImage
            do { full = try PNGCodec.decode(bytes) } catch { throw .png(error) }
            let image = needed.map { full.downscaled(to: $0) } ?? full
            return Decoded(image: image, format: .png, storedSize: full.size, decodeScale: .one, orientation: .up)
        case .jpeg:
            let decompressor = try JPEGDecompressor()
            let stored = try decompressor.header(bytes)
            if let why = limits.refusal(stored) { throw .tooLarge(why) }
            let orientation = ExifOrientationReader.orientation(in: bytes)
            // The need is upright; the decoder works on stored pixels.
            let neededStored = needed.map { orientation.uprightSize($0) } ?? stored
            let scale = DecodeScale.choose(source: stored, needed: neededStored)
            let decoded = try decompressor.decode(bytes, source: stored, scale: scale)
            let image = decoded.downscaled(to: neededStored).oriented(orientation)
            return Decoded(image: image, format: .jpeg, storedSize: stored, decodeScale: scale, orientation: orientation)
        case .webp:
            let stored = try WebPCodec.header(bytes)
            if let why = limits.refusal(stored) { throw .tooLarge(why) }
            let orientation = ExifOrientationReader.orientation(in: bytes)
            let neededStored = needed.map { orientation.uprightSize($0) } ?? stored
            let target = PixelSize(min(stored.width, max(1, neededStored.width)), min(stored.height, max(1, neededStored.height)))
            let image = try WebPCodec.decode(bytes, size: target, source: stored).oriented(orientation)
            return Decoded(image: image, format: .webp, storedSize: stored, decodeScale: .one, orientation: orientation)
        }
    }
}
