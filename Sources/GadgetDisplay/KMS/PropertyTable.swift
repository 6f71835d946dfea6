/// One KMS object's properties by name (wlroots keeps the same table per object): the atomic
/// request builder looks ids up here, and the current values tell what the object is doing.
public struct PropertyTable: Sendable, Hashable {
    private var ids: [String: PropertyID] = [:]
    private var values: [String: UInt64] = [:]

    public init() {}

    mutating func insert(name: String, id: PropertyID, value: UInt64) {
        ids[name] = id; values[name] = value
    }

    public func id(_ name: String) -> PropertyID? { ids[name] }
    public func value(_ name: String) -> UInt64? { values[name] }
    public var names: [String] { ids.keys.sorted() }

    /// The ids of every name in `required`, or the names that are missing.
    func require(_ required: [String]) -> Result<[String: PropertyID], MissingProperties> {
        let missing = required.filter { ids[$0] == nil }
        if !missing.isEmpty { return .failure(MissingProperties(names: missing)) }
        return .success(ids.filter { required.contains($0.key) })
    }

    struct MissingProperties: Error { var names: [String] }
}
