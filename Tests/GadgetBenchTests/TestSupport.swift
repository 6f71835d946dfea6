import GadgetSystem

/// A fresh scratch directory under /tmp.
func scratchDirectory(_ tag: String) -> String {
    (try? FileIO.makeTemporaryDirectory(prefix: "/tmp/gadgetboard-\(tag)")) ?? "/tmp"
}
