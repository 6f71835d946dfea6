#!/usr/bin/env python3
"""Writes keyboard-de-gruesse-cafe.evemu: a USB keyboard (evemu 1.3 format) typing
"Grüße, café!" on the German layout, the é with the dead acute key (KEY_EQUAL, then KEY_E).
Key codes are the physical keys' (linux/input-event-codes.h); the layout is the board's.
Run: python3 make-keyboard-recording.py > keyboard-de-gruesse-cafe.evemu"""
KEY_LEFTSHIFT, KEY_G, KEY_R, KEY_LEFTBRACE, KEY_MINUS, KEY_E = 42, 34, 19, 26, 12, 18
KEY_COMMA, KEY_SPACE, KEY_C, KEY_A, KEY_F, KEY_EQUAL, KEY_1 = 51, 57, 46, 30, 33, 13, 2
# (key, shifted): G r ü ß e , space c a f ´ e !
strokes = [(KEY_G, True), (KEY_R, False), (KEY_LEFTBRACE, False), (KEY_MINUS, False), (KEY_E, False),
           (KEY_COMMA, False), (KEY_SPACE, False), (KEY_C, False), (KEY_A, False), (KEY_F, False),
           (KEY_EQUAL, False), (KEY_E, False), (KEY_1, True)]

print("# EVEMU 1.3")
print("# A keyboard typing 'Grüße, café!' on layout de (dead acute then e); made by make-keyboard-recording.py")
print("N: Gadgetboard Test Keyboard")
print("I: 0003 046d c31c 0110")
print("P: 00 00 00 00 00 00 00 00")
print("B: 00 13 00 00 00 00 00 00 00")  # EV_SYN, EV_KEY, EV_MSC
keys = set(range(1, 89)) | {96, 97, 98, 100, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111}
mask = [0] * 96
for k in keys: mask[k // 8] |= 1 << (k % 8)
for n in range(12):
    print("B: 01 " + " ".join("%02x" % b for b in mask[8 * n: 8 * n + 8]))
print("B: 04 10 00 00 00 00 00 00 00")  # MSC_SCAN
t = 0.0
def ev(type_, code, value):
    print("E: %.6f %04x %04x %04d" % (t, type_, code, value))
def key(code, value):
    global t
    ev(4, 4, 0x70000 + code)  # MSC_SCAN, as USB keyboards send before each key
    ev(1, code, value)
    ev(0, 0, 0)
    t += 0.04
t = 1.0
for code, shifted in strokes:
    if shifted: key(KEY_LEFTSHIFT, 1)
    key(code, 1)
    key(code, 0)
    if shifted: key(KEY_LEFTSHIFT, 0)
    t += 0.08
