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

    @Option(help: "Image size WxH (default: the panel's: the board's size, turned by a 90/270 rotation).", transform: PixelSize.argument)
    var size: PixelSize?

    @Option(help: "Display rotation in degrees (default: the board's).")
    var rotation: DisplayRotation?

    @Option(help: "Page to show, by id (a board with pages; default: its first page).")
    var page: String?

    @Option(name: .customLong("video-time"), help: "Show each video at this time, in seconds (default: 0, the first frame).")
    var videoTime: Double = 0

    func validate() throws {
        try requirePNGName("--out", out)
        guard videoTime.isFinite, videoTime >= 0, videoTime < 1e9 else { throw ValidationError("--video-time must be a number of seconds, 0 or more") }
    }

    func run() throws {
        let loaded: LoadedBoard
        switch BoardSource.load(board) {
        case .failure(let problems): throw failWithProblems(problems)
        case .success(let l): loaded = l
        }
        let result: Snapshot.Result
        do { result = try Snapshot.render(loaded, size: size, rotation: rotation, page: page,
                                                   videoTime: Microseconds((videoTime * 1_000_000).rounded())) } catch {
            throw failWith("snapshot: \(error)")
        }
        // Each video is its own draw call: say how many of the draw calls are videos.
        let videos = result.videos == 0 ? "" : " (\(result.videos) video\(result.videos == 1 ? "" : "s"))"
        do { try FileIO.replace(out, with: result.png) } catch { throw failWith("snapshot: \(error)") }
        Loggers.render.info("snapshot: wrote \(out) (\(result.image.width)x\(result.image.height), \(result.drawCalls) draw call\(result.drawCalls == 1 ? "" : "s")\(videos), \(result.display))")
    }
}
