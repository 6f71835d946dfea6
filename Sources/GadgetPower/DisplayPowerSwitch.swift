/// One way to switch a display off and on: the backlight, a TV over HDMI-CEC, (in GadgetApp) the
/// KMS connector's DPMS. A schedule uses every one the kiosk has, as Anthias does (CEC plus a
/// local blank): a panel that keeps its backlight under DPMS still goes dark, and a TV that
/// ignores DPMS is put in standby.
public protocol DisplayPowerSwitch: AnyObject {
    /// For the log: `backlight rpi_backlight`, `cec /dev/cec0`.
    var name: String { get }
    /// Switches off (`false`) or on. May block for a CEC transmit (about 100 ms per message):
    /// call it off the render loop. Thread: one caller at a time.
    func setPowered(_ on: Bool) throws(DisplayPowerError)
}
