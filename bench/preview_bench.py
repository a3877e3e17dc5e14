#!/usr/bin/env python3
"""`reel preview` in headless Chromium: scrub latency, playback rate and memory over time.

Run by `make bench` after bench/bench.py (which builds the release `reel` and makes the sources
in bench/.work/), or alone:

    python3 bench/preview_bench.py                 # the whole run (10 minutes of scrubbing)
    python3 bench/preview_bench.py --minutes 2     # a short memory run
    BENCH_LONG=0 make bench                        # short memory run (2 minutes) in make bench

The template is a 1280×720 card over the 10 s source with audio, at 720p30 with a keyframe every
second (bench/.work/source-720.mp4; written to bench/.work/preview-card.json). The browser window is sized so the page asks for 640×360 pictures.

- scrub: the time from moving the scrubber (the input event) to the new frame drawn on the
  page's canvas, for jumps to frames not asked for before (random order: each one a seek) and
  for a drag (every second frame in order); median and 95th percentile.
- playback: frames drawn per second of audio while the <audio> element is the clock, and the
  frames dropped (not drawn in time), over the whole 10 s movie.
- memory: the server's resident set size (VmRSS of `reel preview`) after minute 1 and at the
  end of scripted scrubbing (random frames, each waited for); the growth between them.

Goals (issue 15): scrub median ≤ 100 ms and p95 ≤ 250 ms, playback ≥ 24 fps, RSS growth
≤ 20 MB between minutes 1 and 10. Everything it starts is stopped by process id.
"""

import argparse
import json
import os
import random
import statistics
import sys
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, os.path.join(ROOT, "Tests", "ReelPreviewTests", "Browser"))
import preview_browser as pb  # noqa: E402

# The card, written into bench/.work/ beside its sources (the memory run edits its title).
TEMPLATE = os.path.join(ROOT, "bench", ".work", "preview-card.json")
CARD = {
    "version": 1,
    "variables": {"name": "Friend"},
    "size": [1280, 720],
    "frameRate": 30,
    "clips": [{"media": "source-720.mp4"}],
    "layers": [
        {"type": "color", "color": "#3D1A6E"},
        {"type": "video", "frame": [128, 27, 1024, 576], "border": {"width": 6, "color": "white"}},
        {"type": "image", "image": "star.png", "frame": [1163, 11, 107, 107]},
        {"type": "image", "image": "star.png", "frame": [32, 32, 64, 64],
         "animations": [{"property": "opacity", "from": 1, "to": 0.2, "duration": 0.5,
                         "autoreverse": True, "repeat": "forever"}]},
        {"type": "text", "frame": [0, 619, 1280, 80], "text": "Happy Birthday, {{name}}",
         "font": {"family": "DejaVu Sans", "size": 53, "weight": 700}, "color": "white",
         "align": "center", "start": 1, "fadeIn": 1},
    ],
}
PREVIEW = (640, 360)
GOALS = {"scrub median": 100.0, "scrub p95": 250.0, "fps": 24.0, "rss growth": 20.0}


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def scrub_to(driver, index):
    """Milliseconds from the scrubber's input event to frame `index` drawn on the canvas."""
    return driver.execute_async_script("""
        const [index, done] = arguments;
        const scrubber = document.getElementById('scrubber');
        const start = performance.now();
        reelPreview.waitForFrame(index).then(() => done(performance.now() - start));
        scrubber.value = String(index);
        scrubber.dispatchEvent(new Event('input', {bubbles: true}));""", index)


def fit_window(browser):
    """Sizes the viewport so the page's preview is 640×360 (the viewer's box 640 px wide)."""
    driver = browser.driver
    for _ in range(6):
        time.sleep(0.3)  # the page asks again 120 ms after a resize
        size = driver.execute_script("return reelPreview.previewSize")
        if size and (size["width"], size["height"]) == PREVIEW:
            return size
        box = driver.execute_script("""
            const v = document.getElementById('viewer'), s = getComputedStyle(v);
            return v.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);""")
        browser.resize(browser.size[0] + PREVIEW[0] - box, 900)
    return driver.execute_script("return reelPreview.previewSize")


