#!/usr/bin/env python3
"""The preview page shows an export's alpha over a checkerboard (headless Chromium, Selenium).

Run by Tests/ReelPreviewTests/PreviewAlphaBrowserTests.swift with the URL of `reel preview`
of a 320×160 template with `"background": "clear"` and `"export": {"alpha": true}`: a colour
at half opacity over x 0…79, nothing over x 80…239, an opaque #20c040 square over x 240…319.

    preview_alpha_test.py --url URL

Checks, printed as JSON lines {"check", "ok", "detail"} as preview_browser_test.py does:
the canvas's own pixels keep the frame's alpha (clear, half, opaque), and what the page shows
(a screenshot of the canvas element) is the checkerboard where the frame is clear, the square's
colour where it is opaque, and a mix of the two where it is half covered.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import preview_browser as pb  # noqa: E402
from preview_browser_test import Checks  # noqa: E402

DARK, LIGHT = 0x99, 0xCC  # preview.css: --checker-dark, --checker-light
SQUARE = (0x20, 0xC0, 0x40)
MOVIE_WIDTH = 320


def pixel(picture, x, y):
    width, _, data = picture
    offset = (y * width + x) * 4
    return tuple(data[offset:offset + 4])


def region(picture, x0, x1):
    """Every pixel of the columns x0…x1-1 (movie coordinates, scaled to the picture), 2 px in."""
    width, height, _ = picture
    scale = width / MOVIE_WIDTH
    left, right = int(x0 * scale) + 2, int(x1 * scale) - 2
    return [pixel(picture, x, y) for y in range(2, height - 2) for x in range(left, right)]


def near(value, target, tolerance=3):
    return abs(value - target) <= tolerance


def run(driver, args, work, checks):
    driver.get(args.url)
    first = pb.wait_for(lambda: driver.execute_script(
        "return window.reelPreview && window.reelPreview.shown;"), 60)
    if not checks.record("the first frame appears", first is not None):
        return
    canvas = pb.canvas_rgba(driver)
    clear = region(canvas, 80, 240)
    half = region(canvas, 0, 80)
    square = region(canvas, 240, 320)
    checks.record("the canvas keeps the frame's alpha: clear, half, opaque",
                  all(p[3] == 0 for p in clear) and all(near(p[3], 128) for p in half)
                  and all(p[3] == 255 for p in square),
                  f"alpha {clear[0][3]}, {half[0][3]}, {square[0][3]} at {canvas[:2]}")

    shot = os.path.join(work, "canvas.png")
    with open(shot, "wb") as file:
        file.write(driver.find_element("id", "frame").screenshot_as_png)
    shown = pb.png_rgba(shot)
    if not checks.record("the screenshot is the canvas's size", shown[:2] == canvas[:2],
                         f"screenshot {shown[:2]}, canvas {canvas[:2]}"):
        return
    grey = [p for p in region(shown, 80, 240) if p[0] == p[1] == p[2]]
    clear_shown = region(shown, 80, 240)
    dark = sum(1 for p in clear_shown if all(near(c, DARK) for c in p[:3]))
    light = sum(1 for p in clear_shown if all(near(c, LIGHT) for c in p[:3]))
    total = len(clear_shown)
    checks.record("where the frame is clear the page shows the checkerboard",
                  dark + light >= 0.95 * total and min(dark, light) >= 0.3 * total
                  and len(grey) >= 0.95 * total,
                  f"{dark} dark, {light} light of {total} pixels")
    # Neighbouring 8 px squares alternate: along a row, the grey changes every 8 px.
    width = shown[0]
    left = int(80 * width / MOVIE_WIDTH) + 4
    row = [pixel(shown, x, 20)[0] for x in range(left, left + 64)]
    changes = sum(1 for a, b in zip(row, row[1:]) if abs(a - b) > 20)
    checks.record("the checkerboard's squares are 8 px", 7 <= changes <= 9,
                  f"{changes} changes over 64 px: {row}")
    opaque = region(shown, 240, 320)
    checks.record("where the frame is opaque the page shows its colour",
                  all(all(near(c, t) for c, t in zip(p[:3], SQUARE)) for p in opaque),
                  f"first {opaque[0][:3]}")
    # Half covered: half the colour plus half the checkerboard, so two values alternate.
    colour = pixel(canvas, 4, 4)
    expected = {round(colour[0] * colour[3] / 255 + grey_level * (1 - colour[3] / 255))
                for grey_level in (DARK, LIGHT)}
    reds = {p[0] for p in region(shown, 0, 80)}
    checks.record("where the frame is half covered the checkerboard shows through",
                  all(any(near(r, e, 4) for e in expected) for r in reds) and len(reds) >= 2,
                  f"reds {sorted(reds)}, expected about {sorted(expected)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", required=True)
    args = parser.parse_args()
    checks = Checks()
    work = tempfile.mkdtemp(prefix="reel-alpha-test-")
    browser = None
    try:
        browser = pb.Browser(1000, 600)
        run(browser.driver, args, work, checks)
    except Exception as error:  # noqa: BLE001 - reported as a failed check
        checks.record("the page can be driven", False, f"{type(error).__name__}: {error}")
        if browser:
            for message in browser.console()[-20:]:
                print(json.dumps({"console": message}), flush=True)
    finally:
        if browser:
            browser.close()
        shutil.rmtree(work, ignore_errors=True)
    print(json.dumps({"ok": checks.ok, "checks": len(checks.results)}), flush=True)
    return 0 if checks.ok else 1


if __name__ == "__main__":
    sys.exit(main())
