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

    @Option(help: "Image size WxH (default: the board's; with --panel the panel's: the board's size, turned by a 90/270 rotation).", transform: PixelSize.argument)
    var size: PixelSize?

    @Flag(help: "Write the image as the panel scans it out: turned by the board's rotation (or --rotation), at the panel's size. Without it the image is upright, as the viewer sees the board.")
    var panel = false

    @Option(help: "With --panel: the panel's rotation in degrees (default: the board's).")
    var rotation: DisplayRotation?

    @Option(help: "Page to show, by id (a board with pages; default: its first page).")
    var page: String?

    @Option(name: .customLong("video-time"), help: "Show each video at this time, in seconds (default: 0, the first frame).")
    var videoTime: Double = 0

    @Option(help: ArgumentHelp("Draw the board's clock ({time|…}, {date|…}) at this local time in the board's zone, YYYY-MM-DDTHH:MM[:SS] (default: now).", valueName: "time"))
    var time: String?

    func validate() throws {
        try requirePNGName("--out", out)
        // Without --panel the image is the viewer's, which no rotation turns: a --rotation there
        // would be a flag that changes nothing.
        if rotation != nil && !panel { throw ValidationError("--rotation: only with --panel (without it the image is upright, as the viewer sees the board)") }
        guard videoTime.isFinite, videoTime >= 0, videoTime < 1e9 else { throw ValidationError("--video-time must be a number of seconds, 0 or more") }
    }

    func run() throws {
        let loaded: LoadedBoard
        switch BoardSource.load(board) {
        case .failure(let problems): throw failWithProblems(problems)
        case .success(let l): loaded = l
        }
        let clockTime: Int64
        switch Snapshot.clockTime(time, for: loaded) {
        case .failure(let problem): throw failWith("snapshot: \(problem)")
        case .success(let t): clockTime = t
        }
        let result: Snapshot.Result
        do { result = try Snapshot.render(loaded, size: size, orientation: panel ? .panel(rotation) : .viewer, page: page,
                                                   videoTime: Microseconds((videoTime * 1_000_000).rounded()), clockTime: clockTime) } catch {
            throw failWith("snapshot: \(error)")
        }
        // Each video is its own draw call: say how many of the draw calls are videos.
        let videos = result.videos == 0 ? "" : " (\(result.videos) video\(result.videos == 1 ? "" : "s"))"
        let pages = result.webPages == 0 ? "" : ", \(result.webPages) web page\(result.webPages == 1 ? "" : "s")"
        do { try FileIO.replace(out, with: result.png) } catch { throw failWith("snapshot: \(error)") }
        Loggers.render.info("snapshot: wrote \(out) (\(result.image.width)x\(result.image.height), \(result.drawCalls) draw call\(result.drawCalls == 1 ? "" : "s")\(videos)\(pages), \(result.display))")
    }
}
