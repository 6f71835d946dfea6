import GadgetCore
import GadgetRender
import GadgetSystem

/// The one way a running board changes: a `GadgetChange` is checked whole (all or nothing), then
/// written once to the board (`session`), and the scene and the damage follow from it. A change
/// with a duration hands its pose, opacity and colour to the animations feature.
extension LiveBoard {
    /// Checks `change` whole, then applies it: at once, or (with a duration) eased by the
    /// animations feature, or (a picture not decoded yet) once a worker decoded it, a failure
    /// then logged (LiveBoard+ImageSet.swift). The failure names the field at fault; nothing
    /// changed then.
    public func apply(_ change: GadgetChange, now: Microseconds) -> Result<Void, ControlFailure> {
        apply(change, now: now, done: nil).map { _ in () }
    }

    /// `apply` with every picture it names decoded already (or decoded here, on this thread).
    func applyNow(_ change: GadgetChange, now: Microseconds) -> Result<Void, ControlFailure> {
        guard let i = board.gadgets.firstIndex(where: { $0.id == change.gadget }) else {
            return .failure(ControlFailure(field: "gadget", message: "no gadget \"\(change.gadget)\" on this board"))
        }
        let index = GadgetIndex(i)
        var newText: GadgetText?
        if let text = change.text {
            switch resolveText(text, for: board.gadgets[i]) {
            case .failure(let f): return .failure(f)
            case .success(let t): newText = t
            }
        }
        var image: (ImageReference, RGBAImage?)?
        if let path = change.image {
            switch loadImage(path, for: board.gadgets[i]) {
            case .failure(let f): return .failure(f)
            case .success(let loadedImage): image = loadedImage
            }
        }
        var clip: String?
        if let path = change.video {
            switch checkClip(path, for: board.gadgets[i]) {  // LiveBoard+Clip.swift
            case .failure(let f): return .failure(f)
            case .success(let p): clip = p
            }
        }
        // A new change of this gadget ends its running animation first (at its end values).
        animations.finish(gadget: change.gadget, board: self)
        advance(to: now)
        let duration = change.durationMicroseconds
        let before = board.gadgets[i]
        let fromPose = session.world.pose(index)
        var toPose = fromPose
        if let c = change.center { toPose.center = c }
        if let r = change.rotation { toPose.rotation = Math.radians(r) }
        if let s = change.scale { toPose.scale = s }
        let animate = duration > 0
        if let (ref, decoded) = image, let decoded {
            images[ref.path] = decoded
            recordImageFiles([ref.path])
        }
        writeLook(index) { g in
            if let (ref, _) = image { g.appearance = .image(ref) }
            if let c = change.color, !animate || !Self.isColor(g.appearance) { g.appearance = .color(c) }
            if let o = change.opacity, !animate { g.opacity = o }
            if let h = change.hidden { g.hidden = h }
            if let newText { g.text = newText }
            if let clip { g.video?.path = clip }
        }
        if animate {
            var fromColor: Color?, toColor: Color?
            if let c = change.color, case .color(let old) = before.appearance { fromColor = old; toColor = c }
            animations.begin(ControlAnimation(gadget: index, start: now, duration: duration, fromPose: fromPose, toPose: toPose,
                                              fromOpacity: before.opacity, toOpacity: change.opacity ?? before.opacity,
                                              fromColor: fromColor, toColor: toColor), gadget: change.gadget)
        } else if change.changesPose {
            place(index, at: toPose)
        }
        lookChanged(index)
        if let newText, newText != before.text {
            textChanged(index, from: before.text, to: newText)
            observer?.liveBoard(self, textChanged: change.gadget, now: now)
        }
        if let z = change.z, z != before.z { restack(index, z: z) }
        if image != nil { pruneImages() }
        drawAgain(.boardChanged)
        return .success(())
    }

    /// One frame of an animation (`ControlAnimations`): pose, opacity and colour written to the
    /// board, the scene following. A gadget gone (a new board) is skipped.
    func write(sample s: ControlAnimation.Sample, of a: ControlAnimation, gadget id: String) {
        guard let index = index(of: id) else { return }
        if a.fromPose != a.toPose { place(index, at: s.pose) }
        writeLook(index) { g in
            g.opacity = s.opacity
            if let c = s.color { g.appearance = .color(c) }
        }
        lookChanged(index)
        drawAgain(.boardChanged)
    }

    static func isColor(_ a: Gadget.Appearance) -> Bool { if case .color = a { return true }; return false }

    /// The board's look of gadget `index` goes to the scene (a new scene when its image is not in
    /// the atlas yet).
    func lookChanged(_ index: GadgetIndex) {
        let g = board.gadgets[index.rawValue]
        if !sceneStale, hasDisplay, !scene.updateLook(index.rawValue, to: g) { sceneStale = true }
    }

    /// Reads and decodes `path` below the board's directory, for gadget `g` (decoded no larger
    /// than it can be shown), on this thread. An image the board already has is reused. A
    /// control client's `set` decodes on a worker instead (LiveBoard+ImageSet.swift).
    func loadImage(_ path: BoardRelativePath, for g: Gadget) -> Result<(ImageReference, RGBAImage?), ControlFailure> {
        guard let root = controlRoot else { return .failure(ControlFailure(field: "image", message: "the demo board has no directory to read images from")) }
        let ref = ImageReference(path: path.description, jsonPath: "set image")
        if images[ref.path] != nil { return .success((ref, nil)) }
        switch ConfinedImageSource(root: root, base: []).image(at: path.description, needed: neededSize(for: g)) {
        case .success(let image): return .success((ref, image))
        case .failure(let f): return .failure(ControlFailure(field: "image", message: f.message))
        }
    }

    /// Drops decoded images no gadget shows any more: a client cycling through a thousand
    /// pictures must not keep them all.
    func pruneImages() {
        var used = Set(board.imageReferences.map(\.path))
        if decoding != nil { used.formUnion(images.keys) }
        let dropped = images.keys.filter { !used.contains($0) }
        images = images.filter { used.contains($0.key) }
        imageFiles = imageFiles.filter { used.contains($0.key) }
        // A picture added at run time frees its atlas room for the next; no new atlas.
        if hasDisplay, !sceneStale { for path in dropped { scene.releaseImage(path, board: board) } }
    }

    /// Notes which file each of `paths` was decoded from (for reuse by the next load).
    func recordImageFiles(_ paths: some Sequence<String>) {
        guard let directory = imageDirectory else { return }
        let needed = board.imageDisplaySizes(displayScale: scene.viewport.scale, maximumSide: BoardLoader.maximumImageSide)
        for path in paths {
            guard let identity = FileIO.identity(FileIO.resolve(path, against: directory)), let n = needed[path] else { continue }
            imageFiles[path] = ImageFileRecord(identity: identity, needed: n)
        }
    }
}
