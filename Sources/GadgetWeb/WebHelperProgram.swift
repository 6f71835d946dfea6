import GadgetCore
import GadgetSystem

/// Where the web helper (`gadgetboard-web`, the one program linking WPE WebKit) is:
/// `GADGETBOARD_WEB_HELPER` when set (tests point it at the headless double), else beside the
/// running kiosk (a build folder, /usr/bin), else where the Debian package puts it.
public enum WebHelperProgram {
    public static let name = "gadgetboard-web"
    public static let environmentOverride = "GADGETBOARD_WEB_HELPER"
    public static let installed = ["/usr/libexec/gadgetboard/gadgetboard-web", "/usr/bin/gadgetboard-web"]

    /// Every place looked in, in order.
    public static var candidates: [String] {
        if let forced = ProcessEnvironment.current()[environmentOverride], !forced.isEmpty { return [forced] }
        var paths: [String] = []
        if let exe = ProcessIdentity.executablePath, let slash = exe.lastIndex(of: "/") {
            paths.append(String(exe[..<slash]) + "/" + name)
        }
        return paths + installed.filter { !paths.contains($0) }
    }

    /// Tests only: `GADGETBOARD_WEB_RESTART_MAX_MS` caps the restart back-off, so a stage can
    /// kill a helper ten times in a row without waiting two minutes for 0.25 s doubling to 30 s
    /// (Tests/web/kiosk_checks.py). Unset or unparsable: nil, the real back-off.
    public static var restartMaximumOverride: Microseconds? {
        guard let text = ProcessEnvironment.current()["GADGETBOARD_WEB_RESTART_MAX_MS"], let ms = Int64(text), ms > 0 else { return nil }
        return ms * 1000
    }

    /// The first candidate that exists, or nil.
    public static func find() -> String? { candidates.first(where: FileIO.exists) }
}
