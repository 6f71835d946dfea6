import SystemPackage

/// Where the kiosk learns that displays may have changed: the kernel's uevents in the field
/// (`DisplayHotplugMonitor`), a pipe in tests. Poll `descriptor` for POLLIN; `take()` drains what
/// came and names the cards that changed.
public protocol DisplayChangeSource: AnyObject {
    var descriptor: FileDescriptor { get }
    func take() -> [String]
}
