import GadgetCore
import GadgetSystem

extension LiveBoard {
    /// A video gadget's new clip (`GadgetChange.video`): a regular file below the board's
    /// directory, reached without following a symlink (as a client's image is), so a value from a
    /// live-data source cannot point the player anywhere else. The player (`VideoGadgets`) sees
    /// the gadget's new path and plays it from its start.
    func checkClip(_ path: BoardRelativePath, for g: Gadget) -> Result<String, ControlFailure> {
        guard g.video != nil else { return .failure(ControlFailure(field: "video", message: "gadget \"\(g.id)\" has no video")) }
        guard let root = controlRoot else { return .failure(ControlFailure(field: "video", message: "the demo board has no directory to read clips from")) }
        do {
            try ConfinedFile.checkRegular(path.components, under: root, name: path.description)
        } catch {
            return .failure(ControlFailure(field: "video", message: "\(path): \(error.errno.description)"))
        }
        return .success(path.description)
    }
}
