#!/usr/bin/env python3
"""Makes docs/images/preview.png: the `reel preview` page in headless Chromium (1400×900) for a
birthday card with two clips and a cross-fade, layers with animations and subtitles, with the
title layer selected at 2.5 s.

    swift build --product reel && python3 scripts/preview-screenshot.py [--reel PATH] [--out PNG]

Uses the media `reel demo --media-only` makes, in a temporary folder; everything it starts is
stopped by process id.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "ReelPreviewTests", "Browser"))
import preview_browser as pb  # noqa: E402

TEMPLATE = {
    "version": 1,
    "variables": {"name": "Ada"},
    "size": [640, 360],
    "clips": [
        {"media": "media/clip-a.mp4"},
        {"media": "media/clip-b.mp4", "transition": {"type": "crossFade", "duration": 1}},
    ],
    "subtitles": [{"file": "media/captions.srt", "position": "top", "margin": 16}],
    "layers": [
        {"type": "color", "name": "background", "color": "#3D1A6E"},
        {"type": "video", "name": "video", "frame": [72, 14, 496, 279], "cornerRadius": 12,
         "masksToBounds": True, "border": {"width": 5, "color": "white"}},
        {"type": "image", "name": "star", "image": "media/star.png", "frame": [548, 4, 88, 88],
         "animations": [{"property": "rotation", "from": 0, "to": 360, "duration": 2,
                         "repeat": "forever"}]},
        {"type": "text", "name": "title", "frame": [20, 298, 600, 56],
         "text": "Happy Birthday, {{name}}",
         "font": {"family": "DejaVu Sans", "size": 40, "weight": 700}, "color": "white",
         "align": "center", "outline": {"color": "#B8336A", "width": 6}, "start": 0.5,
         "animations": [{"property": "scale", "from": 0.6, "to": 1, "begin": 0.5,
                         "spring": {"damping": 10}}]},
    ],
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reel", default=os.path.join(ROOT, ".build", "debug", "reel"))
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "images", "preview.png"))
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="reel-preview-shot-")
    preview = browser = None
    try:
        subprocess.run([args.reel, "demo", "-o", os.path.join(folder, "media"), "--media-only"],
                       check=True, capture_output=True)
        template = os.path.join(folder, "birthday-card.json")
        with open(template, "w") as file:
            json.dump(TEMPLATE, file, indent=2)
        preview = pb.Preview(args.reel, template)
        browser = pb.Browser(1400, 900)
        driver = browser.driver
        driver.get(preview.url)
        if not pb.wait_for(lambda: driver.execute_script("return reelPreview.shown"), 60):
            raise RuntimeError(f"no frame shown: {browser.console()}")
        bars = driver.find_elements("css selector", '#timeline .layer-bar[data-id]')
        title = [bar for bar in bars if bar.text == "title"] or bars[-1:]
        title[0].click()
        index = round(2.5 * driver.execute_script("return reelPreview.movie.frameRate"))
        driver.execute_script("reelPreview.seek(arguments[0])", index)
        pb.wait_for(lambda: (driver.execute_script("return reelPreview.shown") or {}).get(
            "index") == index, 30)
        pb.wait_for(lambda: driver.execute_script(
            "return !document.getElementById('selection').hidden"), 5)
        temporary = args.out + ".tmp.png"
        driver.save_screenshot(temporary)
        os.replace(temporary, args.out)
        print(f"wrote {os.path.relpath(args.out, ROOT)}")
    finally:
        if browser:
            browser.close()
        if preview:
            preview.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
