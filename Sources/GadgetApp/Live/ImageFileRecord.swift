import GadgetCore
import GadgetSystem

/// Where an image came from, to tell a reload whether it may be reused.
struct ImageFileRecord: Sendable, Equatable {
    var identity: FileIdentity
    var needed: PixelSize
}
