import CCEC
import GadgetSystem

/// One kernel CEC adapter (`/dev/cecN`, the kernel CEC API): its capabilities, its logical and
/// physical addresses, and blocking transmits. The one owner of the descriptor; every ioctl goes
/// through `SystemCall` (EINTR repeated) and fails as a typed `DisplayPowerError`.
/// Thread: one caller at a time; calls block for a transmit (tens to hundreds of ms on a real bus).
public final class CECAdapter {
    public let path: String
    /// The driver and adapter names (`vivid`, `vc4`), for the log.
    public let driver: String
    public let capabilities: UInt32
    private let file: OwnedFileDescriptor

    public init(path: String) throws(DisplayPowerError) {
        self.path = path
        let opened: OwnedFileDescriptor
        do { opened = try OwnedFileDescriptor.open(path, .readWrite) } catch { throw .system(error) }
        file = opened
        var caps = cec_caps()
        do { try SystemCall.run("CEC_ADAP_G_CAPS", path) { gb_cec_get_caps(opened.raw, &caps) } } catch { throw .system(error) }
        driver = withUnsafeBytes(of: caps.driver) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        capabilities = caps.capabilities
        guard capabilities & GB_CEC_CAP_TRANSMIT != 0 else { throw .cecUnsupported(path, why: "the adapter cannot transmit (no CEC_CAP_TRANSMIT)") }
    }

    /// The physical address from the sink's EDID (`0x1000` is 1.0.0.0); 0xFFFF when nothing is
    /// connected.
    public func physicalAddress() throws(DisplayPowerError) -> UInt16 {
        var addr: UInt16 = 0xFFFF
        do { try SystemCall.run("CEC_ADAP_G_PHYS_ADDR", path) { gb_cec_get_phys_addr(file.raw, &addr) } } catch { throw .system(error) }
        return addr
    }

    /// The first logical address the adapter has claimed, or nil when it has none.
    public func logicalAddress() throws(DisplayPowerError) -> UInt8? {
        var addrs = cec_log_addrs()
        do { try SystemCall.run("CEC_ADAP_G_LOG_ADDRS", path) { gb_cec_get_log_addrs(file.raw, &addrs) } } catch { throw .system(error) }
        guard addrs.num_log_addrs > 0, addrs.log_addr.0 != 0xFF else { return nil }
        return addrs.log_addr.0
    }

    /// Claims a playback-device logical address (4, 8, 11 or, failing those, unregistered 15)
    /// as cec-ctl's `--playback` does; blocks until the claim ends. Needs CEC_CAP_LOG_ADDRS (an
    /// adapter configured by userspace: vc4, vivid, most USB ones).
    public func claimPlayback(osdName: String) throws(DisplayPowerError) -> UInt8 {
        guard capabilities & GB_CEC_CAP_LOG_ADDRS != 0 else {
            throw .cecUnsupported(path, why: "no logical address and the adapter does not let userspace claim one (no CEC_CAP_LOG_ADDRS)")
        }
        var addrs = cec_log_addrs()
        addrs.cec_version = UInt8(CEC_OP_CEC_VERSION_2_0)
        addrs.num_log_addrs = 1
        addrs.vendor_id = GB_CEC_VENDOR_ID_NONE
        addrs.flags = UInt32(CEC_LOG_ADDRS_FL_ALLOW_UNREG_FALLBACK)
        withUnsafeMutableBytes(of: &addrs.osd_name) { raw in
            for (i, c) in osdName.utf8.prefix(14).enumerated() { raw[i] = c }
        }
        addrs.primary_device_type.0 = UInt8(CEC_OP_PRIM_DEVTYPE_PLAYBACK)
        addrs.log_addr_type.0 = UInt8(CEC_LOG_ADDR_TYPE_PLAYBACK)
        addrs.all_device_types.0 = UInt8(CEC_OP_ALL_DEVTYPE_PLAYBACK)
        do { try SystemCall.run("CEC_ADAP_S_LOG_ADDRS", path) { gb_cec_set_log_addrs(file.raw, &addrs) } } catch { throw .system(error) }
        return addrs.num_log_addrs > 0 && addrs.log_addr.0 != 0xFF ? addrs.log_addr.0 : CECFrame.broadcast
    }

    /// Sends `frame` and waits for the bus's verdict; an unacknowledged directed message is
    /// `.cecNotAcknowledged` (a broadcast is never acknowledged, only sent).
    public func transmit(_ frame: CECFrame) throws(DisplayPowerError) {
        var msg = cec_msg()
        let bytes = frame.bytes
        msg.len = UInt32(bytes.count)
        withUnsafeMutableBytes(of: &msg.msg) { raw in for (i, b) in bytes.prefix(raw.count).enumerated() { raw[i] = b } }
        do { try SystemCall.run("CEC_TRANSMIT", path) { gb_cec_transmit(file.raw, &msg) } } catch { throw .system(error) }
        guard UInt32(msg.tx_status) & GB_CEC_TX_STATUS_OK != 0 else {
            throw .cecNotAcknowledged(path, opcode: frame.opcode.rawValue, status: msg.tx_status)
        }
    }
}
