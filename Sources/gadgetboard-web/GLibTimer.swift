import CWPE

/// A GLib timeout on the main loop that calls a Swift closure: the load timeout, `reloadEverySeconds`
/// and the retry after a failed load. Cancelled by `cancel()` or when released.
/// Thread: the GLib main loop's only.
final class GLibTimer {
    private var source: UInt32 = 0
    private let repeats: Bool
    private let action: () -> Void

    /// Fires after `milliseconds` (and every `milliseconds` while `repeats`).
    init(milliseconds: Int, repeats: Bool, _ action: @escaping () -> Void) {
        self.repeats = repeats
        self.action = action
        source = g_timeout_add(UInt32(clamping: milliseconds), { data in
            let timer = Unmanaged<GLibTimer>.fromOpaque(data!).takeUnretainedValue()
            return timer.fire() ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func fire() -> Bool {
        if !repeats { source = 0 }  // returning false removes it
        action()
        return repeats && source != 0
    }

    func cancel() {
        if source != 0 { g_source_remove(source); source = 0 }
    }

    deinit { cancel() }
}
