// libFuzzer target for the JSON Pointer path of live data: a pointer from the board file and a
// payload from any server. Input: POINTER NUL PAYLOAD. JSONPointer.parse → (accepted) its
// string form parses back to the same tokens → resolve in the payload (JSON, or the text itself,
// as SourcePayload reads it). Invariants: nothing traps; a resolved value is a part of the
// document (resolving its own pointer inside an array/object finds it again).
import GadgetCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPointer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let fields = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let text = String(decoding: fields[0], as: UTF8.self)
    let document = SourcePayload.value(fields.count > 1 ? Array(fields[1]) : [])
    guard case .success(let pointer) = JSONPointer.parse(text) else { return 0 }
    guard case .success(let again) = JSONPointer.parse(pointer.description) else { preconditionFailure("\(pointer) does not parse back") }
    precondition(again.tokens == pointer.tokens, "\(pointer) round-trips to \(again)")
    if case .success(let found) = pointer.resolve(in: document), let last = pointer.tokens.last {
        // The parent holds `found` under the last token.
        let parent = JSONPointer(tokens: Array(pointer.tokens.dropLast()))
        guard case .success(let container) = parent.resolve(in: document) else { preconditionFailure("parent of a found value missing") }
        guard case .success(let child) = JSONPointer(tokens: [last]).resolve(in: container) else { preconditionFailure("child not found again") }
        precondition(child == found)
    }
    return 0
}
