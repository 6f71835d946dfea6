import GadgetCore
import GadgetRender
import GadgetSystem

/// Where a board's images come from: files beside the board, or the binary (demo board).
public protocol ImageSource {
    /// The image at `path` (as written in the board file), or a message for the user.
    func image(at path: String) -> Result<RGBAImage, ImageLoadFailure>
}

public struct ImageLoadFailure: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Images read from files relative to the board file's directory and decoded as PNG.
public struct FileImageSource: ImageSource {
    public var directory: String
    public init(directory: String) { self.directory = directory }

    public func image(at path: String) -> Result<RGBAImage, ImageLoadFailure> {
        let full = FileIO.resolve(path, against: directory)
        let bytes: [UInt8]
        do { bytes = try FileIO.read(full, limit: 64 << 20) } catch {
            // Name the path as the user wrote it.
            if error.errno == .noSuchFileOrDirectory { return .failure(ImageLoadFailure("file not found: \(path)")) }
            return .failure(ImageLoadFailure(error.fileProblem))
        }
        do { return .success(try PNGCodec.decode(bytes)) } catch {
            return .failure(ImageLoadFailure("\(path): \(error.description)"))
        }
    }
}