def make_source_720(bench):
    """bench/.work/source-720.mp4: the 10 s source at 1280×720 with a keyframe every second
    (as phones and web video have; the 1080p source's one keyframe in 250 frames makes every
    random jump decode up to 8 s of video)."""
    target = bench.work("source-720.mp4")
    if os.path.exists(target):
        return
    print("making bench/.work/source-720.mp4 (720p30, 10 s, a keyframe every second)", flush=True)
    bench.ffmpeg("-i", bench.work("source.mp4"), "-vf", "scale=1280:720", "-c:v", "libx264",
                 "-preset", "veryfast", "-crf", "23", "-g", "30", "-pix_fmt", "yuv420p",
                 "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
                 "-color_range", "tv", "-c:a", "copy", bench.work("source-720.tmp.mp4"))
    os.replace(bench.work("source-720.tmp.mp4"), target)


def write_card(title):
    card = json.loads(json.dumps(CARD))
    card["layers"][-1]["text"] = title
    pb.write_atomically(TEMPLATE, json.dumps(card, indent=2))


def reload_time(driver, title):
    """Seconds from saving the template (a rename, as editors do) to its new picture drawn."""
    before = driver.execute_script("return reelPreview.revision")
    start = time.monotonic()
    write_card(title)
    pb.wait_for(lambda: driver.execute_script("""
        const s = reelPreview.shown;
        return reelPreview.revision !== arguments[0] && s && s.revision === reelPreview.revision;
        """, before), 30, interval=0.01)
    return time.monotonic() - start


