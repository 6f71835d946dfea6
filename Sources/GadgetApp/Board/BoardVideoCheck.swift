import GadgetCore
import GadgetSystem
import GadgetVideo

/// `check`'s look at a board's videos: each must open as a video in a codec this FFmpeg decodes,
/// not be cut short, fit the texture limit and pixel budget, and give a first picture the YUV
/// program draws. One problem per clip, naming its file (`board.json: gadgets[2].video: clips/x.mp4:
/// truncated …`). A running kiosk does not refuse a board for a bad video: it shows the poster.
public enum BoardVideoCheck {
    /// Problems of `board`'s videos, paths resolved against `directory`.
    public static func problems(_ board: Board, file: String, directory: String, limits: VideoLimits = .standard) -> [BoardProblem] {
        var seen: [String: VideoError?] = [:]
        var problems: [BoardProblem] = []
        for (_, video) in board.videoReferences {
            let outcome: VideoError?
            if let known = seen[video.path] { outcome = known } else {
                outcome = probe(video.path, directory: directory, limits: limits)
                seen[video.path] = outcome
            }
            if let error = outcome { problems.append(BoardProblem(file: file, jsonPath: video.jsonPath, message: message(video.path, error))) }
        }
        return problems
    }

    static func probe(_ path: String, directory: String, limits: VideoLimits) -> VideoError? {
        let full = FileIO.resolve(path, against: directory)
        // FFmpeg would say "No such file or directory" after the call's name: the words a board
        // author expects are the image check's.
        guard FileIO.exists(full) else { return .call("open", -2, "file not found") }
        if case .failure(let e) = VideoProbe.check(path: full, limits: limits) { return e }
        return nil
    }

    static func message(_ path: String, _ error: VideoError) -> String {
        if case .call("open", _, let m) = error { return "\(m): \(path)" }
        return "\(path): \(error.description)"
    }
}
