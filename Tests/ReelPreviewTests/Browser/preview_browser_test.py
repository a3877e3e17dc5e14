#!/usr/bin/env python3
"""Reel's preview page in a real browser (headless Chromium through Selenium).

Run by Tests/ReelPreviewTests/PreviewBrowserTests.swift, which makes the scenario (an example
template beside its media), starts `reel preview TEMPLATE --port 0` and passes its URL:

    preview_browser_test.py --url URL --reel .build/debug/reel --template card.json \
        --title-from 'Happy Birthday, {{name}}' --title-to 'Hello from the preview'

Each check is printed as one JSON line {"check", "ok", "detail"}; the last line is
{"ok": true|false, "checks": N}. Exit status 0 when every check passed, 1 when one failed,
2 when the page could not be driven at all.

The pictures are compared with `reel frame TEMPLATE --time T --size W×H` (decoded by the
ffmpeg CLI): every 8×8 block mean within 2/255 of the page's canvas.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import preview_browser as pb  # noqa: E402

TOLERANCE = 2.0  # 8×8 block means, in 1/255 steps
RELOAD_SECONDS = 2.0  # the issue: "the test allows 2 s on a loaded machine"


class Checks:
    def __init__(self):
        self.results = []

    def record(self, name, ok, detail=""):
        self.results.append(ok)
        print(json.dumps({"check": name, "ok": bool(ok), "detail": detail}), flush=True)
        return ok

    @property
    def ok(self):
        return all(self.results) and bool(self.results)


def page(driver, expression):
    return driver.execute_script(f"return {expression};")


def shown(driver):
    return page(driver, "window.reelPreview && window.reelPreview.shown")


def movie(driver):
    """The movie's description from /api/state, fetched by the page's own origin and token."""
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const token = document.querySelector('meta[name="reel-token"]').content;
        fetch('/api/state?token=' + encodeURIComponent(token)).then(r => r.json())
          .then(s => done(s.movie), () => done(null));""")


def shown_frame(driver, index, revision=None, timeout=30):
    """Waits until the canvas shows frame `index` (of `revision`, or of the page's current one)."""
    def ready():
        now = shown(driver)
        current = revision if revision is not None else page(driver, "reelPreview.revision")
        return now if now and now["index"] == index and now["revision"] == current else None
    return pb.wait_for(ready, timeout)


def validate_problems(output):
    """(JSON path, line) of each problem `reel validate` printed (`FILE:LINE:COLUMN: PATH: …`)."""
    found = []
    for entry in output.splitlines():
        match = re.search(r":(\d+)(?::\d+)?: ([A-Za-z0-9_.\[\]]+): ", entry)
        if match:
            found.append((match.group(2), int(match.group(1))))
    return found


def compare(driver, args, work, index, frame_rate, tag):
    """(difference, canvas picture) between the canvas and `reel frame` of frame `index`."""
    picture = pb.canvas_rgba(driver)
    still = pb.reel_frame(args.reel, args.template, index, frame_rate, picture[:2],
                          os.path.join(work, f"{tag}.png"))
    return pb.block_difference(picture, still), picture


