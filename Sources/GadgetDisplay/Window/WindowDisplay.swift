import CSDL2
import GadgetCore
import GadgetGL
import GadgetSystem
import Logging
import SystemPackage

/// A resizable desktop window (X11 or Wayland, whichever SDL's video driver finds) with a GLES2
/// context through EGL: the desktop preview of a board. SDL2 rather than EGL on each platform
/// directly: one library reaches both window systems, with their input (mouse, touchscreen
/// fingers, keys), resizing and HiDPI, and it is on every Raspberry Pi OS image; it is linked
/// alone (SDL opens libX11 / libwayland-client itself), so the kiosk binary needs no X library.
///
/// Frames are paced as a panel's are, through the protocol's flip: `present()` swaps and leaves
/// a flip pending, which completes (its `FlipEvent`) when the window system could show the
/// frame. With vsync (a real desktop reports a refresh rate and SDL accepted swap interval 1)
/// the swap itself waits for the vblank, and the flip completes when it returns; without
/// (Xvfb reports no refresh rate) frames are shown on a fixed 60 Hz cadence as headless ones
/// are (`FrameCadence`), so an animating board does not spin the CPU. `eventDescriptor` is one
/// descriptor for both wake-ups: an epoll group of the X connection's socket and the frame timer.
///
/// Thread: every call on the thread that made it (SDL's video calls and the GL context).
public final class WindowDisplay: DisplayBackend {
    public private(set) var pixelSize: PixelSize
    public let refreshInterval: Microseconds?
    public var isFlipPending: Bool { pendingFlip != nil }
    public var eventDescriptor: FileDescriptor? { group.descriptor }
    public var providesInput: Bool { true }
    public var showsOnVblank: Bool { vsync }
    public var summary: String { "window \(driver) \(pixelSize) (\(renderer))" }
    public var frameTimeSource: String {
        vsync ? "window (\(driver), vsync: swap completion)" : "window (\(driver), no vsync: \(hertz) Hz cadence)"
    }

    private let window: OpaquePointer
    private let context: SDL_GLContext
    private let driver: String
    private let renderer: String
    /// True when the swap waits for the window system's vblank.
    private let vsync: Bool
    private let hertz: Int
    private let group: EventPollGroup
    private let timer: TimerDescriptor
    /// False on Wayland (its descriptor is not reached without linking libwayland-client): the
    /// queue is then looked at every `idleLook` while nothing else wakes the loop.
    private let hasConnectionDescriptor: Bool
    private static let idleLook: Microseconds = 10_000
    private var cadence: FrameCadence?
    private var pendingFlip: FlipEvent?
    /// SDL's event timestamps (ms since SDL_Init, on CLOCK_MONOTONIC) → µs on MonotonicClock.
    private let ticksOrigin: Microseconds
    /// The X server's own event times → MonotonicClock (SDL's ticks are when SDL read an event:
    /// a batch read together shares one, and a flick loses its velocity; `WindowEventClock`).
    private var serverClock = WindowEventClock()
    /// Modifiers as the key events so far say (read in order, so a scripted Ctrl+drag whose
    /// key and button events arrive in one batch still counts the Ctrl).
    private var modifiers: WindowModifiers = []
    /// `--screenshot`: each frame is read back before its swap (a swapped back buffer's contents
    /// are undefined), so `readPixels` returns what the window shows.
    private let retainsFrames: Bool
    /// The last presented frame as glReadPixels gave it (rows bottom first): turned into an
    /// image only when asked, so keeping every frame costs one glReadPixels into a reused buffer.
    private var lastFrame: [UInt8] = []
    private var lastFrameSize: PixelSize?
    private let logger: Logger

