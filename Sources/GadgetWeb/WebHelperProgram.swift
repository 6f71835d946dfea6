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

    /// The first candidate that exists, or nil.
    public static func find() -> String? { candidates.first(where: FileIO.exists) }
}
