import CQREncode
import GadgetCore
import GadgetSystem

/// Text to QR modules through libqrencode, in 8-bit (byte) mode at the gadget's error-correction
/// level, the smallest version that fits: the mode `check`'s capacity bound assumes
/// (`GadgetQR.byteCapacity`). Thread: any (libqrencode keeps no shared state in this call).
public enum QREncoder {
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case empty
        case tooLong(bytes: Int, ecc: GadgetQR.ECC)
        case library(String)
        public var description: String {
            switch self {
            case .empty: return "empty QR text"
            case .tooLong(let n, let ecc): return "\(n) bytes do not fit a QR code at level \(ecc.rawValue) (at most \(GadgetQR.byteCapacity(ecc)))"
            case .library(let s): return "QRcode_encodeData failed: \(s)"
            }
        }
    }

    public static func encode(_ text: String, ecc: GadgetQR.ECC) -> Result<QRSymbol, Failure> {
        let bytes = Array(text.utf8)
        if bytes.isEmpty { return .failure(.empty) }
        if bytes.count > GadgetQR.byteCapacity(ecc) { return .failure(.tooLong(bytes: bytes.count, ecc: ecc)) }
        let level: QRecLevel
        switch ecc {
        case .L: level = QR_ECLEVEL_L
        case .M: level = QR_ECLEVEL_M
        case .Q: level = QR_ECLEVEL_Q
        case .H: level = QR_ECLEVEL_H
        }
        // QRcode_encodeData takes the bytes with their length (a NUL inside the text is data).
        guard let code = bytes.withUnsafeBufferPointer({ QRcode_encodeData(Int32($0.count), $0.baseAddress, 0, level) }) else {
            return .failure(.library(SystemCall.lastErrno.description))
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        // Each byte's lowest bit is the module's colour (1: dark); the other bits describe it.
        let modules = (0..<(width * width)).map { code.pointee.data[$0] & 1 == 1 }
        guard let symbol = QRSymbol(width: width, modules: modules) else { return .failure(.library("width \(width)")) }
        return .success(symbol)
    }
}
