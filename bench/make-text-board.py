#!/usr/bin/env python3
"""Writes the text benchmark board (docs/BENCHMARKS.md, "Text"): 200 text gadgets in a 20 x 10
grid on a 1920x1080 canvas, in Latin, Arabic and Japanese (each third), over colour cards, with
a few clear captions; every one movable and every string different. Deterministic (no
randomness).

    bench/make-text-board.py DIR      -> DIR/board.json
"""
import json, pathlib, sys

LATIN = ["Opening hours 9–18", "Espresso 2.40 €", "Gate B12 boarding", "Welcome to the museum", "Today's special",
         "Room 214 → left", "Free Wi-Fi: ask us", "Sale −30 % on shoes"]
ARABIC = ["أهلاً وسهلاً", "ساعات العمل ٩–١٨", "القهوة ٢٫٤٠ €", "مرحباً بكم في المتحف", "الطابق الثاني", "عرض اليوم"]
JAPANESE = ["ようこそ", "営業時間 9時〜18時", "本日のおすすめ", "コーヒー 400円", "二階へどうぞ", "出口はこちら"]
CARDS = ["#1d3557", "#457b9d", "#2a9d8f", "#e76f51", "#6d597a", "#264653", "#b5838d", "#3a5a40"]

def main():
    out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    out.mkdir(parents=True, exist_ok=True)
    gadgets = []
    cols, rows, w, h = 20, 10, 92, 100
    for i in range(cols * rows):
        c, r = i % cols, i // cols
        script = i % 3
        # A number in each script makes all 200 strings different: no label is served from the
        # text cache, every one is shaped and rasterised.
        arabic_digits = "".join("٠١٢٣٤٥٦٧٨٩"[int(d)] for d in str(i))
        string = [f"{LATIN[i % len(LATIN)]} #{i}", f"{ARABIC[i % len(ARABIC)]} {arabic_digits}",
                  f"{JAPANESE[i % len(JAPANESE)]} {i}番"][script]
        g = {"id": f"t{i}", "center": [48 + c * 96, 56 + r * 104], "size": [w, h], "rotation": (i % 7) - 3,
             "text": {"string": string, "size": 15 + (i % 4) * 2, "align": "center", "verticalAlign": "middle",
                      "maxLines": 3, "padding": 6, "color": "#ffffff"}}
        if i % 10 != 9:
            g["color"] = CARDS[i % len(CARDS)]
        else:
            g["text"]["color"] = "#f4d35e"
        gadgets.append(g)
    board = {"size": [1920, 1080], "background": "#0f1720", "gadgets": gadgets}
    (out / "board.json").write_text(json.dumps(board, ensure_ascii=False, indent=1) + "\n")

main()
