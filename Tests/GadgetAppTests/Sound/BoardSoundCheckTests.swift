import Testing
@testable import GadgetApp
import GadgetCore
import GadgetSystem
import GadgetVideo

/// `check` (BoardLoader.load of a path) decodes every sound: each bad one refused in one line
/// naming the board, the JSON path and the file; good ones decoded at 48 kHz stereo float.
@Suite struct BoardSoundCheckTests {
    @Test func goodSoundsDecodeToTheMixFormat() throws {
        let w = VideoSnapshotTests.Workshop()
        let d = w.directory
        // 0.2 s of 1 kHz at 44.1 kHz mono: resampled to 48 kHz, spread to both channels.
        try w.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=44100:duration=0.2", "-ac", "1", d + "/click.wav"])
        try w.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=0.5", "-c:a", "libvorbis", d + "/chime.ogg"])
        let path = d + "/board.json"
        try FileIO.replace(path, with: #"{"size":[100,100],"gadgets":[],"sounds":{"click":"click.wav","chime":"chime.ogg","again":"click.wav"},"tapSound":"click"}"#)
        let loaded = try BoardLoader.load(path: path).get()
        let click = try #require(loaded.sounds["click"])
        #expect(click.format == .standard)
        #expect(abs(click.frameCount - 9600) <= 64, "0.2 s at 48 kHz: \(click.frameCount) frames")
        // Both channels carry the mono signal at its full level (sine's default amplitude 1/8).
        let peak = click.samples.map { abs($0) }.max() ?? 0
        #expect(peak > 0.11 && peak < 0.14, "peak \(peak)")
        #expect(click.samples[2000 * 2] == click.samples[2000 * 2 + 1])
        let chime = try #require(loaded.sounds["chime"])
        #expect(abs(chime.frameCount - 24_000) <= 2048)
        #expect(loaded.sounds["again"] == click)
        #expect(loaded.soundProblems.isEmpty)
    }

    @Test func badSoundsAreRefusedOneLineEach() throws {
        let w = VideoSnapshotTests.Workshop()
        let d = w.directory
        try FileIO.replace(d + "/notes.wav", with: "not a sound\n")
        try FileIO.replace(d + "/notes.ogg", with: "not a sound either\n")
        try w.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=64x48", "-frames:v", "1", d + "/photo.png"])
        try w.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=500:duration=11", "-c:a", "libopus", d + "/song.opus"])
        try w.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=500:duration=9", d + "/long1.wav"])
        let path = d + "/board.json"
        try FileIO.replace(path, with: """
            {"size":[100,100],"gadgets":[],"sounds":{"a":"missing.wav","b":"notes.wav","c":"photo.png","d":"song.opus",
             "e":"long1.wav","f":"long1.wav","g":"long1.wav","h":"notes.ogg"}}
            """)
        guard case .failure(let problems) = BoardLoader.load(path: path) else { Issue.record("a board with bad sounds passed"); return }
        let lines = problems.problems.map(\.description)
        #expect(lines.count == 5, "\(lines)")
        #expect(lines[0] == "\(path): sounds.a: file not found: missing.wav")
        #expect(lines[1] == "\(path): sounds.b: notes.wav: not an audio file (FFmpeg: Invalid data found when processing input)")
        #expect(lines[2] == "\(path): sounds.c: photo.png: not an audio file (no audio stream in a png_pipe file)")
        #expect(lines[3].hasPrefix("\(path): sounds.d: song.opus: longer than a sound may be (11"), "\(lines[3])")
        #expect(lines[4] == "\(path): sounds.h: notes.ogg: not an audio file (FFmpeg: End of file)")
        #expect(lines.allSatisfy { !$0.contains("\n") && !$0.contains("avformat") })
    }

    @Test func theBoardsBudgetIsEnforced() throws {
        let w = VideoSnapshotTests.Workshop()
        let d = w.directory
        // Each 9 s file is 3.3 MiB of 48 kHz stereo float: the fifth distinct one passes 16 MiB.
        for i in 0..<5 { try w.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=\(300 + i * 100):duration=9", d + "/s\(i).wav"]) }
        let path = d + "/board.json"
        try FileIO.replace(path, with: #"{"size":[100,100],"gadgets":[],"sounds":{"s0":"s0.wav","s1":"s1.wav","s0b":"s0.wav","s2":"s2.wav","s3":"s3.wav","s4":"s4.wav"}}"#)
        guard case .failure(let problems) = BoardLoader.load(path: path) else { Issue.record("a board over its sound budget passed"); return }
        #expect(problems.problems.map(\.description) == [
            "\(path): sounds.s4: s4.wav: over the board's sound budget (16.5 MiB of PCM with the sounds before it; at most 16 MiB, about 43 s at 48000 Hz stereo)",
        ])
        // The kiosk's load keeps the board and leaves that one name silent.
        let kiosk = try BoardLoader.loadForKiosk(path: path).get()
        #expect(kiosk.sounds.keys.sorted() == ["s0", "s0b", "s1", "s2", "s3"])
        #expect(kiosk.soundProblems.count == 1)
    }

    @Test func aRawPCMFileIsNotAudio() throws {
        // Sanity for the refusal's words: raw PCM has no header FFmpeg can probe.
        let w = VideoSnapshotTests.Workshop()
        try FileIO.replace(w.directory + "/x.wav", with: [UInt8](repeating: 0, count: 16))
        #expect(throws: SoundFileError.self) { try SoundFileDecoder.decode(path: w.directory + "/x.wav", maximumFrames: 480_000) }
    }
}
