import CALSA
import CLazyLink
import Testing
@testable import GadgetAudio

/// Libraries opened on first use (Sources/CLazyLink): a missing one is an error its owner reports
/// in one line, never an abort, and libasound is one of them (issue 35, item 5).
@Suite struct LazyLibraryTests {
    /// A forward called before its owner loaded the library, with the library missing, used to
    /// print and abort the process; now the load's answer is returned and the message kept.
    @Test func aMissingLibraryIsAnErrorNotAnAbort() {
        let feature = strdup("a test")!, soname = strdup("libgadgetboard-missing.so.0")!
        defer { free(feature); free(soname) }
        let sonames = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: 1)
        defer { sonames.deallocate() }
        sonames.initialize(to: UnsafePointer(soname))
        let library = UnsafeMutablePointer<gadget_lazy_library>.allocate(capacity: 1)
        defer { library.deallocate() }
        library.initialize(to: gadget_lazy_library())
        library.pointee.feature = UnsafePointer(feature)
        library.pointee.sonames = UnsafePointer(sonames)
        library.pointee.library_count = 1
        let answer: Int32 = gadget_lazy_require(library)
        #expect(answer == -1)
        #expect(String(cString: gadget_lazy_message(library))
                == "a test needs libgadgetboard-missing.so.0: cannot open shared object file: No such file or directory")
        // Asked again: the same answer, not retried.
        #expect(gadget_lazy_require(library) == -1)
    }

    /// libasound is opened by the first sound output that opens, and its functions work through
    /// the forwards (the file plugin's tests play through them).
    @Test func alsaLoadsOnFirstUse() {
        #expect(gadget_alsa_load() == 0)
        #expect(String(cString: gadget_alsa_message()) == "")
        #expect(String(cString: snd_strerror(-ENOENT)) == "No such file or directory")
    }
}
