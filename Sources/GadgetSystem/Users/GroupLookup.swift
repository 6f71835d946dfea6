#if canImport(Glibc)
import Glibc
#endif

/// Group names to ids and back through NSS (/etc/group, or whatever nsswitch.conf names): the
/// control socket's group (`gadgetboard`, so that members may use `ctl`), and a device node's
/// group named in a permission error. Thread: any (the `_r` calls, not getgrnam's and getgrgid's
/// shared buffer).
public enum GroupLookup {
    /// The id of group `name` (e.g. `gadgetboard`); nil when there is no such group.
    /// - Throws: a lookup that failed (not "no such group"): `getgrnam_r(NAME)` with its errno.
    public static func id(named name: String) throws(SystemError) -> UInt32? {
        var group = group()
        var result: UnsafeMutablePointer<group>?
        // sysconf's suggestion may be -1 (no limit); grown on ERANGE for groups with long member lists.
        var size = max(1024, Int(sysconf(Int32(_SC_GETGR_R_SIZE_MAX))))
        while true {
            var buffer = [CChar](repeating: 0, count: size)
            let rc = getgrnam_r(name, &group, &buffer, size, &result)
            if rc == ERANGE, size < 1 << 20 { size *= 2; continue }
            // getgrnam_r returns the error number instead of setting errno; ENOENT (and a few
            // others, by glibc's reading of POSIX) with no result means "no such group".
            if rc != 0, rc != ENOENT, rc != ESRCH, rc != EBADF, rc != EPERM { throw SystemError("getgrnam_r", name, code: rc) }
            guard let entry = result else { return nil }
            return UInt32(entry.pointee.gr_gid)
        }
    }

    /// The name of group `id` (e.g. "video" for /dev/dri/card0 on Debian); nil when no group has it.
    /// - Throws: a lookup that failed (not "no such group"): `getgrgid_r(ID)` with its errno.
    public static func name(id: UInt32) throws(SystemError) -> String? {
        var group = group()
        var result: UnsafeMutablePointer<group>?
        var size = max(1024, Int(sysconf(Int32(_SC_GETGR_R_SIZE_MAX))))
        while true {
            var buffer = [CChar](repeating: 0, count: size)
            // The name points into `buffer`: read while the buffer is pinned.
            let (rc, name) = buffer.withUnsafeMutableBufferPointer { b -> (Int32, String?) in
                let rc = getgrgid_r(gid_t(id), &group, b.baseAddress, size, &result)
                return (rc, rc == 0 ? result?.pointee.gr_name.map { String(cString: $0) } : nil)
            }
            if rc == ERANGE, size < 1 << 20 { size *= 2; continue }
            // As getgrnam_r: the error number is returned, and these mean "no such group".
            if rc != 0, rc != ENOENT, rc != ESRCH, rc != EBADF, rc != EPERM { throw SystemError("getgrgid_r", String(id), code: rc) }
            return name
        }
    }
}
