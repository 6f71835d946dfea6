import ArgumentParser
import GadgetApp
import GadgetCore

/// The display, rotation and input options `run` and `calibrate` share (one definition, so the
/// two commands cannot drift apart). Every value is checked by its type while parsing.
struct DisplayArguments: ParsableArguments {
    @Option(help: "auto (KMS if a usable card exists, else a window if a desktop session is present, else headless), kms, headless or window (run only: a resizable desktop preview: mouse = one finger, Ctrl+drag = pinch/rotate, Shift+drag = two-finger pan, Esc closes; calibrate refuses it, as a window has no touch panel to fit).")
    var display: RunOptions.DisplayChoice = .auto

    @Option(help: "DRM card to use (default: probe /dev/dri/card* for one with a connected connector).")
    var card: String?

    @Option(help: "Connector by name, e.g. HDMI-A-1, DSI-1.")
    var connector: String?

    @Option(help: "Display mode WxH or WxH@Hz (default: the connector's preferred mode).")
    var mode: DisplayModeArgument?

    @Flag(help: "Use legacy modesetting (drmModeSetCrtc/PageFlip) even when atomic is available.")
    var legacy = false

    @Option(help: "Display and touch rotation in degrees (default: the board's).")
    var rotation: DisplayRotation?

    @Option(name: .customLong("input"), help: "Input device (repeatable; default: discover touchscreens and mice).")
    var inputs: [String] = []

    @Flag(help: "Grab input devices exclusively (EVIOCGRAB).")
    var grab = false

    @Option(help: "Headless framebuffer size WxH (default: the panel's: the board's size, turned by a 90/270 rotation).", transform: PixelSize.argument)
    var size: PixelSize?

    @Option(name: .customLong("window-size"), help: "--display window: the window's size WxH in pixels (default: the panel's: the board's size, turned by a 90/270 rotation).", transform: PixelSize.argument)
    var windowSize: PixelSize?

    /// Sets the display, rotation and input fields of `o`; leaves the board's rotation and size
    /// in force where no option was given.
    func apply(to o: inout RunOptions) {
        o.display = display
        o.card = card
        o.connector = connector
        o.mode = mode?.text
        o.forceLegacyModeset = legacy
        if let rotation { o.rotation = rotation }
        o.inputPaths = inputs
        o.grabInput = grab
        if let size { o.headlessSize = size }
        if let windowSize { o.windowSize = windowSize }
    }
}
