import GadgetCore
import GadgetRender
import GadgetSystem

/// Images read from below a directory without leaving it (`ConfinedFile`): for paths a control
/// client sends (`set image`), so no request reads a file outside the board's directory. The
/// images a board file names follow the board-file rule instead (`BoardFilePaths`), whichever
/// way the file was loaded.
struct ConfinedImageSource: ImageSource, Sendable {
    var root: String
    /// Where the board file lies, relative to `root` (its images are relative to it).
    var base: [String]
    var limits: ImageDecodeLimits = .standard

    func image(at path: String) -> Result<RGBAImage, ImageLoadFailure> { decode(path, needed: nil) }
    func image(at path: String, needed: PixelSize) -> Result<RGBAImage, ImageLoadFailure> { decode(path, needed: needed) }

    private func decode(_ path: String, needed: PixelSize?) -> Result<RGBAImage, ImageLoadFailure> {
        let relative: BoardRelativePath
        switch BoardRelativePath.parse((base + [path]).joined(separator: "/")) {
        case .success(let p): relative = p
        case .failure(let refusal): return .failure(ImageLoadFailure("\(path): \(refusal)"))
        }
        let bytes: [UInt8]
        do { bytes = try ConfinedFile.read(relative.components, under: root, limit: KioskControl.maximumImageFileBytes, name: path) } catch {
            return .failure(ImageLoadFailure(ConfinedImageSource.problem(error, path: path)))
        }
        do { return .success(try ImageDecoder.decode(bytes, needed: needed, limits: limits).image) } catch {
            return .failure(ImageLoadFailure("\(path): \(error.description)"))
        }
    }

    /// A refused or failed open in a client's words.
    static func problem(_ error: SystemError, path: String) -> String {
        switch error.errno {
        case .tooManySymbolicLinkLevels,
             .notDirectory where error.call == "openat":
            return "\(path): symlinks are refused (paths stay inside the board's directory)"
        case .noSuchFileOrDirectory: return "file not found: \(path)"
        case .invalidArgument: return "not a regular file: \(path)"
        default: return error.fileProblem
        }
    }
}
