import Glibc
import Logging
import Testing
@testable import GadgetPower

/// The power worker with the recording double: the loop's request is applied off its thread,
/// only the latest state matters, and a failing switch does not stop the others.
@Suite struct DisplayPowerOutputsTests {
    /// Waits until the worker has applied every request; the bound only stops a hang.
    static func settle(_ o: DisplayPowerOutputs) {
        for _ in 0..<20_000 where !o.isIdle { usleep(500) }
    }

    @Test func appliesTheRequestToEverySwitchOnItsThread() throws {
        let a = RecordingPowerSwitch(name: "a"), b = RecordingPowerSwitch(name: "b")
        let outputs = try DisplayPowerOutputs(switches: [a, b], log: Logger(label: "test"))
        outputs.request(false)
        Self.settle(outputs)
        #expect(a.switches == [false] && b.switches == [false])
        outputs.request(false)          // unchanged: nothing sent again
        outputs.request(true)
        Self.settle(outputs)
        // The repeated `false` is not sent again, whether the worker saw it or only the `true`.
        #expect(a.switches == [false, true] && b.switches == [false, true])
        outputs.stop()
    }

    @Test func aFailingSwitchDoesNotStopTheOthers() throws {
        let broken = RecordingPowerSwitch(name: "cec"), backlight = RecordingPowerSwitch(name: "backlight")
        broken.fail(with: .noBacklight("/x"))
        let outputs = try DisplayPowerOutputs(switches: [broken, backlight], log: Logger(label: "test"))
        outputs.request(false)
        Self.settle(outputs)
        #expect(broken.switches == [false] && backlight.switches == [false])
        outputs.stop()
    }
}
