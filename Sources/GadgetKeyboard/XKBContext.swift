import CXKBCommon

/// Owns one `xkb_context` (xkb-data's include paths). Keymaps and compose tables made from it
/// keep it alive. Thread: whoever made it (not shared between threads).
final class XKBContext {
    let handle: OpaquePointer

    init() throws(KeyboardError) {
        // libxkbcommon is opened on first use (Sources/CXKBCommon): a missing library is this
        // owner's one line, not the process's end.
        guard gadget_xkbcommon_load() == 0 else { throw .unavailable(String(cString: gadget_xkbcommon_message())) }
        guard let ctx = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw .call("xkb_context_new") }
        // libxkbcommon prints its own warnings and errors to stderr; a failure reaches the log as
        // our one line instead (an unknown layout printed four lines of include errors).
        xkb_context_set_log_level(ctx, XKB_LOG_LEVEL_CRITICAL)
        handle = ctx
    }

    deinit { xkb_context_unref(handle) }
}
