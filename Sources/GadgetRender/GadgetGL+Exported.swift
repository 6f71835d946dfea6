// GadgetRender's own API speaks GadgetGL's types (a scene's draw throws `GLError`, the batcher
// takes `Texture`s and `TextureID`s), so a module that uses GadgetRender sees them too, as
// swift-nio's NIOPosix re-exports NIOCore. A module that uses GadgetGL without GadgetRender (the
// display backends) declares and imports it itself.
@_exported import GadgetGL
