import CDRM
import GadgetSystem
import Logging
import SystemPackage

/// The virtual terminal in graphics mode while the kiosk runs, so the text console and its
/// blinking cursor never draw over the board (KDSETMODE KD_GRAPHICS), and back to what it was
/// on exit. The VT is the controlling terminal when it is one (a getty-less kiosk unit with
/// TTYPath=), else /dev/tty0, the foreground VT (deploy/gadgetboard.service: the tty group, which
/// may only open it write-only, and CAP_SYS_TTY_CONFIG, which KDSETMODE needs without owning it).
///
/// Thread: render thread. `restore()` is idempotent; deinit calls it.
public final class ConsoleMode {
    public let path: String
    private let terminal: OwnedFileDescriptor
    private let savedMode: Int32
    private var restored = false

    private init(path: String, terminal: OwnedFileDescriptor, savedMode: Int32) {
        self.path = path; self.terminal = terminal; self.savedMode = savedMode
    }

    /// Switches the VT to graphics mode. Returns nil and says why through `logger` (label `kms`)
    /// when there is no VT to switch (no permission, no VT support, a serial-only system): the
    /// board still shows, the console may draw over it.
    public static func enterGraphics(logger: Logger) -> ConsoleMode? {
        var reasons: [String] = []
        for path in ["/dev/tty", "/dev/tty0"] {
            let terminal: OwnedFileDescriptor
            do { terminal = try open(path) } catch { reasons.append(error.description); continue }
            var mode: Int32 = 0
            guard (try? SystemCall.run("KDGETMODE", path, { gadget_vt_get_mode(terminal.raw, &mode) })) != nil else {
                reasons.append("\(path) is not a VT"); continue
            }
            do { try SystemCall.run("KDSETMODE", path) { gadget_vt_set_mode(terminal.raw, gadget_kd_graphics()) } } catch {
                reasons.append(error.description); continue
            }
            // Found in graphics mode: left so by a killed predecessor (watchdog SIGABRT/SIGKILL),
            // not by someone who wants it back; text is what the console must return to.
            return ConsoleMode(path: path, terminal: terminal, savedMode: mode == gadget_kd_graphics() ? gadget_kd_text() : mode)
        }
        logger.notice("console left in text mode (\(reasons.joined(separator: "; "))): its cursor may show over the board")
        return nil
    }

    /// Opens a VT for its ioctls, which need no read access: the tty group may only write to
    /// VTs (crw--w----), so a refused read-write open is retried write-only.
    private static func open(_ path: String) throws(SystemError) -> OwnedFileDescriptor {
        do throws(SystemError) {
            return try OwnedFileDescriptor.open(path, .readWrite, options: [.noControllingTerminal])
        } catch {
            guard error.errno == .permissionDenied else { throw error }
            return try OwnedFileDescriptor.open(path, .writeOnly, options: [.noControllingTerminal])
        }
    }

    /// Puts the VT back in the mode it had (text, normally).
    public func restore() {
        if restored { return }
        restored = true
        _ = try? SystemCall.run("KDSETMODE", path) { gadget_vt_set_mode(terminal.raw, savedMode) }
    }

    deinit { restore() }

    /// The current mode of the foreground VT ("text", "graphics"), for `devices`; nil without one.
    public static func currentMode() -> String? {
        guard let terminal = try? OwnedFileDescriptor.open("/dev/tty0", .readOnly, options: [.noControllingTerminal]) else { return nil }
        var mode: Int32 = 0
        guard (try? SystemCall.run("KDGETMODE", "/dev/tty0", { gadget_vt_get_mode(terminal.raw, &mode) })) != nil else { return nil }
        return mode == gadget_kd_graphics() ? "graphics" : mode == gadget_kd_text() ? "text" : "mode \(mode)"
    }
}