def server_rate(url, revision, count):
    """Frames per second `/api/frame` answers for frames 0, 1, 2 … at 640×359, one at a time."""
    base, query = url.split("?", 1)
    start = time.monotonic()
    for index in range(count):
        with urllib.request.urlopen(f"{base}api/frame?{query}&frame={index}&width=640&height=359"
                                    f"&revision={revision}") as response:
            response.read()
    return count / (time.monotonic() - start)


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reel", default=os.path.join(ROOT, ".build", "release", "reel"))
    parser.add_argument("--minutes", type=float,
                        default=10.0 if os.environ.get("BENCH_LONG", "1") != "0" else 2.0,
                        help="length of the memory run (RSS compared at minute 1 and the end)")
    parser.add_argument("--jumps", type=int, default=120, help="scrub jumps measured")
    parser.add_argument("--json", help="also write the numbers to this JSON file")
    args = parser.parse_args()

    import bench  # the sources in bench/.work/ (made once)
    bench.make_sources()
    make_source_720(bench)
    write_card("Happy Birthday, {{name}}")

    preview = pb.Preview(args.reel, TEMPLATE)
    browser = None
    results = {}
    try:
        browser = pb.Browser(1100, 900)
        driver = browser.driver
        driver.get(preview.url)
        if not pb.wait_for(lambda: driver.execute_script(
                "return reelPreview.shown"), 60):
            raise RuntimeError(f"the page showed no frame: {browser.console()}")
        size = fit_window(browser)
        print(f"preview size {size['width']}×{size['height']}", flush=True)
        movie = driver.execute_async_script("""
            const done = arguments[0];
            fetch('/api/state?token=' + document.querySelector('meta[name=reel-token]').content)
              .then(r => r.json()).then(s => done(s.movie));""")
        count = movie["frameCount"]

        # Scrub: jumps to frames never asked for, then a drag.
        frames = list(range(1, count))
        random.Random(15).shuffle(frames)
        jumps = [scrub_to(driver, index) for index in frames[:args.jumps]]
        drag = [scrub_to(driver, index) for index in range(0, min(count, 240), 2)
                if index not in frames[:args.jumps]]
        results["scrub median"] = statistics.median(jumps)
        results["scrub p95"] = percentile(jumps, 0.95)
        results["drag median"] = statistics.median(drag)
        results["drag p95"] = percentile(drag, 0.95)

        # Live reload: a new title, saved; the playhead stays at 3 s.
        scrub_to(driver, 90)
        reloads = [reload_time(driver, f"Happy Birthday, take {n}") for n in range(8)]
        results["reload median"] = statistics.median(reloads) * 1000
        results["reload max"] = max(reloads) * 1000

        # Playback of the whole movie with the audio as the clock.
        scrub_to(driver, 0)
        driver.find_element("id", "play").click()
        start = time.monotonic()
        while driver.execute_script("return reelPreview.playing") and \
                time.monotonic() - start < movie["duration"] + 10:
            time.sleep(0.2)
        played = driver.execute_script("""return {shown: reelPreview.framesShown,
            dropped: reelPreview.droppedFrames, late: reelPreview.lateFrames,
            audio: reelPreview.usesAudioClock,
            audioTime: reelPreview.audioTime}""")
        results["fps"] = played["shown"] / movie["duration"]
        results["dropped"] = played["dropped"]
        results["late"] = played["late"]
        results["audio clock"] = played["audio"]

        # The peer: the same frames straight from the server, one request at a time, without a
        # browser (another size, so none comes from the cache): the rate the page can reach.
        results["server fps"] = server_rate(preview.url, driver.execute_script(
            "return reelPreview.revision"), count)

        # Memory: scripted scrubbing for the given minutes.
        chooser = random.Random(10)
        begin = time.monotonic()
        minute_one = None
        requests = 0
        samples = [rss_mb(preview.pid)]
        while time.monotonic() - begin < args.minutes * 60:
            scrub_to(driver, chooser.randrange(count))
            requests += 1
            if time.monotonic() - begin >= 60 * len(samples):
                samples.append(rss_mb(preview.pid))
                if minute_one is None:
                    minute_one = samples[-1]
        end = rss_mb(preview.pid)
        results["rss per minute"] = [round(value, 1) for value in samples + [end]]
        results["rss minute 1"] = minute_one if minute_one is not None else end
        results["rss end"] = end
        results["rss growth"] = end - results["rss minute 1"]
        results["scrub requests"] = requests
        results["minutes"] = args.minutes
    finally:
        if browser:
            browser.close()
        preview.stop()

    print(f"""
reel preview, {os.path.basename(TEMPLATE)} (1280×720) at {PREVIEW[0]}×{PREVIEW[1]}
  scrub, jump to a new frame   median {results['scrub median']:6.1f} ms   p95 {results['scrub p95']:6.1f} ms   (goal ≤ 100 / ≤ 250)
  scrub, drag (every 2nd)      median {results['drag median']:6.1f} ms   p95 {results['drag p95']:6.1f} ms
  live reload (save → picture)  median {results['reload median']:6.1f} ms   max {results['reload max']:6.1f} ms   (goal: within a second)
  playback, audio clock {str(results['audio clock']).lower():5}  {results['fps']:5.1f} fps, {results['dropped']} frames dropped ({results['late']} of them late)   (goal ≥ 24)
  server alone (no browser)     {results['server fps']:5.1f} fps, one request at a time (the peer)
  server RSS                   {results['rss minute 1']:.1f} MB after minute 1, {results['rss end']:.1f} MB after minute {results['minutes']:g}: growth {results['rss growth']:+.1f} MB   (goal ≤ 20; {results['scrub requests']} scrubs)
  RSS each minute (MB)         {results['rss per minute']}
""", flush=True)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(results, out, indent=2)
    failed = [name for name, goal in GOALS.items()
              if (results[name] < goal if name == "fps" else results[name] > goal)]
    if failed:
        print(f"preview: missed the goal for {', '.join(failed)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
