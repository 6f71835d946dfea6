/// The user script that tells the kiosk when a text field gets or loses focus, so it can show or
/// hide its on-screen keyboard (`.editableFocus`). Injected at document start in the top frame; it
/// posts "1"/"0" to the `gadgetboard` script message handler, only when the answer changes.
/// Fields inside iframes are not seen (the script runs in the top frame only).
enum EditableFocusScript {
    static let handlerName = "gadgetboard"

    static let source = """
    (function () {
      var kinds = ['', 'text', 'search', 'email', 'url', 'tel', 'password', 'number'];
      function editable(e) {
        if (!e) return false;
        if (e.isContentEditable) return true;
        if (e.disabled || e.readOnly) return false;
        if (e.tagName === 'TEXTAREA') return true;
        if (e.tagName === 'INPUT') return kinds.indexOf((e.getAttribute('type') || '').toLowerCase()) >= 0;
        return false;
      }
      var last = false;
      function post(now) {
        if (now === last) return;
        last = now;
        window.webkit.messageHandlers.\(handlerName).postMessage(now ? '1' : '0');
      }
      document.addEventListener('focusin', function (event) { post(editable(event.target)); }, true);
      document.addEventListener('focusout', function () {
        setTimeout(function () { post(editable(document.activeElement)); }, 0);
      }, true);
    })();
    """
}
