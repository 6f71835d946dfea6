/// One page of a paged board (`"pages"`). Its gadgets are in `Board.gadgets` with
/// `Gadget.page` set to this id, so the simulation, the scene and damage tracking treat every
/// gadget alike; only what is shown and what can be touched depends on the page.
public struct BoardPage: Sendable, Equatable {
    /// Unique among the board's pages; what actions, `idle.homePage` and `snapshot --page` name.
    public var id: String
    public init(id: String) { self.id = id }
}
