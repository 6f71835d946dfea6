import GadgetDisplay

/// `gadgetboard devices`: what a person checks first on a new panel: the DRM cards with their
/// connectors, modes and CRTCs; the console's mode; the input devices with axes and properties.
public enum DeviceReport {
    /// The whole report as lines (no trailing newline on each).
    public static func lines(dri: String = "/dev/dri", input: String = "/dev/input") -> [String] {
        var out = DRMCardLister.lines(directory: dri)
        out.append("")
        out.append("Console: " + (ConsoleMode.currentMode().map { "foreground VT (/dev/tty0) in \($0) mode" } ?? "no VT (/dev/tty0 cannot be opened)"))
        out.append("")
        out += InputDeviceLister.lines(directory: input)
        return out
    }
}
