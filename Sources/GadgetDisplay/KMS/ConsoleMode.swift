import CDRM
import Glibc

/// The virtual terminal in graphics mode while the kiosk runs, so the text console and its
/// blinking cursor never draw over the board (KDSETMODE KD_GRAPHICS), and back to what it was
/// on exit. The VT is the controlling terminal when it is one (a getty-less kiosk unit with
/// TTYPath=), else /dev/tty0, the foreground VT (deploy/gadgetboard.service: the tty group, which
/// may only open it write-only, and CAP_SYS_TTY_CONFIG, which KDSETMODE needs without owning it).
///
/// Thread: render thread. `restore()` is idempotent; deinit calls it.
public final class ConsoleMode {
    public let path: String
    private let fd: Int32
    private let savedMode: Int32
    private var restored = false

    private init(path: String, fd: Int32, savedMode: Int32) {
        self.path = path; self.fd = fd; self.savedMode = savedMode
    }

    /// Switches the VT to graphics mode. Returns nil and says why through `log` when there is no
    /// VT to switch (no permission, no VT support, a serial-only system): the board still shows,
    /// the console may draw over it.
    public static func enterGraphics(log: (String) -> Void) -> ConsoleMode? {
        var reasons: [String] = []
        for path in ["/dev/tty", "/dev/tty0"] {
            var fd = SystemCall.retrying { open(path, O_RDWR | O_CLOEXEC | O_NOCTTY) }
            // The tty group may only write to VTs (crw--w----); ioctls need no read access.
            if fd < 0 && errno == EACCES { fd = SystemCall.retrying { open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY) } }
            if fd < 0 { reasons.append("\(path): \(SystemCall.errnoName(errno))"); continue }
            var mode: Int32 = 0
            if SystemCall.retrying({ gadget_vt_get_mode(fd, &mode) }) != 0 {
                reasons.append("\(path) is not a VT"); close(fd); continue
            }
            if SystemCall.retrying({ gadget_vt_set_mode(fd, gadget_kd_graphics()) }) != 0 {
                reasons.append("KDSETMODE on \(path): \(SystemCall.errnoName(errno))"); close(fd); continue
            }
            // Found in graphics mode: left so by a killed predecessor (watchdog SIGABRT/SIGKILL),
            // not by someone who wants it back; text is what the console must return to.
            return ConsoleMode(path: path, fd: fd, savedMode: mode == gadget_kd_graphics() ? gadget_kd_text() : mode)
        }
        log("kms: console left in text mode (\(reasons.joined(separator: "; "))): its cursor may show over the board")
        return nil
    }

    /// Puts the VT back in the mode it had (text, normally).
    public func restore() {
        if restored { return }
        restored = true
        _ = SystemCall.retrying { gadget_vt_set_mode(fd, savedMode) }
    }

    deinit {
        restore()
        close(fd)
    }

    /// The current mode of the foreground VT ("text", "graphics"), for `devices`; nil without one.
    public static func currentMode() -> String? {
        let fd = SystemCall.retrying { open("/dev/tty0", O_RDONLY | O_CLOEXEC | O_NOCTTY) }
        if fd < 0 { return nil }
        defer { close(fd) }
        var mode: Int32 = 0
        guard gadget_vt_get_mode(fd, &mode) == 0 else { return nil }
        return mode == gadget_kd_graphics() ? "graphics" : mode == gadget_kd_text() ? "text" : "mode \(mode)"
    }
}
