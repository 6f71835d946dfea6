import GadgetCore
import GadgetRender

/// The app tests decode PNGs they wrote (screenshots) through the same codec.
enum PNGCodecAccess {
    static func decode(_ bytes: [UInt8]) throws -> RGBAImage { try PNGCodec.decode(bytes) }
}
