import GadgetApp
import GadgetCore
import GadgetInput
import GadgetSystem

/// A touch screen made of a FIFO, for measuring a live kiosk through the real input path: the
/// kiosk's input thread opens the FIFO as a device (`RawEventSource`, raw `struct input_event`s,
/// type-B multitouch) and a `TouchWriter` plays a script into it. The FIFO lives in a fresh
/// directory under /tmp, removed again when this goes away.
///
/// Thread: the caller's (`attach`, `start`, `stop`).
final class SyntheticTouchScreen<Script: TouchScript> {
    let path: String
    /// The FIFO's fresh directory (removed with it); a bench may keep a file of its own there.
    let directory: String
    let device: InputDeviceDescription
    let writer: TouchWriter<Script>

    /// - tag: names the directory (`/tmp/gadgetboard-TAG-XXXXXX`).
    init(tag: String, device: InputDeviceDescription, script: Script,
         marked: (@Sendable (Int, Microseconds) -> Void)? = nil, gate: KioskIdleGate? = nil) throws(SystemError) {
        // The kiosk closing the FIFO's reading end must end the writer with EPIPE, not kill us.
        ChildProcess.ignoreBrokenPipes()
        directory = try FileIO.makeTemporaryDirectory(prefix: "/tmp/gadgetboard-\(tag)")
        path = directory + "/event0"
        do { try FileIO.makeFIFO(path) } catch {
            FileIO.removeDirectory(directory)
            throw error
        }
        self.device = device
        writer = TouchWriter(path: path, script: script, marked: marked, gate: gate)
    }

    deinit {
        writer.stop()
        FileIO.remove(path)
        FileIO.removeDirectory(directory)
    }

    /// Makes `run` read this touch screen, and only it.
    func attach(to run: inout RunOptions) {
        let device = device
        run.inputPaths = [path]
        run.inputOpener = { (path, _) throws(InputError) in try RawEventSource.open(path, device: device) }
    }

    /// Starts the finger: it waits for the kiosk to open the FIFO, then plays the script.
    func start() throws(SystemError) { try writer.start() }

    /// Lifts what is down, closes the FIFO and waits for the writer. Idempotent.
    func stop() { writer.stop() }
}
