import ArgumentParser
import GadgetApp
import GadgetCore
import GadgetRender
import GadgetSystem

struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Render a board's initial state headless and write a PNG.")

    @Argument(help: "Board file (JSON). Default: the built-in demo board.")
    var board: String?

    @Option(name: .shortAndLong, help: "PNG file to write.")
    var out: String

    @Option(help: "Image size WxH (default: the board's size).")
    var size: String?

    @Option(help: "Display rotation 0|90|180|270 (default: the board's).")
    var rotation: Int?

    func run() throws {
        var pixelSize: PixelSize?
        if let size {
            guard let s = PixelSize(parsing: size) else { throw failWith("--size: expected WxH with positive numbers, e.g. 1280x720, got \(size)") }
            pixelSize = s
        }
        var rot: DisplayRotation?
        if let rotation {
            guard let r = DisplayRotation(rawValue: rotation) else { throw failWith("--rotation: must be 0, 90, 180 or 270") }
            rot = r
        }
        let loaded: LoadedBoard
        switch BoardSource.load(board) {
        case .failure(let problems): throw failWithProblems(problems)
        case .success(let l): loaded = l
        }
        let result: Snapshot.Result
        do { result = try Snapshot.render(loaded, size: pixelSize, rotation: rot) } catch {
            throw failWith("snapshot: \(error)")
        }
        do { try FileIO.replace(out, with: result.png) } catch { throw failWith("snapshot: \(error)") }
        Loggers.render.info("snapshot: wrote \(out) (\(result.image.width)x\(result.image.height), \(result.drawCalls) draw call\(result.drawCalls == 1 ? "" : "s"), \(result.display))")
    }
}
