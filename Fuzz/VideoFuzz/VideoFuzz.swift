// libFuzzer target for the video entry a board's clip takes: FFmpeg's probing and demuxing
// (avformat_open_input with the file protocol only, stream info, the best video stream), the
// decoder choice and open, packet reading and decoding, the copy of each picture into a
// VideoFrame, the truncation check, the loop's seek back, and a frame-accurate seek (VideoDecoder,
// VideoProbe). Built by Fuzz/run.sh from GadgetVideo's FFmpeg files (not the decode thread) with
// the CFFmpeg module map, against GadgetCore with assertions on. A VideoError is an answer; a trap
// or an AddressSanitizer/LeakSanitizer report is a finding.
#if canImport(Glibc)
import Glibc
#endif
import GadgetCore

/// FFmpeg opens files by name: each input is written to one scratch file per process.
let scratch = "/tmp/gadgetboard-videofuzz-\(getpid())"

/// Small pictures only: a 16-byte header claiming 8K would make every input cost its allocation.
let limits = VideoLimits(maximumSide: 1024, maximumPixels: 1 << 18)

/// Pictures decoded per pass: enough to reach B-frame reordering and a second GOP in the seeds.
let framesPerPass = 6

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVideo(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let fd = open(scratch, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return 0 }
    var written = 0
    while written < size {
        let n = write(fd, data + written, size - written)
        if n <= 0 { break }
        written += n
    }
    close(fd)
    check()
    return 0
}

func oneLine(_ error: VideoError) {
    precondition(!error.description.contains("\n"), "a multi-line error")
}

func check() {
    let decoder: VideoDecoder
    do { decoder = try VideoDecoder(path: scratch, threads: 1) } catch { oneLine(error); return }
    let info = decoder.info
    if let refusal = limits.refusal(width: info.width, height: info.height) { oneLine(refusal); return }
    _ = decoder.isTruncated
    var times: [Microseconds] = []
    do {
        for _ in 0..<framesPerPass {
            guard let f = try decoder.nextFrame() else { break }
            checkFrame(f)
            times.append(f.time)
        }
        // The loop's way back, then a frame-accurate seek to a time seen.
        try decoder.rewind()
        if let f = try decoder.nextFrame() { checkFrame(f) }
        if let t = times.last { checkFrame(try decoder.frame(at: t)) }
    } catch {
        oneLine(error)
    }
}

/// Planes as the uploader needs them: each plane's bytes exactly its rows × width (× 2 for
/// NV12's chroma), the luma plane the picture's size, the chroma planes no larger.
func checkFrame(_ f: VideoFrame) {
    precondition(f.width > 0 && f.height > 0)
    precondition(f.planes.count == (f.layout == .nv12 ? 2 : 3))
    precondition(f.planes[0].width == f.width && f.planes[0].height == f.height)
    for (i, p) in f.planes.enumerated() {
        precondition(p.width <= f.width && p.height <= f.height && p.width > 0 && p.height > 0)
        // Rows may be padded (the decoder's own rows are borrowed, not copied): each row's
        // samples fit its stride, and the memory reaches the last row's last sample.
        let rowBytes = p.width * (f.layout == .nv12 && i == 1 ? 2 : 1)
        precondition(p.stride >= rowBytes, "plane \(i) stride")
        if let m = p.borrowed {
            precondition(m.rowBytes == rowBytes && m.count == p.stride * (p.height - 1) + rowBytes, "plane \(i) memory")
            // Reads every visible sample of the borrowed rows (the sanitizer sees any overrun).
            precondition(p.bytes.count == rowBytes * p.height, "plane \(i) size")
        } else {
            precondition(p.bytes.count >= p.stride * (p.height - 1) + rowBytes, "plane \(i) size")
        }
    }
    precondition(f.duration >= 0)
}
