/// Which benchmark `gadgetboard bench` runs.
public enum BenchWorkloadKind: String, Sendable, CaseIterable {
    /// SDL2 testsprite2's workload: N bouncing sprites, every frame fully drawn (`SpriteBench`).
    case sprites
    /// A kiosk's frames: the demo board through the kiosk loop, dragged, flicked, idle (`BoardBench`).
    case board
    /// Page swipes on a generated three-page board through the kiosk loop (`PageSwipeBench`).
    case pages
    /// What text costs one label at a time: `setText`, `sharpenText`, bare renders (`TextBench`).
    case text
}
