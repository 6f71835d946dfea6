import GadgetCore
import GadgetRender

/// `check --accessibility`'s x-height measure (`XHeightRule.Measure`): each text's font's own
/// x-height per em, read by GadgetRender's `FontXHeights`; when no font library can be opened,
/// every text is unknown (half its size, as the finding says).
public enum BoardFontXHeights {
    public static func measure() -> XHeightRule.Measure {
        guard let fonts = try? FontLibrary(), let heights = try? FontXHeights(fonts: fonts) else { return { _ in nil } }
        return { heights.perEm($0) }
    }
}
