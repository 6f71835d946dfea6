#if canImport(Glibc)
import Glibc
#endif

/// Group names to ids through NSS (/etc/group, or whatever nsswitch.conf names): the control
/// socket's group (`gadgetboard`, so that members may use `ctl`). Thread: any (getgrnam_r, not getgrnam's shared buffer).
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
}
