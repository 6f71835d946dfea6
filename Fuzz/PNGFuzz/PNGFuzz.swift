// libFuzzer target for the image path a board's PNG files take before they reach the GPU:
// libpng decode (PNGCodec) → downscale to the atlas page → premultiply → atlas packing and page
// composition (BoardScene's steps, without GL). Built by Fuzz/run.sh from PNGCodec.swift and
// AtlasLayout.swift with the CPNG module map, against GadgetCore with assertions on.
// A decoder error is an answer; a trap or an AddressSanitizer/LeakSanitizer report is a finding.
import GadgetCore

/// A small atlas page, so downscaling and multi-page packing run on ordinary test images
/// (the kiosk's page is the GPU's texture limit, 2048–4096).
let pageSide = 48

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    decodeAndUse(bytes)
    // libpng rejects a critical chunk whose CRC is wrong, which almost every mutation makes it;
    // the same input with its CRCs repaired reaches the chunk and pixel decoding behind the check.
    let repaired = withRepairedCRCs(bytes)
    if repaired != bytes { decodeAndUse(repaired) }
    return 0
}

/// Most pixels decoded per input. The codec allocates the whole RGBA buffer before libpng reads
/// a row, so a 33-byte header claiming 8192×8192 costs 256 MiB of zeroing even when the data
/// that follows is garbage; at that price the fuzzer would run ~100 inputs a second instead of
/// thousands. Sizes above the codec's limit still go through (they are refused before allocating).
let maximumFuzzedPixels = 1 << 18

func decodeAndUse(_ bytes: [UInt8]) {
    if bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) {
        func be32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        let w = be32(16), h = be32(20)
        if w <= PNGCodec.maximumSide, h <= PNGCodec.maximumSide, w * h > maximumFuzzedPixels { return }
    }
    let image: RGBAImage
    do { image = try PNGCodec.decode(bytes) } catch {
        // Errors must describe themselves without trapping.
        _ = error.description
        return
    }
    precondition(image.width > 0 && image.height > 0 && image.width <= PNGCodec.maximumSide && image.height <= PNGCodec.maximumSide)
    precondition(image.pixels.count == image.width * image.height * 4)

    // What we write we read back unchanged (snapshots and the demo export write PNGs).
    if image.width * image.height <= 128 * 128 {
        guard let encoded = try? PNGCodec.encode(image) else { preconditionFailure("a decoded image did not encode") }
        guard let again = try? PNGCodec.decode(encoded) else { preconditionFailure("an encoded image did not decode") }
        precondition(again == image, "PNG round trip changed the pixels")
    }

    // BoardScene: fit the page (white block and gutters included), premultiply, pack, compose.
    let fit = pageSide - 2 * AtlasLayout.gutter - AtlasLayout.whiteBlock
    let small = image.downscaled(toFit: fit).premultiplied()
    precondition(small.width <= fit && small.height <= fit && small.width > 0 && small.height > 0)
    // Twice, plus a sliver, so shelves fill and a second page is opened for large images.
    let sliver = RGBAImage(width: 1, height: max(1, small.height / 2), fill: (255, 0, 0, 255))
    let images = [small, sliver, small]
    let layout = AtlasLayout(sizes: images.map(\.size), pageSide: pageSide)
    for p in layout.pages.indices {
        let page = layout.composePage(p, images: images)
        precondition(page.width <= pageSide && page.height <= pageSide)
    }
    for r in layout.regions {
        precondition(r.u0 >= 0 && r.u1 <= 1 && r.v0 >= 0 && r.v1 <= 1 && r.u0 < r.u1 && r.v0 < r.v1, "atlas region outside its page")
    }
}

/// `bytes` with the CRC of every whole chunk after the signature recomputed (a chunk is a 4-byte
/// big-endian length, 4-byte type, data, then the CRC-32 of type and data).
func withRepairedCRCs(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    var i = 8
    while i + 12 <= out.count {
        let length = Int(out[i]) << 24 | Int(out[i + 1]) << 16 | Int(out[i + 2]) << 8 | Int(out[i + 3])
        guard length <= out.count - i - 12 else { break }
        let crc = crc32(out[(i + 4)..<(i + 8 + length)])
        for k in 0..<4 { out[i + 8 + length + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
        i += 12 + length
    }
    return out
}

/// CRC-32 (ISO 3309, as PNG uses it), bytewise with a table.
func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
}

let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
}
