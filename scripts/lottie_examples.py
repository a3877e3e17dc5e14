#!/usr/bin/env python3
"""Writes the Lottie (Bodymovin JSON) animations of Examples/lottie/: a confetti burst and a
lower third. Made here, from shapes and keyframes, so that the examples carry no third-party
animation; run it again after changing it (the JSON files are committed).

    python3 scripts/lottie_examples.py
"""

import json
import math
import os
import random

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MEDIA = os.path.join(ROOT, "Examples", "lottie")


def static(value):
    return {"a": 0, "k": value}


def keyframes(*frames, ease_out=(0.25, 0.8), ease_in=(0.35, 1.0)):
    """[(t, value), …] → an animated property; each segment eases out of its start."""
    k = []
    for index, (t, value) in enumerate(frames):
        frame = {"t": t, "s": value if isinstance(value, list) else [value]}
        if index < len(frames) - 1:
            frame["o"] = {"x": [ease_out[0]], "y": [ease_out[1]]}
            frame["i"] = {"x": [ease_in[0]], "y": [ease_in[1]]}
        k.append(frame)
    return {"a": 1, "k": k}


def transform(position, rotation=static(0), opacity=static(100), scale=static([100, 100, 100])):
    return {"o": opacity, "r": rotation, "p": position, "a": static([0, 0, 0]), "s": scale}


def rectangle_group(width, height, color, radius=0, x=0, y=0):
    return {"ty": "gr", "nm": "shape", "it": [
        {"ty": "rc", "d": 1, "nm": "rect", "s": static([width, height]), "p": static([x, y]),
         "r": static(radius)},
        {"ty": "fl", "nm": "fill", "c": static(color), "o": static(100), "r": 1},
        {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]),
         "r": static(0), "o": static(100)},
    ]}


def shape_layer(index, name, ks, shapes, out_point):
    return {"ddd": 0, "ind": index, "ty": 4, "nm": name, "sr": 1, "ks": ks, "ao": 0,
            "shapes": shapes, "ip": 0, "op": out_point, "st": 0, "bm": 0}


def animation(name, width, height, out_point, layers):
    return {"v": "5.7.0", "fr": 30, "ip": 0, "op": out_point, "w": width, "h": height,
            "nm": name, "ddd": 0, "assets": [], "layers": layers}


def hex_color(text):
    return [int(text[i:i + 2], 16) / 255 for i in (1, 3, 5)] + [1]


def confetti():
    """40 pieces thrown up from below the centre, turning as they fall and fade (2.5 s)."""
    rng = random.Random(29)
    palette = ["#FFD23F", "#EE4266", "#3BCEAC", "#0EAD69", "#540D6E", "#FFFFFF", "#F78C6B"]
    width, height, end = 640, 360, 75
    origin = (320, 330)
    layers = []
    for index in range(40):
        angle = math.radians(rng.uniform(-150, -30))
        reach = rng.uniform(150, 300)
        top = (origin[0] + math.cos(angle) * reach, origin[1] + math.sin(angle) * reach)
        drift = rng.uniform(-60, 60)
        fall = (top[0] + drift, top[1] + rng.uniform(120, 260))
        peak = rng.randint(14, 22)
        turn = rng.choice([-1, 1]) * rng.uniform(360, 900)
        ks = transform(
            keyframes((0, [origin[0], origin[1], 0]), (peak, [top[0], top[1], 0]),
                      (end - 1, [fall[0], fall[1], 0]), ease_out=(0.2, 0.9), ease_in=(0.5, 1)),
            rotation=keyframes((0, 0), (end - 1, turn), ease_out=(0.3, 0.3), ease_in=(0.7, 0.7)),
            opacity=keyframes((0, 100), (end - 20, 100), (end - 1, 0)))
        piece = rectangle_group(rng.choice([6, 8, 10]), rng.choice([10, 14, 16]),
                                hex_color(rng.choice(palette)), radius=1)
        layers.append(shape_layer(index + 1, f"piece {index + 1}", ks, [piece], end))
    return animation("confetti", width, height, end, layers)


def lower_third():
    """A name bar and a title bar sliding in from the left, held, sliding out (3 s)."""
    width, height, end = 640, 360, 90
    def bar(index, name, size, y, color, enter, leave):
        w, h = size
        shown, hidden = 24 + w / 2, -w / 2 - 8
        ks = transform(keyframes((enter, [hidden, y, 0]), (enter + 14, [shown, y, 0]),
                                 (leave, [shown, y, 0]), (leave + 12, [hidden, y, 0]),
                                 ease_out=(0.2, 0.9), ease_in=(0.3, 1)))
        return shape_layer(index, name, ks, [rectangle_group(w, h, hex_color(color), radius=4)],
                           end)
    layers = [
        bar(1, "accent", (6, 44), 276, "#FFFFFF", 0, 74),
        bar(2, "name bar", (360, 44), 276, "#B8336A", 2, 72),
        bar(3, "title bar", (260, 26), 314, "#3D1A6E", 6, 70),
    ]
    return animation("lower third", width, height, end, layers)


def main():
    for name, value in (("confetti.json", confetti()), ("lower-third.json", lower_third())):
        path = os.path.join(MEDIA, name)
        with open(path + ".tmp", "w", encoding="utf-8") as out:
            json.dump(value, out, separators=(",", ":"))
            out.write("\n")
        os.replace(path + ".tmp", path)
        print(f"wrote {os.path.relpath(path, ROOT)}")


if __name__ == "__main__":
    main()
