/// Finds the EXIF Orientation tag in a JPEG's APP1 segment or a WebP's EXIF chunk.
///
/// Hand-written rather than libexif: we need one SHORT from IFD0, which is ~60 lines of
/// bounds-checked Swift over the TIFF layout, while libexif would add a C dependency that parses
/// every tag and maker note (and has had its share of out-of-bounds CVEs) only for us to read one.
/// Being pure, it lives in GadgetCore and the fuzzer runs it with Swift's bounds checks on.
/// Anything malformed reads as "no orientation" (`.up`): a photo with a broken EXIF block still shows.
public enum ExifOrientationReader {
    /// The orientation `bytes` (a whole JPEG or WebP file) declare; `.up` when they declare none.
    public static func orientation(in bytes: [UInt8]) -> ExifOrientation {
        let tiff: ArraySlice<UInt8>?
        switch ImageFormat.detect(bytes) {
        case .jpeg: tiff = jpegExif(bytes)
        case .webp: tiff = webpExif(bytes)
        case .png, nil: tiff = nil
        }
        guard let tiff, let raw = orientationValue(tiff: tiff) else { return .up }
        return ExifOrientation(rawValue: raw) ?? .up
    }

    static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// The TIFF block of the first APP1 segment starting "Exif\0\0", walking markers until the
    /// scan starts (ITU T.81 B.1.1.4: a 2-byte big-endian length that counts itself).
    static func jpegExif(_ b: [UInt8]) -> ArraySlice<UInt8>? {
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }              // fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }  // start of scan, end of image
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2, i + 2 + length <= b.count else { return nil }
            let body = b[(i + 4)..<(i + 2 + length)]
            if marker == 0xE1, body.starts(with: exifHeader) { return body.dropFirst(exifHeader.count) }
            i += 2 + length
        }
        return nil
    }

    /// The payload of a WebP's "EXIF" chunk (RFC 9649 §2.7: a TIFF block; some writers keep the
    /// JPEG-style "Exif\0\0" prefix, which is skipped).
    static func webpExif(_ b: [UInt8]) -> ArraySlice<UInt8>? {
        var i = 12
        while i + 8 <= b.count {
            let size = Int(b[i + 4]) | Int(b[i + 5]) << 8 | Int(b[i + 6]) << 16 | Int(b[i + 7]) << 24
            guard size <= b.count - (i + 8) else { return nil }
            let body = b[(i + 8)..<(i + 8 + size)]
            if b[i..<(i + 4)].elementsEqual("EXIF".utf8) {
                return body.starts(with: exifHeader) ? body.dropFirst(exifHeader.count) : body
            }
            i += 8 + size + (size & 1)
        }
        return nil
    }

    /// Tag 0x0112 in IFD0 of a TIFF block (TIFF 6.0 §2: "II*\0" or "MM\0*", IFD0's offset, then
    /// 12-byte entries: tag, type, count, value). Only a SHORT with count 1 counts.
    static func orientationValue(tiff t: ArraySlice<UInt8>) -> Int? {
        let base = t.startIndex
        guard t.count >= 8 else { return nil }
        let little: Bool
        switch (t[base], t[base + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= t.count else { return nil }
            let a = Int(t[base + o]), b = Int(t[base + o + 1])
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ o: Int) -> Int? {
            guard let lo = u16(little ? o : o + 2), let hi = u16(little ? o + 2 : o) else { return nil }
            return hi << 16 | lo
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for e in 0..<count {
            let entry = ifd + 2 + 12 * e
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112 {
                guard u16(entry + 2) == 3, u32(entry + 4) == 1 else { return nil }
                return u16(entry + 8)
            }
        }
        return nil
    }
}
