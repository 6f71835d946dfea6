/// One evdev event as the kernel (or an evemu recording) gives it: time on CLOCK_MONOTONIC (or
/// the recording's clock) in microseconds, type, code, signed value.
public struct InputEvent: Hashable, Sendable {
    public var time: Microseconds
    public var type: UInt16
    public var code: UInt16
    public var value: Int32
    public init(time: Microseconds, type: UInt16, code: UInt16, value: Int32) {
        self.time = time; self.type = type; self.code = code; self.value = value
    }
}

/// Microseconds on one clock (CLOCK_MONOTONIC live; recording time in replay). Integers keep
/// replay bit-exact; convert to seconds only at the edge of a computation.
public typealias Microseconds = Int64

extension Microseconds {
    @inlinable public var seconds: Double { Double(self) / 1_000_000 }
}

/// The evdev constants the core needs (linux/input-event-codes.h). Kept here because the core
/// may not import the C header; values are kernel ABI and never change.
public enum EV {
    public static let syn: UInt16 = 0x00, key: UInt16 = 0x01, rel: UInt16 = 0x02, abs: UInt16 = 0x03, msc: UInt16 = 0x04
    public static let synReport: UInt16 = 0, synConfig: UInt16 = 1, synMTReport: UInt16 = 2, synDropped: UInt16 = 3
    public static let btnLeft: UInt16 = 0x110, btnTouch: UInt16 = 0x14a, btnToolFinger: UInt16 = 0x145
    public static let relX: UInt16 = 0x00, relY: UInt16 = 0x01
    public static let absX: UInt16 = 0x00, absY: UInt16 = 0x01, absZ: UInt16 = 0x02
    public static let absMTSlot: UInt16 = 0x2f, absMTTouchMajor: UInt16 = 0x30, absMTTouchMinor: UInt16 = 0x31
    public static let absMTOrientation: UInt16 = 0x34
    public static let absMTPositionX: UInt16 = 0x35, absMTPositionY: UInt16 = 0x36
    public static let absMTToolType: UInt16 = 0x37, absMTTrackingID: UInt16 = 0x39, absMTPressure: UInt16 = 0x3a
    public static let propPointer = 0, propDirect = 1, propAccelerometer = 6
}
