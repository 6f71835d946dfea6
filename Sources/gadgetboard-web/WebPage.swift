import CWPE
import CWPEBackendFDO
import GadgetCore
import Logging

/// What the page tells its owner (`WebHelper`), as values.
enum WebPageEvent {
    case started(url: String)
    /// The main resource arrived and the page finished; `httpStatus` is 0 for non-HTTP loads.
    case finished(url: String, httpStatus: Int)
    /// A load failed for a reason worth saying (cancellations and our own policy refusals are not).
    case failed(url: String, reason: String)
    case refused(url: String, why: String)
    case editableFocus(Bool)
    case webProcessTerminated(reason: String)
}

/// One WPE WebKit view and everything it is made of: the web context (ephemeral data, the
/// memory-pressure limit, the sandbox), the user content manager with the focus script, the view
/// itself on an exportable fdo backend (`ShmFrameExporter` or `EGLFrameExporter`). Signals come back as
/// `WebPageEvent`s; navigations ask `allows` synchronously.
/// Cookies, storage and caches live only as long as this object (an ephemeral data manager), and
/// so does the history: `clearSession` replaces the whole page, which forgets a visitor for sure
/// (restoring an empty session state leaves WebKit 2.38's back-forward list as it was).
/// Thread: the GLib main loop's only. Owns its GObjects (unreffed in deinit, view first).
final class WebPage {
    struct Configuration {
        var memoryLimitMB: Int
        var sandbox: Bool
        /// How frames leave the helper (chosen once at start).
        var export: FrameExportMode
    }

    let exporter: PageFrameExporter
    private let log: Logger
    private let context: UnsafeMutablePointer<WebKitWebContext>
    private let content: UnsafeMutablePointer<WebKitUserContentManager>
    private var view: UnsafeMutablePointer<WebKitWebView>!
    private var touchPoints: [wpe_input_touch_event_raw] = []
    private var touchIDs: [Int?] = []

    var onEvent: (WebPageEvent) -> Void = { _ in }
    var allows: (String) -> Bool = { _ in true }

    /// `sequenceAfter`: the last frame sequence a previous page of this helper sent (sequences
    /// stay increasing across `clearSession`'s rebuild). `sharedMemoryOnly`: the kiosk said it
    /// cannot draw dma-buf frames.
    init(width: Int, height: Int, configuration: Configuration, sequenceAfter: UInt64, sharedMemoryOnly: Bool, log: Logger) {
        self.log = log
        exporter = configuration.export.makeExporter(width: width, height: height, sequenceAfter: sequenceAfter,
                                                     sharedMemoryOnly: sharedMemoryOnly, log: log)

        // Memory pressure: the web process releases caches past a fraction of the limit and is
        // killed at the limit (web-process-terminated, EXCEEDED_MEMORY_LIMIT), which the kiosk
        // survives by restarting us. Not RLIMIT_AS: JavaScriptCore reserves gigabytes of address
        // space it never touches (interaction-notes §4.4).
        let memory = webkit_memory_pressure_settings_new()
        webkit_memory_pressure_settings_set_memory_limit(memory, UInt32(configuration.memoryLimitMB))
        webkit_memory_pressure_settings_set_conservative_threshold(memory, 0.33)
        webkit_memory_pressure_settings_set_strict_threshold(memory, 0.5)
        webkit_memory_pressure_settings_set_kill_threshold(memory, 1.0)
        webkit_memory_pressure_settings_set_poll_interval(memory, 2)
        webkit_website_data_manager_set_memory_pressure_settings(memory)  // the network process
        context = gb_web_context_new(memory)
        webkit_memory_pressure_settings_free(memory)
        webkit_web_context_set_sandbox_enabled(context, configuration.sandbox ? 1 : 0)
        // One page per process: the smallest caches.
        webkit_web_context_set_cache_model(context, WEBKIT_CACHE_MODEL_DOCUMENT_VIEWER)

        content = webkit_user_content_manager_new()
        let script = webkit_user_script_new(EditableFocusScript.source, WEBKIT_USER_CONTENT_INJECT_TOP_FRAME,
                                            WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START, nil, nil)
        webkit_user_content_manager_add_script(content, script)
        webkit_user_script_unref(script)
        _ = webkit_user_content_manager_register_script_message_handler(content, EditableFocusScript.handlerName)

        // WebKit says when it no longer uses the view backend (the view may outlive our unref
        // briefly); the exporter, which owns that backend, is kept alive until then.
        let backend = webkit_web_view_backend_new(exporter.viewBackend, { data in
            Unmanaged<AnyObject>.fromOpaque(data!).release()
        }, Unmanaged.passRetained(exporter as AnyObject).toOpaque())
        view = gb_web_view_new(backend, context, content)
        if let viewBackend = exporter.viewBackend {
            wpe_view_backend_add_activity_state(viewBackend, wpe_view_activity_state_visible.rawValue
                | wpe_view_activity_state_focused.rawValue | wpe_view_activity_state_in_window.rawValue)
        }
        connectSignals()
    }

