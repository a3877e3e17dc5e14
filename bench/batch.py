"""`make bench`'s batch section (issue 32): N movies of a 720p, 4 s birthday card, one per row
of a data file, made three ways — one `reel render --data` process, N separate `reel render
--set name=…` runs, N ffmpeg runs of the same card — with movies per minute for each, and the
batch process's peak RSS when row 20 is done against when the last row is (memory flat
across the batch).

Imported by bench.py (BENCH_JOBS=batch runs only this section; BENCH_BATCH=0 skips it;
BENCH_BATCH_ROWS=N the number of rows, default 200; BENCH_BATCH_JOBS=J `--jobs` of the batch,
default 1).
"""

import json
import os
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEMPLATE = os.path.join(ROOT, "bench", "templates", "batch-card.json")
ROWS = int(os.environ.get("BENCH_BATCH_ROWS", "200"))
JOBS = int(os.environ.get("BENCH_BATCH_JOBS", "1"))
FONT_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
ENCODE = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p",
          "-r", "30", "-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2"]


def peak_rss_mb(pid):
    """The process's peak resident size so far (VmHWM), in MB, or None."""
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        return None
    return None


def ffmpeg_card(work, name, output):
    graph = (
        "[0:v]scale=1024:576:flags=bilinear,drawbox=x=0:y=0:w=iw:h=ih:color=white:t=6,"
        "pad=1280:720:128:26:color=0x3D1A6E[inset];"
        "[1:v]scale=108:108:flags=bilinear[star];[inset][star]overlay=1162:10[a];"
        f"[a]drawtext=fontfile={FONT_BOLD}:text='Happy Birthday, {name}':fontsize=54:"
        "fontcolor=white:x=(w-text_w)/2:y=632[v]"
    )
    return ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-nostdin", "-t", "4", "-i",
            work("source.mp4"), "-i", work("star.png"), "-filter_complex", graph, "-map", "[v]",
            "-map", "0:a", "-t", "4", *ENCODE, output]


def run(reel, work, measure):
    """Runs the three ways; returns the lines of the results section."""
    folder = work("batch")
    os.makedirs(folder, exist_ok=True)
    names = [f"Friend{index:04d}" for index in range(1, ROWS + 1)]
    data = os.path.join(folder, "friends.csv")
    with open(data, "w", encoding="utf-8") as rows:
        rows.write("name\n" + "\n".join(names) + "\n")

    print(f"  batch: {ROWS} rows in one reel process (--jobs {JOBS})…", flush=True)
    pattern = os.path.join(folder, "one", "{{name}}.mp4")
    command = [reel, "render", TEMPLATE, "--data", data, "-o", pattern, "--overwrite",
               "--progress", "json", "--jobs", str(JOBS)]
    started = time.monotonic()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             stdin=subprocess.DEVNULL, text=True)
    at_twenty = None
    last = None
    for line in child.stdout:
        event = json.loads(line)
        if event.get("event") != "rendered":
            continue
        last = peak_rss_mb(child.pid)
        if event.get("rendered") == min(20, ROWS):
            at_twenty = last
    _, status, usage = os.wait4(child.pid, 0)
    batch_wall = time.monotonic() - started
    if os.waitstatus_to_exitcode(status) != 0:
        return [f"Batch: reel render --data failed ({os.waitstatus_to_exitcode(status)})", ""]
    batch_peak = usage.ru_maxrss / 1024.0

    print(f"  batch: {ROWS} separate reel render runs…", flush=True)
    os.makedirs(os.path.join(folder, "separate"), exist_ok=True)
    started = time.monotonic()
    separate_peak = 0.0
    for name in names:
        result = measure([reel, "render", TEMPLATE, "--set", f"name={name}", "-o",
                          os.path.join(folder, "separate", f"{name}.mp4"), "--overwrite",
                          "--quiet"])
        separate_peak = max(separate_peak, result["rss"])
    separate_wall = time.monotonic() - started

    print(f"  batch: {ROWS} ffmpeg runs…", flush=True)
    os.makedirs(os.path.join(folder, "ffmpeg"), exist_ok=True)
    started = time.monotonic()
    ffmpeg_peak = 0.0
    for name in names:
        result = measure(ffmpeg_card(work, name, os.path.join(folder, "ffmpeg", f"{name}.mp4")))
        ffmpeg_peak = max(ffmpeg_peak, result["rss"])
    ffmpeg_wall = time.monotonic() - started

    def rate(wall):
        return ROWS / wall * 60 if wall > 0 else float("nan")

    lines = [
        f"Batch (issue 32): {ROWS} birthday cards (bench/templates/batch-card.json: 1280×720, "
        "4 s, the name in the greeting), movies per minute (wall time):",
        "",
        "| way | wall s | movies/min | × separate reel runs | peak RSS MB |",
        "|---|---:|---:|---:|---:|",
        f"| one `reel render --data` (--jobs {JOBS}) | {batch_wall:.1f} | {rate(batch_wall):.1f} "
        f"| {separate_wall / batch_wall:.2f} | {batch_peak:.0f} |",
        f"| {ROWS} separate `reel render` | {separate_wall:.1f} | {rate(separate_wall):.1f} | 1.00 "
        f"| {separate_peak:.0f} |",
        f"| {ROWS} ffmpeg runs | {ffmpeg_wall:.1f} | {rate(ffmpeg_wall):.1f} "
        f"| {separate_wall / ffmpeg_wall:.2f} | {ffmpeg_peak:.0f} |",
        "",
    ]
    if at_twenty is not None and last is not None:
        lines += [f"Batch process peak RSS (VmHWM): after row {min(20, ROWS)} {at_twenty:.0f} MB, "
                  f"after row {ROWS} {last:.0f} MB ({last / at_twenty:.2f}×).", ""]
    return lines