def run(driver, args, work, checks):
    driver.get(args.url)
    first = shown_frame(driver, 0)
    if not checks.record("the first frame appears", first is not None,
                         f"shown: {shown(driver)}"):
        return
    info = movie(driver)
    rate = info["frameRate"]
    size = page(driver, "reelPreview.previewSize")
    fits = (size["width"], size["height"]) == (first["width"], first["height"]) and (
        size["width"] < info["width"])
    checks.record("the preview is fitted to the window (smaller than the movie)", fits,
                  f"preview {size}, movie {info['width']}×{info['height']}")
    difference, frame_zero = compare(driver, args, work, 0, rate, "frame-0")
    checks.record("frame 0 equals reel frame --size", difference <= TOLERANCE,
                  f"largest 8×8 block difference {difference:.2f}/255 at "
                  f"{first['width']}×{first['height']}")

    # Move the scrubber to 2 s, as a user dragging it does (value, then an input event).
    target = round(2 * rate)
    driver.execute_script("""
        const s = document.getElementById('scrubber');
        s.value = String(arguments[0]);
        s.dispatchEvent(new Event('input', {bubbles: true}));""", target)
    at_two = shown_frame(driver, target)
    readout = page(driver, "document.getElementById('time').textContent")
    checks.record("the scrubber at 2 s shows frame %d" % target, at_two is not None
                  and readout == "2.00 s", f"shown {shown(driver)}, #time {readout!r}")
    if at_two is None:
        return
    difference, frame_two = compare(driver, args, work, target, rate, "frame-2s")
    changed = pb.block_difference(frame_zero, frame_two)
    checks.record("the picture at 2 s equals reel frame --time 2 and differs from frame 0",
                  difference <= TOLERANCE and changed > 10,
                  f"difference to reel frame {difference:.2f}/255, to frame 0 {changed:.1f}/255")

    # Keyboard: → steps one frame, ← back, Home and End jump.
    from selenium.webdriver.common.keys import Keys
    body = driver.find_element("tag name", "body")
    body.send_keys(Keys.ARROW_RIGHT)
    right = pb.wait_for(lambda: page(driver, "reelPreview.frameIndex") == target + 1, 5)
    body.send_keys(Keys.END)
    end = pb.wait_for(lambda: page(driver, "reelPreview.frameIndex") == info["frameCount"] - 1, 5)
    body.send_keys(Keys.HOME)
    home = pb.wait_for(lambda: page(driver, "reelPreview.frameIndex") == 0, 5)
    driver.execute_script("reelPreview.seek(arguments[0])", target)
    back = shown_frame(driver, target)
    checks.record("→, End and Home move the playhead", bool(right and end and home and back),
                  f"→ {bool(right)}, End {bool(end)}, Home {bool(home)}")

    # Clicking a layer's bar selects it and outlines its frame on the picture.
    bars = driver.find_elements("css selector", "#timeline .layer-bar[data-id]")
    if bars:
        bars[-1].click()
        outlined = pb.wait_for(lambda: page(driver, """(() => {
            const s = document.getElementById('selection');
            return !s.hidden && s.getBoundingClientRect().width > 0;})()"""), 5)
        checks.record("clicking a layer bar outlines its frame", bool(outlined),
                      f"{len(bars)} bars; layer {bars[-1].get_attribute('data-id')}")
    else:
        checks.record("the timeline shows layer bars", False, "no .layer-bar in #timeline")
    blocks = page(driver, """['.clip-block', '.cue-block', '.mark']
        .map(s => document.querySelectorAll('#timeline ' + s).length)""")
    checks.record("the timeline shows clips and animation marks", blocks[0] > 0 and blocks[2] > 0,
                  f"clip blocks {blocks[0]}, cue blocks {blocks[1]}, marks {blocks[2]}")

    # Live reload: change the title text on disk; the page shows it without losing the playhead.
    with open(args.template) as file:
        original = file.read()
    if args.title_from not in original:
        checks.record("the template has the title text", False, repr(args.title_from))
        return
    before = page(driver, "reelPreview.revision")
    edited = original.replace(args.title_from, args.title_to)
    written = time.monotonic()
    pb.write_atomically(args.template, edited)

    arrived = pb.wait_for(lambda: page(driver, "reelPreview.revision") != before, RELOAD_SECONDS,
                          interval=0.01)
    arrival = time.monotonic() - written
    checks.record("an edit of the template reaches the page within 2 s", arrived is not None,
                  f"{arrival:.2f} s; revision {before} → {page(driver, 'reelPreview.revision')}")

    def redrawn():
        now = shown(driver)
        revision = page(driver, "reelPreview.revision")
        return now if revision != before and now and now["revision"] == revision else None
    # The new picture itself is drawn by the server's renderer (a debug build here): its time
    # is reported, and measured in bench/preview_bench.py, not asserted.
    new = pb.wait_for(redrawn, 30, interval=0.01)
    drawn = time.monotonic() - written
    if new:
        difference, frame_edited = compare(driver, args, work, target, rate, "edited")
        changed = pb.block_difference(frame_two, frame_edited)
        checks.record("the page shows the new title (equals reel frame), playhead kept",
                      new["index"] == target and difference <= TOLERANCE and changed > 10,
                      f"drawn {drawn:.2f} s after the save; frame {new['index']}; "
                      f"to reel frame {difference:.2f}/255; to the old title {changed:.1f}/255")
    else:
        checks.record("the page shows the new title", False, f"shown {shown(driver)}")

    # Break the template: the problem `reel validate` reports is shown, with its path and line.
    broken = edited.replace(json.dumps(args.title_to), "42", 1)
    probe = os.path.join(os.path.dirname(args.template), ".broken-probe.json")
    with open(probe, "w") as file:
        file.write(broken)
    validate = subprocess.run([args.reel, "validate", probe], capture_output=True, text=True)
    os.remove(probe)
    pb.write_atomically(args.template, broken)
    problems = pb.wait_for(lambda: page(driver, """(() => {
        const items = [...document.querySelectorAll('#problems .problem')];
        return items.length && !reelPreview.ok && !document.getElementById('blocked').hidden
          ? items.map(i => i.textContent) : null;})()"""), 10) or []
    reported = validate_problems(validate.stdout + validate.stderr)
    texts = " | ".join(problems)
    checks.record("reel validate finds the broken value", validate.returncode != 0 and reported,
                  (validate.stdout + validate.stderr).strip())
    for path, line in reported:
        pointer = "/" + path.replace("[", ".").replace("]", "").replace(".", "/")
        checks.record(f"the page shows the problem at {path} (line {line}) instead of the picture",
                      any((path in text or pointer in text) and f"line {line}" in text
                          for text in problems),
                      f"page: {texts or 'no problems shown'}")

    # Fix it again: the picture comes back.
    pb.write_atomically(args.template, original)
    fixed = pb.wait_for(lambda: page(driver, "reelPreview.ok") and shown(driver), 10)
    back = shown_frame(driver, target, timeout=30) if fixed else None
    checks.record("fixing the template brings the picture back", back is not None,
                  f"shown {shown(driver)}")

    # Play: the audio is the clock and the frames follow it.
    if info["hasAudio"]:
        driver.execute_script("reelPreview.seek(0)")
        shown_frame(driver, 0)
        driver.find_element("id", "play").click()
        samples = []
        # The birthday card is 4 s long: sample all of it (a debug build on a loaded machine
        # takes up to a second for a frame, so a few new pictures arrive in that time).
        for _ in range(15):
            time.sleep(0.3)
            samples.append(page(driver, """{audio: reelPreview.audioTime, frame: reelPreview.frameIndex,
                shown: reelPreview.shown && reelPreview.shown.index, clock: reelPreview.usesAudioClock,
                playing: reelPreview.playing, fps: reelPreview.achievedFps,
                dropped: reelPreview.droppedFrames, framesShown: reelPreview.framesShown}"""))
        driver.find_element("id", "play").click()
        playing = [s for s in samples if s["playing"]]
        advancing = len(playing) >= 3 and playing[-1]["audio"] > playing[0]["audio"] + 0.3
        following = all(s["clock"] and abs(s["frame"] - int(s["audio"] * rate)) <= 2
                        for s in playing)
        pictures = [s["shown"] for s in playing]
        shown_moved = len(set(pictures)) >= 3 and pictures == sorted(pictures)
        last = samples[-1]
        checks.record("play: the audio advances and the frames follow it",
                      advancing and following and shown_moved,
                      f"audio {[round(s['audio'], 2) for s in playing]}, "
                      f"frames {[s['frame'] for s in playing]}, shown {[s['shown'] for s in playing]}, "
                      f"{last['fps']:.1f} fps, {last['dropped']} dropped")
        paused = pb.wait_for(lambda: not page(driver, "reelPreview.playing"), 5)
        checks.record("play toggles back to paused", bool(paused))
    else:
        checks.record("the example has audio", False, "hasAudio is false")

    if args.screenshot:
        driver.save_screenshot(args.screenshot)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--reel", required=True)
    parser.add_argument("--template", required=True)
    parser.add_argument("--title-from", default="Happy Birthday, {{name}}")
    parser.add_argument("--title-to", default="Hello from the preview")
    parser.add_argument("--window", default="1000x760", help="browser window WIDTHxHEIGHT")
    parser.add_argument("--screenshot")
    args = parser.parse_args()
    width, height = (int(v) for v in args.window.split("x"))
    checks = Checks()
    work = tempfile.mkdtemp(prefix="reel-browser-test-")
    browser = None
    try:
        browser = pb.Browser(width, height)
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
