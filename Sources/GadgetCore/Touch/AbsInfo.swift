/// The kernel's `struct input_absinfo` for one absolute axis: its range and filtering, in device
/// units. `resolution` is units per millimetre (units per radian for ABS_MT_ORIENTATION, units per
/// g for accelerometers); 0 or nil means unknown, and real devices report nonsense here, so nothing
/// may depend on it without a sanity check.
public struct AbsInfo: Hashable, Sendable {
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// nil when the source did not say (evemu 1.0/1.1 files have no resolution field).
    public var resolution: Int32?

    public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32? = nil) {
        self.minimum = minimum; self.maximum = maximum; self.fuzz = fuzz; self.flat = flat; self.resolution = resolution
    }

    /// True when `maximum > minimum`: only such an axis can be mapped (no division by zero).
    public var hasRange: Bool { maximum > minimum }

    /// `value` limited to `minimum...maximum` (an axis whose range is inverted or empty
    /// clamps to `minimum`).
    @inlinable public func clamp(_ value: Int32) -> Int32 {
        if value < minimum || maximum < minimum { return minimum }
        return value > maximum ? maximum : value
    }
}
