import CUdev
import GadgetSystem
import Logging
import SystemPackage

/// Tells the kiosk when a display may have come or gone, from the kernel's uevents: a DRM card
/// sends `ACTION=change` (with `HOTPLUG=1`) when its driver sees a connector change (a cable, a
/// panel or TV switched off or on). Any change uevent of a card counts — it only makes the kiosk
/// ask the kernel for its connector's state once — so one sent by hand also works
/// (`udevadm trigger --action=change /dev/dri/card0`, or writing `change` to the card's `uevent`
/// file: the VM test does, because forcing a connector through sysfs on virtio-gpu sends none).
/// Poll `descriptor`; `take()` says which cards changed. Nothing is polled per frame.
///
/// libudev's monitor reads the "kernel" source, not udevd's: the change needs no udev rule to
/// have run (the card's node exists already), it works where no udevd runs (an initramfs, the
/// VM test), and inside the unit's `PrivateNetwork=yes`, which hides udevd's own netlink
/// messages but not the kernel's. The unit must allow `AF_NETLINK`.
///
/// Thread: any one thread (the kiosk loop's).
public final class DisplayHotplugMonitor: DisplayChangeSource {
    private let udev: OpaquePointer
    private let monitor: OpaquePointer
    private let logger: Logger

    /// - Parameter logger: the `kms` subsystem's logger; each card uevent is a debug line
    ///   (`GADGETBOARD_LOG=debug`), to tell "the driver sent nothing" from "the kiosk ignored it".
    public init(logger: Logger) throws(DisplayError) {
        guard let udev = udev_new() else { throw .lastCall("udev_new") }
        guard let monitor = udev_monitor_new_from_netlink(udev, "kernel") else {
            let failure = DisplayError.lastCall("udev_monitor_new_from_netlink", "kernel")
            udev_unref(udev)
            throw failure
        }
        self.udev = udev
        self.monitor = monitor
        self.logger = logger
        do throws(SystemError) {
            try SystemCall.negativeErrno("udev_monitor_filter_add_match_subsystem_devtype", "drm",
                                         udev_monitor_filter_add_match_subsystem_devtype(monitor, "drm", nil))
            try SystemCall.negativeErrno("udev_monitor_enable_receiving", nil, udev_monitor_enable_receiving(monitor))
        } catch {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            // A unit without AF_NETLINK in RestrictAddressFamilies= gets EAFNOSUPPORT (or EPERM).
            if error.call == "udev_monitor_enable_receiving", error.errno == .notPermitted || error.errno == .addressFamilyNotSupported {
                throw .system(SystemError("udev_monitor_enable_receiving (is AF_NETLINK allowed?)", errno: error.errno))
            }
            throw .system(error)
        }
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// Readable when uevents wait (the monitor's socket is non-blocking; libudev owns it).
    public var descriptor: FileDescriptor { FileDescriptor(rawValue: udev_monitor_get_fd(monitor)) }

    /// Reads every waiting uevent; returns the device nodes (`/dev/dri/card0`) of the cards that
    /// changed, each once, in the order seen (render nodes and connector add/remove of other
    /// kinds are not display changes).
    public func take() -> [String] {
        var cards: [String] = []
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            let action = udev_device_get_action(device).map { String(cString: $0) } ?? "?"
            let node = udev_device_get_devnode(device).map { String(cString: $0) }
            logger.debug("uevent \(action) \(node ?? "(no device node)")")
            guard action == "change", let path = node else { continue }
            if path.hasPrefix("/dev/dri/card") && !cards.contains(path) { cards.append(path) }
        }
        return cards
    }
}
