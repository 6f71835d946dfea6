import GadgetCore
import GadgetSystem
import Testing
@testable import GadgetApp

/// `run --video-flip-log`: each picture is written with the flip of the frame that showed it, in
/// the order frames reach the screen (the VM's lip-sync figure pairs these with the sound card).
@Suite(.serialized) struct VideoFlipLogTests {
    @Test func eachFramesPicturesTakeThatFramesFlip() {
        let log = VideoFlipLog(path: "/dev/null")
        log.framePresented([.init(gadget: "v", loop: 0, clipTime: 0)])
        log.framePresented([])  // a frame with no new picture still takes its flip
        log.framePresented([.init(gadget: "v", loop: 0, clipTime: 40_000), .init(gadget: "w", loop: 1, clipTime: 0)])
        log.flipped(at: 1_000)
        log.flipped(at: 17_667)
        log.flipped(at: 34_333)
        log.flipped(at: 51_000)  // a flip with no frame waiting (the exit's) writes nothing
        #expect(log.lines == ["flip_us\tgadget\tloop\tclip_us", "1000\tv\t0\t0", "34333\tv\t0\t40000", "34333\tw\t1\t0"])
    }

    @Test func pastItsLimitPicturesAreCountedNotKept() {
        let log = VideoFlipLog(path: "/dev/null", limit: 2)
        for i in 0..<5 { log.framePresented([.init(gadget: "v", loop: 0, clipTime: Microseconds(i))]); log.flipped(at: Microseconds(i)) }
        #expect(log.lines.count == 3)
        #expect(log.dropped == 3)
    }

    /// Through the binary, headless: a 25 fps clip on the 60 Hz cadence (16 667 µs slots). Every
    /// picture is logged once, in clip order, at a flip on the cadence's grid. (How far after its
    /// clip time each picture's flip comes depends on this machine's speed: a late frame shows
    /// its picture a slot later. That is the VM figure's to measure, not this test's.)
    @Test func theKioskLogsTheFlipOfEveryPicture() throws {
        let w = VideoSnapshotTests.Workshop()
        try w.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x48:r=25:d=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", w.directory + "/clip.mp4"])
        try FileIO.replace(w.directory + "/board.json", with: #"{"size":[320,240],"gadgets":[{"id":"v","center":[160,120],"size":[320,240],"video":{"src":"clip.mp4"}}]}"#)
        let exe = try #require(SoundtrackRunTests.executable())
        let flips = w.directory + "/flips.tsv"
        let r = try ChildProcess.run([exe, "run", w.directory + "/board.json", "--display", "headless", "--frames", "90",
                                      "--audio", "none", "--video-flip-log", flips])
        #expect(r.succeeded)
        let rows = String(decoding: try FileIO.read(flips), as: UTF8.self).split(separator: "\n").dropFirst()
            .map { $0.split(separator: "\t").map(String.init) }
        let pictures = rows.filter { $0[1] == "v" && $0[2] == "0" }.map { (flip: Int64($0[0])!, clip: Int64($0[3])!) }
        try #require(pictures.count >= 20)
        #expect(pictures.map(\.clip) == pictures.map(\.clip).sorted())
        #expect(Set(pictures.map(\.clip)).count == pictures.count)
        #expect(pictures.allSatisfy { $0.clip % 40_000 == 0 })
        let slot: Int64 = 16_667
        #expect(pictures.allSatisfy { ($0.flip - pictures[0].flip) % slot == 0 })
        #expect(zip(pictures, pictures.dropFirst()).allSatisfy { $0.flip < $1.flip })
    }
}
