#!/usr/bin/env python3
"""Writes keypad-tickets.evemu: a navigation keypad that presents as a USB keyboard (as EZ Access
and Storm AudioNav keypads do) moving through board.json: Down x3, Up, Enter (the Tickets link:
page "tickets"), Tab (Buy), Enter (buys), Help, Escape (back home). Key codes are
linux/input-event-codes.h's.
Run: python3 make-keypad-recording.py > keypad-tickets.evemu"""
KEY_ESC, KEY_TAB, KEY_ENTER, KEY_UP, KEY_LEFT, KEY_RIGHT, KEY_DOWN, KEY_HELP = 1, 15, 28, 103, 105, 106, 108, 138
strokes = [KEY_DOWN, KEY_DOWN, KEY_DOWN, KEY_UP, KEY_ENTER, KEY_TAB, KEY_ENTER, KEY_HELP, KEY_ESC]

print("# EVEMU 1.3")
print("# A navigation keypad (USB keyboard) moving through board.json; made by make-keypad-recording.py")
print("N: Gadgetboard Test Keypad")
print("I: 0003 0d8c 0102 0110")
print("P: 00 00 00 00 00 00 00 00")
print("B: 00 13 00 00 00 00 00 00 00")  # EV_SYN, EV_KEY, EV_MSC
keys = set(strokes) | {KEY_LEFT, KEY_RIGHT}  # the keypad has all four arrows
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
    ev(4, 4, 0x70000 + code)
    ev(1, code, value)
    ev(0, 0, 0)
    t += 0.05
t = 1.0
for code in strokes:
    key(code, 1)
    key(code, 0)
    t += 0.9  # a page slide (about 0.5 s) is over before the next key
