import GadgetCore
import GadgetSystem
import Logging

/// The two memfd slots a page's shared-memory frames are written into (`WebFrameSlotRing` says
/// which; the files are made here, a new one when a slot is new or resized). Used by both
/// exporters: `ShmFrameExporter` copies WebKit's wl_shm buffers, `EGLFrameExporter` reads a GPU
/// image back when the kiosk cannot take its dma-buf.
/// Thread: the GLib main loop's only.
final class FrameSlotWriter {
    enum Outcome {
        /// The frame and the slot fd to attach, if the slot is new or resized.
        case sent(WebFrame, Int32?)
        /// Both slots wait for the kiosk's frameDone.
        case noSlot
        /// A slot file could not be made or the pixels could not be written (logged).
        case failed
    }

    private let log: Logger
    private var ring: WebFrameSlotRing
    private var slots: [SharedMemoryFile?] = Array(repeating: nil, count: WebFrameSlotRing.slotCount)

    init(sequenceAfter: UInt64, log: Logger) {
        self.log = log
        ring = WebFrameSlotRing(sequenceAfter: sequenceAfter)
    }

    var lastSequence: UInt64 { ring.lastSequence }
    var full: Bool { ring.inFlight == WebFrameSlotRing.slotCount }

    /// The kiosk's frameDone for a slot frame: true when it was one (the slot is free again).
    func done(sequence: UInt64) -> Bool { ring.done(sequence: sequence) }

    /// A sequence for a frame that uses no slot (a dma-buf frame).
    func sequenceWithoutSlot() -> UInt64 { ring.sequenceWithoutSlot() }

    func logSkipped(_ line: String) { log.warning("\(line)") }

    /// Places a `width`×`height` ARGB8888 frame and lets `fill` write its rows (`width` × 4 bytes
    /// each, no padding) into the slot; `fill` returns false when it could not.
    func write(width: Int, height: Int, fill: (UnsafeMutableRawPointer, _ rowBytes: Int) -> Bool) -> Outcome {
        let rowBytes = width * 4
        guard let placement = ring.place(byteCount: rowBytes * height) else { return .noSlot }
        let slot: SharedMemoryFile
        var attach: Int32?
        if placement.needsNewFile || slots[placement.slot] == nil {
            do {
                slot = try SharedMemoryFile.create(name: "gadgetboard-web-slot\(placement.slot)", count: rowBytes * height)
            } catch {
                log.error("a frame slot could not be made: \(error)")
                _ = ring.done(sequence: placement.sequence)
                ring.forgetFiles()
                return .failed
            }
            slots[placement.slot] = slot
            attach = slot.file.raw
        } else {
            slot = slots[placement.slot]!
        }
        guard fill(slot.base, rowBytes) else {
            _ = ring.done(sequence: placement.sequence)
            return .failed
        }
        return .sent(WebFrame(sequence: placement.sequence, slot: placement.slot, width: width, height: height,
                              stride: rowBytes, format: .argb8888), attach)
    }
}
