import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetDisplay
import GadgetSystem

/// A video's description said when it starts playing in speech mode (issue 39 §7, EN 5.1.3.7):
/// once when it starts, not again when it loops; nothing out of speech mode. No audio engine:
/// what is said is judged by the speech owner's record (as ExploreByTouchKioskTests).
@Suite(.serialized) struct VideoDescriptionKioskTests {
    static let board = ##"{"size":[320,240],"background":"#203040","gadgets":["## +
        ##"{"id":"v","center":[80,120],"size":[160,240],"video":"clip.mp4","label":"Lobby film","description":"A guide waves."}]}"##

    func kiosk(_ w: VideoSnapshotTests.Workshop, speech: SpeechChoice) throws -> KioskLoop {
        var o = RunOptions()
        o.handleSignals = false
        o.display = .headless
        o.watchBoard = false
        o.speech = speech
        o.boardPath = w.directory + "/board.json"
        let loaded = try w.board(Self.board)
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        return try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: try HeadlessDisplay(size: PixelSize(320, 240)))
    }

    @Test func theDescriptionIsSaidOnceWhenTheVideoStarts() throws {
        let w = try VideoKioskTests.workshop()
        let loop = try kiosk(w, speech: .on)
        defer { loop.destroy() }
        var now = loop.startTime
        #expect(VideoKioskTests.tick(loop, now: now, due: true))
        try loop.drawFrame(now: now)
        let said = try #require(loop.speech.lastUtterance)
        #expect(said.gadget == "v" && said.text == "Lobby film. A guide waves." && said.publicText == said.text)
        // The clip is six pictures and loops: once more than eight were shown it has looped,
        // and nothing more was said.
        let player = try #require(loop.features.videos?.players.first)
        for _ in 0..<400 where player.statistics.framesPresented <= 8 {
            now += VideoKioskTests.refresh
            var wait = PollSet()
            for d in loop.live.wakeDescriptors { wait.add(d) }
            _ = try? wait.wait(timeoutMilliseconds: 50)  // a bound: the decoder's next picture
            _ = VideoKioskTests.tick(loop, now: now, due: false)
            try loop.drawFrame(now: now)
        }
        #expect(player.statistics.framesPresented > 8, "the clip looped")
        #expect(loop.speech.lastUtterance?.id == said.id, "once per start, not per loop")
    }

    @Test func outOfSpeechModeNothingIsSaid() throws {
        let w = try VideoKioskTests.workshop()
        let loop = try kiosk(w, speech: .off)
        defer { loop.destroy() }
        #expect(VideoKioskTests.tick(loop, now: loop.startTime, due: true))
        try loop.drawFrame(now: loop.startTime)
        #expect(loop.speech.lastUtterance == nil)
    }
}
