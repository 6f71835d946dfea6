import CALSA
import GadgetCore

/// Owns a card's ALSA control device (`snd_ctl_t`, `hw:N`), opened non-blocking and subscribed to
/// its change events, with the ids of its headphone jack controls (`HeadphoneJackControl.matches`:
/// boolean card controls named "… Headphone … Jack"). The audio thread reads them between mix
/// chunks: `changed` takes the waiting events without blocking, `values` reads the controls.
/// Thread: the audio thread's once made. Closed in deinit.
public final class ALSAJackControls: JackControlSource {
    public let names: [String]
    private let ctl: OpaquePointer
    private let ids: [OpaquePointer]
    private let value: OpaquePointer
    private let event: OpaquePointer

    private init(ctl: OpaquePointer, names: [String], ids: [OpaquePointer], value: OpaquePointer, event: OpaquePointer) {
        self.ctl = ctl
        self.names = names
        self.ids = ids
        self.value = value
        self.event = event
    }

    deinit {
        for id in ids { snd_ctl_elem_id_free(id) }
        snd_ctl_elem_value_free(value)
        snd_ctl_event_free(event)
        snd_ctl_close(ctl)
    }

    /// Card `card`'s headphone jack controls; nil when it has none or its control device cannot
    /// be opened (a card without a jack control is the common case, not an error: the kiosk then
    /// relies on the evdev switch). libasound must be loaded (`ALSAOutput.open` did).
    public static func open(card: Int) -> ALSAJackControls? {
        var handle: OpaquePointer?
        guard card >= 0, snd_ctl_open(&handle, "hw:\(card)", SND_CTL_NONBLOCK) >= 0, let ctl = handle else { return nil }
        var keep = false
        defer { if !keep { snd_ctl_close(ctl) } }
        var list: OpaquePointer?
        guard snd_ctl_elem_list_malloc(&list) >= 0, let list else { return nil }
        defer {
            snd_ctl_elem_list_free_space(list)
            snd_ctl_elem_list_free(list)
        }
        guard snd_ctl_elem_list(ctl, list) >= 0 else { return nil }
        let count = snd_ctl_elem_list_get_count(list)
        guard count > 0, snd_ctl_elem_list_alloc_space(list, count) >= 0, snd_ctl_elem_list(ctl, list) >= 0 else { return nil }
        var info: OpaquePointer?
        guard snd_ctl_elem_info_malloc(&info) >= 0, let info else { return nil }
        defer { snd_ctl_elem_info_free(info) }
        var names: [String] = []
        var ids: [OpaquePointer] = []
        for i in 0..<snd_ctl_elem_list_get_used(list) {
            guard let cName = snd_ctl_elem_list_get_name(list, i) else { continue }
            let name = String(cString: cName)
            guard HeadphoneJackControl.matches(name) else { continue }
            var id: OpaquePointer?
            guard snd_ctl_elem_id_malloc(&id) >= 0, let id else { continue }
            snd_ctl_elem_list_get_id(list, i, id)
            snd_ctl_elem_info_set_id(info, id)
            guard snd_ctl_elem_id_get_interface(id) == SND_CTL_ELEM_IFACE_CARD, snd_ctl_elem_info(ctl, info) >= 0,
                  snd_ctl_elem_info_get_type(info) == SND_CTL_ELEM_TYPE_BOOLEAN else {
                snd_ctl_elem_id_free(id)
                continue
            }
            names.append(name)
            ids.append(id)
        }
        var value: OpaquePointer?
        var event: OpaquePointer?
        guard !ids.isEmpty, snd_ctl_elem_value_malloc(&value) >= 0, let value else {
            for id in ids { snd_ctl_elem_id_free(id) }
            return nil
        }
        guard snd_ctl_event_malloc(&event) >= 0, let event else {
            for id in ids { snd_ctl_elem_id_free(id) }
            snd_ctl_elem_value_free(value)
            return nil
        }
        // Without the subscription nothing says when the jack changes; reading it anyway every
        // few chunks is not worth its cost, so a card that refuses has no jack watch.
        guard snd_ctl_subscribe_events(ctl, 1) >= 0 else {
            for id in ids { snd_ctl_elem_id_free(id) }
            snd_ctl_elem_value_free(value)
            snd_ctl_event_free(event)
            return nil
        }
        keep = true
        return ALSAJackControls(ctl: ctl, names: names, ids: ids, value: value, event: event)
    }

    public func values() -> [Bool]? {
        var out: [Bool] = []
        for id in ids {
            snd_ctl_elem_value_set_id(value, id)
            guard snd_ctl_elem_read(ctl, value) >= 0 else { return nil }
            out.append(snd_ctl_elem_value_get_boolean(value, 0) != 0)
        }
        return out
    }

    public func changed() -> Bool {
        // At most a burst's worth per look: the rest waits for the next chunk.
        for n in 0..<64 {
            let rc = snd_ctl_read(ctl, event)
            if rc > 0 { continue }
            // -EAGAIN: drained. Another error (the card went away): say changed, so the values
            // are read, fail, and the watch is dropped.
            return n > 0 || (rc < 0 && rc != -EAGAIN)
        }
        return true
    }
}
