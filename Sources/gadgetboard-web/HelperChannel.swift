import CWPE
import GadgetCore
import GadgetSystem
import Logging

/// The helper's end of the kiosk's socket (fd 3): requests are read on the GLib main loop (a
/// GSource on the fd, so WebKit's callbacks and ours never race) and decoded with the shared
/// codec; reports are sent whole, a frame's slot fd attached.
/// Thread: the GLib main loop's (the process's main thread) only.
final class HelperChannel {
    let socket: SeqpacketSocket
    private let log: Logger
    private var source: UInt32 = 0
    /// Called with each request, in order.
    var onRequest: (WebHelperRequest) -> Void = { _ in }
    /// Called once when the kiosk's end is gone (end of file, or a send to it failed).
    var onClosed: () -> Void = {}
    private var closed = false

    init(socket: SeqpacketSocket, log: Logger) {
        self.socket = socket
        self.log = log
    }

    /// Starts watching the fd on the default main context.
    func start() {
        let conditions = GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue)
        source = g_unix_fd_add(socket.file.raw, conditions, { _, _, data in
            let channel = Unmanaged<HelperChannel>.fromOpaque(data!).takeUnretainedValue()
            return channel.readOne() ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Reads one message (the source is level-triggered: the loop calls again while more wait).
    /// Returns false to remove the source (the kiosk is gone).
    private func readOne() -> Bool {
        let message: SeqpacketSocket.Message?
        do { message = try socket.receive(capacity: WebHelperCodec.maximumMessageBytes) } catch {
            log.error("reading the kiosk's socket failed: \(error)")
            source = 0  // returning false removes it
            close()
            return false
        }
        guard let message else {
            source = 0
            close()
            return false
        }
        if message.truncated {
            log.warning("a request over \(WebHelperCodec.maximumMessageBytes) bytes was cut and is ignored")
            return true
        }
        do {
            onRequest(try WebHelperCodec.decodeRequest(message.bytes))
        } catch {
            // Unknown types are a newer kiosk's and are ignored by the protocol; anything else is
            // the kiosk's bug, said once per message.
            if !error.isUnknownType { log.warning("ignored a request: \(error)") }
        }
        return true
    }

    /// Sends one report; a failure means the kiosk is gone.
    func send(_ report: WebHelperReport, descriptors: [Int32] = []) {
        guard !closed else { return }
        do { try socket.send(WebHelperCodec.encode(report), descriptors: descriptors) } catch {
            log.error("sending \(report.typeName) to the kiosk failed: \(error)")
            close()
        }
    }

    private func close() {
        guard !closed else { return }
        closed = true
        if source != 0 { g_source_remove(source); source = 0 }
        onClosed()
    }
}
