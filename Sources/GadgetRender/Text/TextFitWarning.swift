import GadgetCore

/// The one line for text that does not fit its box, the same in `check`, `snapshot` and `run`:
/// the height it needs against the box's, and what would make it fit.
public enum TextFitWarning {
    public static func message(_ measure: TextMeasure, box: Size2, style: TextStyle) -> String {
        let needed = Int(measure.neededHeight.rounded(.up)), has = JSONWriter.format(box.height)
        if style.fit == .shrink {
            return "text needs \(needed) px of height even at its minSize \(JSONWriter.format(measure.size)) px, the box has \(has) px"
                + " (make the gadget at least \(needed) px high, or give a smaller minSize)"
        }
        return "text needs \(needed) px of height, the box has \(has) px"
            + " (make the gadget at least \(needed) px high, the text smaller, or give \"fit\": \"shrink\")"
    }
}
