import GadgetDisplay

/// What the kiosk needs for display hotplug: the kernel's uevents, and how to open the display
/// again exactly as at start-up (same card and connector options, the mode picked afresh).
public struct DisplayHotplug {
    public let monitor: DisplayChangeSource
    public let reopen: () throws -> DisplayBackend

    public init(monitor: DisplayChangeSource, reopen: @escaping () throws -> DisplayBackend) {
        self.monitor = monitor
        self.reopen = reopen
    }
}
