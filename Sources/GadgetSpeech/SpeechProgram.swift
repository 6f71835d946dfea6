import GadgetSystem

/// Where the speech program (`gadgetboard-speech`, the one program linking libespeak-ng) is:
/// beside the running kiosk (a build folder, /usr/bin), else where the Debian package puts it.
public enum SpeechProgram {
    public static let name = "gadgetboard-speech"
    public static let installed = ["/usr/bin/gadgetboard-speech", "/usr/libexec/gadgetboard/gadgetboard-speech"]

    /// Every place looked in, in order.
    public static var candidates: [String] {
        var paths: [String] = []
        if let exe = ProcessIdentity.executablePath, let slash = exe.lastIndex(of: "/") {
            paths.append(String(exe[..<slash]) + "/" + name)
        }
        return paths + installed.filter { !paths.contains($0) }
    }

    /// The first candidate that exists, or nil.
    public static func find() -> String? { candidates.first(where: FileIO.exists) }
}
