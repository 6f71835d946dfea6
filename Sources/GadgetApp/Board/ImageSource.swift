import GadgetCore
import GadgetRender
import GadgetSystem

/// Where a board's images come from: files beside the board, or the binary (demo board).
public protocol ImageSource {
    /// The image at `path` (as written in the board file), or a message for the user.
    func image(at path: String) -> Result<RGBAImage, ImageLoadFailure>
    /// The image at `path`, decoded no larger than `needed` (upright, per side) where the source
    /// can: the most pixels it will ever show (`Board.imageDisplaySizes`).
    func image(at path: String, needed: PixelSize) -> Result<RGBAImage, ImageLoadFailure>
}

extension ImageSource {
    /// Sources whose images are already in memory (the demo board's paintings) keep them as they are.
    public func image(at path: String, needed: PixelSize) -> Result<RGBAImage, ImageLoadFailure> { image(at: path) }
}

public struct ImageLoadFailure: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Images read from files relative to the board file's directory and decoded as PNG, JPEG or
/// WebP (told by content), turned upright by their EXIF orientation.
public struct FileImageSource: ImageSource, Sendable {
    public var directory: String
    public var limits: ImageDecodeLimits
    public init(directory: String, limits: ImageDecodeLimits = .standard) { self.directory = directory; self.limits = limits }

    /// The whole image (no size limit but `limits`).
    public func image(at path: String) -> Result<RGBAImage, ImageLoadFailure> { decode(path, needed: nil) }

    public func image(at path: String, needed: PixelSize) -> Result<RGBAImage, ImageLoadFailure> { decode(path, needed: needed) }

    private func decode(_ path: String, needed: PixelSize?) -> Result<RGBAImage, ImageLoadFailure> {
        let full = FileIO.resolve(path, against: directory)
        let bytes: [UInt8]
        do { bytes = try FileIO.read(full, limit: 64 << 20) } catch {
            // Name the path as the user wrote it.
            if error.errno == .noSuchFileOrDirectory { return .failure(ImageLoadFailure("file not found: \(path)")) }
            return .failure(ImageLoadFailure(error.fileProblem))
        }
        do { return .success(try ImageDecoder.decode(bytes, needed: needed, limits: limits).image) } catch {
            return .failure(ImageLoadFailure("\(path): \(error.description)"))
        }
    }
}