    deinit {
        // No signal may reach this object once it is gone, and no frame of this page may reach
        // the kiosk after its replacement's.
        let me = Unmanaged.passUnretained(self).toOpaque()
        gb_disconnect_all(view, me)
        gb_disconnect_all(content, me)
        gb_disconnect_all(context, me)
        exporter.onFrame = { _, _ in }
        gb_object_unref(view)
        gb_object_unref(content)
        gb_object_unref(context)
    }

    // MARK: Commands

    func load(_ url: String) { webkit_web_view_load_uri(view, url) }
    func reload() { webkit_web_view_reload(view) }
    func stop() { webkit_web_view_stop_loading(view) }
    var uri: String { webkit_web_view_get_uri(view).map { String(cString: $0) } ?? "" }
    var engine: String { "WPE WebKit \(webkit_get_major_version()).\(webkit_get_minor_version()).\(webkit_get_micro_version())" }

    func resize(width: Int, height: Int) {
        guard let backend = exporter.viewBackend else { return }
        wpe_view_backend_dispatch_set_size(backend, UInt32(max(1, width)), UInt32(max(1, height)))
    }

    func setZoom(_ zoom: Double) { webkit_web_view_set_zoom_level(view, zoom > 0 ? zoom : 1) }

    /// Drawn under the page (and what an empty page shows); red, green, blue, alpha in 0…1.
    func setBackground(red: Double, green: Double, blue: Double, alpha: Double) {
        var colour = WebKitColor(red: red, green: green, blue: blue, alpha: alpha)
        webkit_web_view_set_background_color(view, &colour)
    }

    /// One touch point in page CSS pixels. WPE wants every active point with each event (as cog
    /// sends them); a cancel ends the point like an up (WPE has no cancel).
    func touch(_ touch: WebTouch) {
        guard let backend = exporter.viewBackend else { return }
        let type: wpe_input_touch_event_type
        switch touch.phase {
        case .down: type = wpe_input_touch_event_type_down
        case .move: type = wpe_input_touch_event_type_motion
        case .up, .cancel: type = wpe_input_touch_event_type_up
        }
        let point = wpe_input_touch_event_raw(type: type, time: touch.timeMs, id: Int32(truncatingIfNeeded: touch.id),
                                              x: Int32(touch.x.rounded()), y: Int32(touch.y.rounded()))
        let index: Int
        if let found = touchIDs.firstIndex(where: { $0 == touch.id }) {
            index = found
        } else {
            guard touch.phase == .down else { return }  // a move or up for a finger we never saw
            if let free = touchIDs.firstIndex(where: { $0 == nil }) { index = free } else {
                touchIDs.append(nil); touchPoints.append(wpe_input_touch_event_raw()); index = touchIDs.count - 1
            }
            touchIDs[index] = touch.id
        }
        touchPoints[index] = point
        touchPoints.withUnsafeBufferPointer { points in
            var event = wpe_input_touch_event(touchpoints: points.baseAddress, touchpoints_length: UInt64(points.count),
                                              type: type, id: point.id, time: touch.timeMs, modifiers: 0)
            wpe_view_backend_dispatch_touch_event(backend, &event)
        }
        if type == wpe_input_touch_event_type_up {
            touchIDs[index] = nil
            touchPoints[index] = wpe_input_touch_event_raw()  // type null: not active
        }
    }

    func key(_ key: WebKey) {
        guard let backend = exporter.viewBackend else { return }
        var event = wpe_input_keyboard_event(time: 0, key_code: key.keysym, hardware_key_code: 0,
                                             pressed: key.pressed, modifiers: key.modifiers)
        wpe_view_backend_dispatch_keyboard_event(backend, &event)
    }

    // MARK: Signals

