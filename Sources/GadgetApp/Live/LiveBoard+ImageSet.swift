import GadgetCore
import GadgetRender
import GadgetSystem

/// A control `set … image` of a picture the board has not decoded: the change is checked now,
/// the picture decoded on a worker thread (`ImageDecodeQueue`, as start-up's photos), and the
/// whole change applied in the first frame after the picture is ready, the picture going into a
/// room of its own in the atlas (`BoardScene.addImage`). Until then the gadget shows what it
/// showed; a picture that cannot be read or decoded changes nothing and its client hears one
/// line (or, without a client, the log does).
final class HeldImageChange {
    let change: GadgetChange
    let reference: ImageReference
    let queue: ImageDecodeQueue
    /// Hears how the change ended (the control socket's reply); nil: failures are logged.
    let done: ((Result<Void, ControlFailure>) -> Void)?
    /// The decoded picture, once the worker is done (applied in the next frame).
    var decoded: RGBAImage?

    init(change: GadgetChange, reference: ImageReference, queue: ImageDecodeQueue, done: ((Result<Void, ControlFailure>) -> Void)?) {
        self.change = change
        self.reference = reference
        self.queue = queue
        self.done = done
    }

    func end(_ result: Result<Void, ControlFailure>) {
        if let done { done(result) } else if case .failure(let f) = result {
            Loggers.control.error("set \(change.gadget) image \(reference.path): \(f.message); it keeps its image")
        }
    }
}

extension LiveBoard {
    /// Like `apply(_:now:)`, but a change whose picture must be decoded first is held (see
    /// `HeldImageChange`): `.success(true)` then, and `done` hears how it ended; `done` is not
    /// called for a change applied (or refused) at once.
    public func apply(_ change: GadgetChange, now: Microseconds, done: ((Result<Void, ControlFailure>) -> Void)?) -> Result<Bool, ControlFailure> {
        guard let path = change.image, images[path.description] == nil, let i = index(of: change.gadget) else {
            return applyNow(change, now: now).map { false }
        }
        let gadget = board.gadgets[i.rawValue]
        // Everything but the picture is checked now: a change is refused whole or not at all.
        if let text = change.text, case .failure(let f) = resolveText(text, for: gadget) { return .failure(f) }
        guard let root = controlRoot else { return .failure(ControlFailure(field: "image", message: "the demo board has no directory to read images from")) }
        let job = ImageDecodeQueue.Job(path: path.description, needed: neededSize(for: gadget))
        let queue: ImageDecodeQueue
        do { queue = try ImageDecodeQueue(jobs: [job], source: ConfinedImageSource(root: root, base: []), workers: 1) } catch {
            return .failure(ControlFailure(field: "image", message: "cannot start a decoding thread: \(error)"))
        }
        // A newer picture for the same gadget replaces one still decoding.
        for held in heldImages where held.change.gadget == change.gadget {
            held.queue.stop()
            held.end(.failure(ControlFailure(field: "image", message: "replaced by a newer image before it was ready")))
        }
        heldImages.removeAll { $0.change.gadget == change.gadget }
        heldImages.append(HeldImageChange(change: change, reference: ImageReference(path: path.description, jsonPath: "set image"), queue: queue, done: done))
        return .success(true)
    }

    /// The most pixels gadget `g` shows an image at (its size at its largest scale, on this display).
    func neededSize(for g: Gadget) -> PixelSize {
        let side = BoardLoader.maximumImageSide
        let scale = g.behavior.maxScale * scene.viewport.scale
        return PixelSize(min(side, Int((g.size.width * scale).rounded(.up))), min(side, Int((g.size.height * scale).rounded(.up))))
    }

    /// Once per loop iteration: pictures decoded since; a failure ends its change (nothing
    /// changed); a success waits for the next frame (at once without a display).
    func takeHeldImages(now: Microseconds) {
        guard !heldImages.isEmpty else { return }
        var failed: [HeldImageChange] = []
        for held in heldImages where held.decoded == nil {
            for outcome in held.queue.take() {
                switch outcome.result {
                case .success(let image): held.decoded = image
                case .failure(let f):
                    held.end(.failure(ControlFailure(field: "image", message: f.message)))
                    failed.append(held)
                }
            }
            if held.decoded != nil { drawAgain(.boardChanged) }
        }
        heldImages.removeAll { h in failed.contains { $0 === h } }
        if !hasDisplay { applyDecodedImages(now: now) }
    }

    /// In a frame (GL current): each change whose picture is ready is applied whole, the picture
    /// put in a room of its own first so the scene shows it without a new atlas.
    func applyDecodedImages(now: Microseconds) {
        let ready = heldImages.filter { $0.decoded != nil }
        guard !ready.isEmpty else { return }
        heldImages.removeAll { $0.decoded != nil }
        longFrames.note("\(ready.count) set pictures added")
        for held in ready {
            guard let image = held.decoded else { continue }
            let path = held.reference.path
            images[path] = image
            recordImageFiles([path])
            if hasDisplay, !sceneStale {
                do {
                    if try !scene.addImage(image, path: path) { sceneStale = true }
                } catch {
                    Loggers.render.warning("image \(path): \(error); drawing the board again")
                    sceneStale = true
                }
            }
            let result = applyNow(held.change, now: now)
            if case .failure = result { images[path] = nil }
            held.end(result)
        }
    }

    /// Blocks until every held picture is decoded, then applies the changes (tests; GL current).
    func awaitHeldImages(now: Microseconds) throws {
        for held in heldImages where held.decoded == nil {
            while !held.queue.isFinished {
                var wait = PollSet()
                wait.add(held.queue.wakeDescriptor)
                try wait.wait(timeoutMilliseconds: -1)
                takeHeldImages(now: now)
                if !heldImages.contains(where: { $0 === held }) { break }
            }
        }
        applyDecodedImages(now: now)
    }

    /// A new board replaces the one the held changes were for: they end unapplied.
    func dropHeldImages(reason: String) {
        for held in heldImages {
            held.queue.stop()
            held.end(.failure(ControlFailure(field: "image", message: reason)))
        }
        heldImages.removeAll()
    }
}
