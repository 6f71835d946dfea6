#if canImport(Glibc)
import Glibc
#endif
@testable import GadgetSystem
import Testing

@Suite struct ProcessTreeMemoryTests {
    /// The `Pss:` line, not `Pss_Anon:` or `Pss_File:` (smaps_rollup as Linux 6.1 writes it).
    @Test func readsThePSSLine() {
        let rollup = """
            55e0c6a2e000-7ffd4b3f6000 ---p 00000000 00:00 0                          [rollup]
            Rss:              152012 kB
            Pss:              128034 kB
            Pss_Dirty:         37012 kB
            Pss_Anon:          36512 kB
            Pss_File:          90788 kB
            Shared_Clean:      24012 kB
            """
        #expect(ProcessTreeMemory.pssKilobytes(smapsRollup: Array(rollup.utf8)) == 128034)
        #expect(ProcessTreeMemory.pssKilobytes(smapsRollup: Array("Rss: 10 kB\nPss_Anon: 4 kB\n".utf8)) == nil)
    }

    /// This process: PSS is positive and at most RSS (libc's pages are shared with every process);
    /// a pid that does not exist is nil.
    @Test func measuresALiveProcessAndNotAMissingOne() throws {
        let me = getpid()
        let pss = try #require(ProcessTreeMemory.proportionalBytes(root: me))
        let rss = try #require(ProcessTreeMemory.residentBytes(root: me))
        #expect(pss > 0)
        #expect(pss <= rss)
        #expect(ProcessTreeMemory.proportionalBytes(root: Int32.max) == nil)
    }
}