    /// Opens the window, `size` in drawable pixels, titled `title`.
    /// - retainFrames: keep a copy of every presented frame for `readPixels` (costs a readback).
    public init(title: String, size: PixelSize, retainFrames: Bool, logger: Logger) throws(DisplayError) {
        guard size.width > 0, size.height > 0, size.width <= 16384, size.height <= 16384 else {
            throw .unavailable("window: size \(size) is not usable (1 to 16384 pixels each way)")
        }
        self.logger = logger
        retainsFrames = retainFrames
        // SDL2 is opened when a window is first asked for, not at every start (CSDL2): without
        // it, one line ("the window needs libSDL2-2.0.so.0: …").
        guard gadget_sdl_load() == 0 else { throw .unavailable(String(cString: gadget_sdl_message())) }
        // SDL must not take SIGINT/SIGTERM: the kiosk's signal pipe handles them.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        // Touchscreen fingers arrive as fingers; mouse events SDL would make from them would double them.
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        // The click that focuses the window is a touch too: a person reaches for a gadget.
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        // A GLES2 context through EGL, as on the panel (the renderer links libGLESv2).
        SDL_SetHint(SDL_HINT_VIDEO_X11_FORCE_EGL, "1")
        // A preview among other windows: the desktop's compositor stays on (SDL's default turns
        // it off for its window, which makes the whole desktop flicker on some drivers).
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        // Only a desktop's window system: SDL would otherwise fall back to its offscreen or
        // KMS drivers, a "window" nobody sees. X11 first where both are there (the tested path;
        // XWayland serves it on a Wayland desktop); SDL_VIDEODRIVER, when set, is the user's choice.
        let environment = ProcessEnvironment.current()
        var drivers: [String] = []
        if let d = environment["DISPLAY"], !d.isEmpty { drivers.append("x11") }
        if let w = environment["WAYLAND_DISPLAY"], !w.isEmpty { drivers.append("wayland") }
        if let chosen = environment["SDL_VIDEODRIVER"], !chosen.isEmpty { drivers = [chosen] }
        guard !drivers.isEmpty else {
            throw .unavailable("window: no desktop session to open a window on ($DISPLAY and $WAYLAND_DISPLAY are unset)")
        }
        SDL_SetHint(SDL_HINT_VIDEODRIVER, drivers.joined(separator: ","))
        guard SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0 else {
            throw .unavailable("window: no desktop session to open a window on (SDL: \(WindowDisplay.sdlError()))")
        }
        let driverName = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
        guard driverName == "x11" || driverName == "wayland" || environment["SDL_VIDEODRIVER"] != nil else {
            SDL_Quit()
            throw .unavailable("window: no desktop session to open a window on (SDL found only its \(driverName) driver)")
        }
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_ES.rawValue))
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 2)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0)
        SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
        SDL_GL_SetAttribute(SDL_GL_RED_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_GREEN_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_BLUE_SIZE, 8)
        let flags = SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        let centered = gadget_sdl_windowpos_centered()
        guard let w = SDL_CreateWindow(title, centered, centered, Int32(size.width), Int32(size.height), flags) else {
            let why = WindowDisplay.sdlError()
            SDL_Quit()
            throw .unavailable("window: cannot open a \(size) window: \(why)")
        }
        guard let c = SDL_GL_CreateContext(w) else {
            let why = WindowDisplay.sdlError()
            SDL_DestroyWindow(w); SDL_Quit()
            throw .unavailable("window: no OpenGL ES 2 context: \(why)")
        }
        window = w
        context = c
        driver = driverName
        renderer = GLDriver.renderer ?? "unknown renderer"
        var mode = SDL_DisplayMode()
        let reported = SDL_GetWindowDisplayMode(w, &mode) == 0 ? Int(mode.refresh_rate) : 0
        // Xvfb (and some remote sessions) report no refresh rate: there is no vblank to wait for.
        vsync = reported > 0 && SDL_GL_SetSwapInterval(1) == 0
        if !vsync { SDL_GL_SetSwapInterval(0) }
        hertz = reported > 0 ? reported : 60
        refreshInterval = Microseconds(1_000_000 / hertz)
        // SDL's ticks are whole ms, floored: an event stamped t was queued in [t, t + 1) ms and
        // ticks read now may be up to 1 ms behind, so 1 ms less keeps every time at or before
        // the moment the event was queued (never in the future).
        ticksOrigin = MonotonicClock.now() - Microseconds(SDL_GetTicks64()) * 1000 - 1000
        // Each X event also as an SDL_SYSWMEVENT just before the events SDL makes of it: its
        // server time stamps the pointer event that follows (`takeWindowEvents`).
        SDL_EventState(UInt32(SDL_SYSWMEVENT.rawValue), SDL_ENABLE)
        var dw: Int32 = 0, dh: Int32 = 0
        SDL_GL_GetDrawableSize(w, &dw, &dh)
        pixelSize = PixelSize(Int(dw), Int(dh))
        let connection = gadget_sdl_connection_fd(w)
        hasConnectionDescriptor = connection >= 0
        do {
            group = try EventPollGroup()
            timer = try TimerDescriptor()
            try group.add(timer.descriptor)
            if connection >= 0 { try group.add(FileDescriptor(rawValue: connection)) }
        } catch {
            SDL_GL_DeleteContext(c); SDL_DestroyWindow(w); SDL_Quit()
            throw .system(error)
        }
        if !hasConnectionDescriptor {
            logger.notice("\(driver) gives no connection descriptor here; its events are looked at every \(WindowDisplay.idleLook / 1000) ms while idle")
        }
        logger.info("\(driver) \(pixelSize), \(renderer); frame times: \(frameTimeSource)")
    }

    deinit {
        SDL_GL_DeleteContext(context)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    public func beginFrame() throws(DisplayError) {
        guard SDL_GL_MakeCurrent(window, context) == 0 else { throw .unavailable("window: SDL_GL_MakeCurrent failed: \(WindowDisplay.sdlError())") }
        Viewport.coverSurface(pixelSize)
    }

    public func present() throws(DisplayError) {
        if retainsFrames {
            do { try FramebufferReadback.readRaw(pixelSize, framebuffer: 0, into: &lastFrame) } catch { throw DisplayError(error) }
            lastFrameSize = pixelSize
        }
        SDL_GL_SwapWindow(window)
        let returned = MonotonicClock.now()
        let interval = refreshInterval ?? 16_667
        var c = cadence ?? FrameCadence(origin: returned, interval: interval)
        let shown: Microseconds
        let sequence: UInt32
        if vsync {
            // The swap waited for the vblank: the frame is on screen now. The window system gives
            // no vblank counter: the sequence is the refresh intervals since the first frame,
            // rounded, so a frame that took two intervals still counts as a missed vblank.
            shown = returned
            sequence = UInt32(truncatingIfNeeded: (shown - c.origin + interval / 2) / interval)
        } else {
            // Shown in its cadence slot, numbered by it, as a headless frame is.
            shown = c.show(finishedAt: returned)
            sequence = UInt32(truncatingIfNeeded: c.sequence(of: shown))
        }
        cadence = c
        pendingFlip = FlipEvent(time: shown, sequence: sequence)
        do { try timer.arm(at: shown) } catch { throw .system(error) }
    }

    public func dispatchEvents() throws(DisplayError) -> [FlipEvent] {
        guard let flip = pendingFlip, MonotonicClock.now() >= flip.time else { return [] }
        timer.clear()
        pendingFlip = nil
        return [flip]
    }

    public func readPixels() throws(DisplayError) -> RGBAImage {
        guard let size = lastFrameSize else {
            throw .unavailable("window: no frame kept to read back (frames are kept only when a screenshot is asked for at start)")
        }
        return FramebufferReadback.image(fromBottomUp: lastFrame, size: size)
    }

    public func setPowered(_ on: Bool) -> Bool { false }

    public func takeWindowEvents() -> [WindowEvent] {
        var out: [WindowEvent] = []
        var e = SDL_Event()
        let readAt = MonotonicClock.now()
        var serverTime: Microseconds?
        while SDL_PollEvent(&e) != 0 {
            if e.type == SDL_SYSWMEVENT.rawValue {
                let ms = gadget_sdl_x11_event_time(&e)
                serverTime = ms == 0 ? nil : serverClock.time(serverMilliseconds: UInt32(ms), readAt: readAt)
                continue
            }
            if let w = translate(e, serverTime: serverTime) { out.append(w) }
            serverTime = nil
        }
        // Without the connection's descriptor nothing wakes the loop for input: look again soon.
        // (Re-arming also resets a timerfd that has already expired.)
        if !hasConnectionDescriptor, pendingFlip == nil { try? timer.arm(at: MonotonicClock.now() + WindowDisplay.idleLook) }
        return out
    }

    /// `serverTime`: the X server's time of the X event this SDL event came from, on our clock
    /// (nil: SDL's tick, e.g. on Wayland). WindowTouches keeps the times of successive frames
    /// from going backwards.
    private func translate(_ e: SDL_Event, serverTime: Microseconds?) -> WindowEvent? {
        let time = serverTime ?? ticksOrigin + Microseconds(e.common.timestamp) * 1000
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            return .closeRequested
        case SDL_KEYDOWN, SDL_KEYUP:
            let mod = UInt32(e.key.keysym.mod)
            var m: WindowModifiers = []
            if mod & KMOD_CTRL.rawValue != 0 { m.insert(.control) }
            if mod & KMOD_SHIFT.rawValue != 0 { m.insert(.shift) }
            modifiers = m
            if e.type == SDL_KEYDOWN.rawValue, e.key.keysym.sym == SDLK_ESCAPE.rawValue { return .closeRequested }
            return nil
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            guard e.button.button == UInt8(SDL_BUTTON_LEFT), e.button.which != WindowDisplay.touchMouseID else { return nil }
            return .pointer(.button(down: e.type == SDL_MOUSEBUTTONDOWN.rawValue, at: drawable(e.button.x, e.button.y),
                                    modifiers: modifiers, time: time))
        case SDL_MOUSEMOTION:
            guard e.motion.which != WindowDisplay.touchMouseID else { return nil }
            return .pointer(.motion(at: drawable(e.motion.x, e.motion.y), time: time))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let phase: TouchPhase = e.type == SDL_FINGERDOWN.rawValue ? .began : e.type == SDL_FINGERUP.rawValue ? .ended : .moved
            let at = Vector2(Double(e.tfinger.x) * Double(pixelSize.width), Double(e.tfinger.y) * Double(pixelSize.height))
            return .pointer(.finger(id: e.tfinger.fingerId, phase: phase, at: at, time: time))
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                var dw: Int32 = 0, dh: Int32 = 0
                SDL_GL_GetDrawableSize(window, &dw, &dh)
                let size = PixelSize(Int(max(1, dw)), Int(max(1, dh)))
                guard size != pixelSize else { return nil }
                pixelSize = size
                return .resized(size)
            case SDL_WINDOWEVENT_FOCUS_LOST:
                return .pointer(.cancelAll(time: time))
            case SDL_WINDOWEVENT_CLOSE:
                return .closeRequested
            default:
                return nil
            }
        default:
            return nil
        }
    }

    /// Window coordinates (points on HiDPI) → drawable pixels.
    private func drawable(_ x: Int32, _ y: Int32) -> Vector2 {
        var ww: Int32 = 0, wh: Int32 = 0
        SDL_GetWindowSize(window, &ww, &wh)
        let sx = ww > 0 ? Double(pixelSize.width) / Double(ww) : 1
        let sy = wh > 0 ? Double(pixelSize.height) / Double(wh) : 1
        return Vector2(Double(x) * sx, Double(y) * sy)
    }

    /// SDL_TOUCH_MOUSEID: mouse events SDL made from a touch (a macro Swift cannot import).
    private static let touchMouseID = UInt32.max

    private static func sdlError() -> String { SDL_GetError().map { String(cString: $0) } ?? "unknown error" }
}