    private func connectSignals() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        gb_connect_load_changed(view, { view, event, data in
            let page = Unmanaged<WebPage>.fromOpaque(data!).takeUnretainedValue()
            page.loadChanged(event)
        }, me)
        gb_connect_load_failed(view, { _, _, uri, error, data in
            let page = Unmanaged<WebPage>.fromOpaque(data!).takeUnretainedValue()
            page.loadFailed(uri: uri.map { String(cString: $0) } ?? "", error: error)
            return 1  // no WebKit error page: the last good frame stays on screen
        }, me)
        gb_connect_decide_policy(view, { _, decision, type, data in
            let page = Unmanaged<WebPage>.fromOpaque(data!).takeUnretainedValue()
            return page.decide(decision!, type) ? 1 : 0
        }, me)
        gb_connect_web_process_terminated(view, { _, reason, data in
            let page = Unmanaged<WebPage>.fromOpaque(data!).takeUnretainedValue()
            page.onEvent(.webProcessTerminated(reason: WebPage.describe(reason, limitKnown: true)))
        }, me)
        gb_connect_script_message(content, EditableFocusScript.handlerName, { _, result, data in
            let page = Unmanaged<WebPage>.fromOpaque(data!).takeUnretainedValue()
            guard let value = webkit_javascript_result_get_js_value(result), let text = jsc_value_to_string(value) else { return }
            defer { g_free(text) }
            page.onEvent(.editableFocus(String(cString: text) == "1"))
        }, me)
        gb_connect_download_started(context, { _, download, data in
            let page = Unmanaged<WebPage>.fromOpaque(data!).takeUnretainedValue()
            var url = ""
            if let request = webkit_download_get_request(download), let uri = webkit_uri_request_get_uri(request) { url = String(cString: uri) }
            webkit_download_cancel(download)
            page.onEvent(.refused(url: url, why: "download"))
        }, me)
    }

    private func loadChanged(_ event: WebKitLoadEvent) {
        if event == WEBKIT_LOAD_STARTED {
            onEvent(.started(url: uri))
        } else if event == WEBKIT_LOAD_FINISHED {
            var status = 0
            if let resource = webkit_web_view_get_main_resource(view), let response = webkit_web_resource_get_response(resource) {
                status = Int(webkit_uri_response_get_status_code(response))
            }
            onEvent(.finished(url: uri, httpStatus: status))
        }
    }

    private func loadFailed(uri: String, error: UnsafeMutablePointer<GError>?) {
        guard let error = error?.pointee else { return }
        // Our own refusals and stops, and a navigation replaced by another, are not failures.
        if error.domain == webkit_network_error_quark() && error.code == Int32(WEBKIT_NETWORK_ERROR_CANCELLED.rawValue) { return }
        if error.domain == webkit_policy_error_quark() && error.code == Int32(WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE.rawValue) { return }
        let message = error.message.map { String(cString: $0) } ?? "error \(error.code)"
        onEvent(.failed(url: uri, reason: WebLoadFailure.reason(message: message)))
    }

    /// decide-policy: navigations outside `allow`, new windows and downloads are refused.
    private func decide(_ decision: UnsafeMutablePointer<WebKitPolicyDecision>, _ type: WebKitPolicyDecisionType) -> Bool {
        if type == WEBKIT_POLICY_DECISION_TYPE_RESPONSE {
            let response = gb_response_decision(decision)
            if webkit_response_policy_decision_is_mime_type_supported(response) == 0 {
                var url = ""
                if let request = webkit_response_policy_decision_get_request(response), let uri = webkit_uri_request_get_uri(request) { url = String(cString: uri) }
                webkit_policy_decision_ignore(decision)
                onEvent(.refused(url: url, why: "download"))
                return true
            }
            return false
        }
        let navigation = gb_navigation_decision(decision)
        guard let action = webkit_navigation_policy_decision_get_navigation_action(navigation),
              let request = webkit_navigation_action_get_request(action),
              let uri = webkit_uri_request_get_uri(request) else { return false }
        let url = String(cString: uri)
        if type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION {
            webkit_policy_decision_ignore(decision)
            onEvent(.refused(url: url, why: "new window"))
            return true
        }
        if url.hasPrefix("about:") || allows(url) {
            webkit_policy_decision_use(decision)
        } else {
            webkit_policy_decision_ignore(decision)
            onEvent(.refused(url: url, why: "outside allow"))
        }
        return true
    }

    static func describe(_ reason: WebKitWebProcessTerminationReason, limitKnown: Bool) -> String {
        if reason == WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT { return "the web process exceeded its memory limit" }
        if reason == WEBKIT_WEB_PROCESS_TERMINATED_BY_API { return "the web process was terminated" }
        return "the web process crashed"
    }
}
