import GadgetCore
import GadgetDisplay
import GadgetInput
import GadgetRender
import GadgetSystem

/// A desktop window's events (`DisplayBackend.takeWindowEvents`): its mouse and fingers become
/// touch frames mapped to the board exactly as a panel's touches are (`TouchMapping` through
/// the renderer's `BoardViewport`, so letterboxing and `--rotation` apply to both alike) and
/// enter the same `TouchQueue` the input thread fills; a resize re-fits the board as display
/// hotplug does; a close request ends the run as SIGTERM would (reports written).
extension KioskLoop {
    func takeWindowEvents() {
        let events = display.takeWindowEvents()
        for i in 0..<events.count {
            switch events[i] {
            case .closeRequested:
                windowClosed = true
            case .resized(let size):
                displayResized(to: size)
            case .pointer(let p):
                guard let frame = windowTouches.apply(p) else { continue }
                guard let mapped = windowFrame(frame) else { continue }
                queue.push(.frame(mapped))
            }
        }
    }

    /// `frame` (window pixels) in board pixels: the window is the panel, its pixels the device's
    /// axis range, no calibration (that belongs to a panel's touchscreen).
    func windowFrame(_ frame: TouchFrame) -> TouchFrame? {
        let size = display.pixelSize
        let axisX = AbsInfo(minimum: 0, maximum: Int32(clamping: size.width))
        let axisY = AbsInfo(minimum: 0, maximum: Int32(clamping: size.height))
        guard let mapping = try? TouchMapping(x: axisX, y: axisY, viewport: live.viewport) else { return nil }
        var out = frame
        for i in 0..<out.touches.count {
            let p = out.touches[i].location
            out.touches[i].location = mapping.transform.apply(Vector2(p.x / Double(size.width), p.y / Double(size.height)))
        }
        return out
    }
}
