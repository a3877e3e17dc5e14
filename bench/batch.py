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


# MARK: - The 200-row proof (issue 32)

PROOF_TEXT_ROWS = (618, 698)  # the greeting's frame: [0, 618, 1280, 80]


def proof_template(folder, work):
    """The bench card with its media named absolutely and the greeting's colour a variable
    (so one row can fail with a colour that is not one), written into `folder`."""
    with open(TEMPLATE, encoding="utf-8") as source:
        card = json.load(source)
    card["variables"]["colour"] = "white"
    card["clips"][0]["media"] = work("source.mp4")
    for layer in card["layers"]:
        if layer["type"] == "image":
            layer["image"] = work("star.png")
        if layer["type"] == "text":
            layer["color"] = "{{colour}}"
    path = os.path.join(folder, "card.json")
    with open(path, "w", encoding="utf-8") as target:
        json.dump(card, target, indent=1)
    return path


def band_psnr(path, reference, scratch):
    """PSNR (dB; `inf` when identical) of the worst frame of each band of `path` — above the
    greeting, the greeting, below it — against the same band of `reference`'s frame, and the
    number of frames compared. One decode of each movie; the per-frame statistics are
    written into `scratch`."""
    top, bottom = PROOF_TEXT_ROWS
    bands = {"top": (0, top), "text": (top, bottom), "low": (bottom, 720)}
    graph = "[0:v]split=3[a0][a1][a2];[1:v]split=3[b0][b1][b2];"
    for index, (band, (start, end)) in enumerate(bands.items()):
        crop = f"crop=1280:{end - start}:0:{start}"
        stats = os.path.join(scratch, band + ".psnr")
        graph += (f"[a{index}]{crop}[c{index}];[b{index}]{crop}[d{index}];"
                  f"[c{index}][d{index}]psnr=stats_file={stats}[o{index}];")
    outputs = []
    for index in range(len(bands)):
        outputs += ["-map", f"[o{index}]", "-f", "null", "-"]
    subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-i", path,
                    "-i", reference, "-filter_complex", graph.rstrip(";"), *outputs], check=True)
    result = {}
    frames = None
    for band in bands:
        with open(os.path.join(scratch, band + ".psnr"), encoding="utf-8") as file:
            values = [line.split("psnr_avg:")[1].split()[0] for line in file if "psnr_avg:" in line]
        frames = len(values)
        result[band] = min(float(value) for value in values) if values else float("nan")
    return result, frames


def proof(reel, work, rows=200, stop_after=40):
    """The issue's proof at full size: `rows` rows of the 720p, 4 s card (H.264) in one
    process, the middle row failing, stopped with SIGINT after `stop_after` movies and resumed with
    --skip-existing; every movie's frames compared with row 1's, band by band.
    Returns the lines of the results section; raises when a check fails."""
    import signal
    failing_row = (rows + 1) // 2
    folder = work("batch-proof")
    if os.path.exists(folder):
        subprocess.run(["rm", "-rf", folder], check=True)
    os.makedirs(folder)
    template = proof_template(folder, work)
    names = [f"Friend{index:04d}" for index in range(1, rows + 1)]
    data = os.path.join(folder, "friends.csv")
    with open(data, "w", encoding="utf-8") as file:
        file.write("name,colour\n")
        for row, name in enumerate(names, start=1):
            file.write(f"{name},{'not-a-colour' if row == failing_row else 'white'}\n")
    cards = os.path.join(folder, "cards")
    command = [reel, "render", template, "--data", data, "-o", os.path.join(cards, "{{name}}.mp4"),
               "--progress", "json"]

    def run(extra, stop_at=None):
        started = time.monotonic()
        child = subprocess.Popen(command + extra, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
        events, rss = [], {}
        for line in child.stdout:
            event = json.loads(line)
            events.append(event)
            if event.get("event") == "rendered":
                rss[event["rendered"]] = peak_rss_mb(child.pid)
                if stop_at is not None and event["rendered"] == stop_at:
                    child.send_signal(signal.SIGINT)
        stderr = child.stderr.read()
        _, status, usage = os.wait4(child.pid, 0)
        return {"events": events, "rss": rss, "status": os.waitstatus_to_exitcode(status),
                "stderr": stderr, "seconds": time.monotonic() - started,
                "peak": usage.ru_maxrss / 1024.0}

    def check(condition, what):
        if not condition:
            raise AssertionError(what)

    print(f"  proof: {rows} rows, SIGINT after {stop_after} movies…", flush=True)
    first = run([], stop_at=stop_after)
    check(first["status"] == 130, f"the stopped batch exited {first['status']}: {first['stderr']}")
    done = {e["output"] for e in first["events"] if e["event"] == "rendered"}
    left = sorted(os.listdir(cards))
    check(left == sorted(os.path.basename(p) for p in done),
          f"after SIGINT the folder holds {left[:5]}… ({len(left)}), not the {len(done)} movies")
    modified = {path: os.stat(path).st_mtime_ns for path in done}
    print(f"  proof: stopped: {len(done)} movies in {first['seconds']:.0f} s, VmHWM "
          f"{ {k: round(v) for k, v in first['rss'].items()} }", flush=True)

    print(f"  proof: resumed with --skip-existing…", flush=True)
    report = os.path.join(folder, "report.json")
    second = run(["--skip-existing", "--report", report])
    check(second["status"] == 5, f"the resumed batch exited {second['status']}: {second['stderr']}")
    ended = [e for e in second["events"] if e["event"] != "started"]
    print(f"  proof: resumed: exit {second['status']} in {second['seconds']:.0f} s, VmHWM "
          f"{ {k: round(v) for k, v in second['rss'].items()} }", flush=True)
    skipped = {e["output"] for e in ended if e["event"] == "skipped"}
    rendered = {e["output"] for e in ended if e["event"] == "rendered"}
    failed = [e["row"] for e in ended if e["event"] == "failed"]
    check(skipped == done, f"skipped {len(skipped)} rows, {len(done)} were done")
    check(not (rendered & done), "a finished row was rendered again")
    check(failed == [failing_row], f"failed rows {failed}")
    check(len(done) + len(rendered) == rows - 1, f"{len(done)} + {len(rendered)} movies")
    check(all(os.stat(p).st_mtime_ns == m for p, m in modified.items()),
          "a movie of the first run was written again")
    failing = [line for line in second["stderr"].splitlines()
               if line.startswith(f"reel: row {failing_row} ")]
    check(len(failing) == 1 and "not-a-colour" in failing[0], f"the failing row's line: {failing}")
    with open(report, encoding="utf-8") as file:
        summary = json.load(file)["summary"]
    check(summary["failed"] == 1 and summary["skipped"] == len(done)
          and summary["rendered"] == len(rendered), f"report summary {summary}")

    print(f"  proof: checking {rows - 1} movies frame by frame…", flush=True)
    outputs = [os.path.join(cards, f"{name}.mp4") for row, name in enumerate(names, start=1)
               if row != failing_row]
    check(sorted(os.listdir(cards)) == sorted(os.path.basename(p) for p in outputs),
          "the folder holds other files than the movies")
    scratch = os.path.join(folder, "psnr")
    os.makedirs(scratch)
    worst = {"top": float("inf"), "low": float("inf")}
    greeting = float("-inf")
    identical = 0
    for path in outputs[1:]:
        bands, frames = band_psnr(path, outputs[0], scratch)
        check(frames == 120, f"{path}: {frames} frames, not 120")
        worst = {band: min(worst[band], bands[band]) for band in worst}
        greeting = max(greeting, bands["text"])
        identical += bands["top"] == float("inf") and bands["low"] == float("inf")
        check(bands["text"] < min(bands["top"], bands["low"]),
              f"{path}: the greeting is no more different than the rest")
    probe = subprocess.run(["ffprobe", "-v", "error", "-show_entries",
                            "stream=codec_name,width,height,nb_frames", "-of", "csv=p=0",
                            outputs[-1]], capture_output=True, text=True, check=True).stdout

    def rate(run, movies):
        return movies / run["seconds"] * 60

    second_count = len(rendered)
    early = min(20, second_count)
    at_twenty = second["rss"].get(early)
    last = second["rss"].get(second_count)
    lines = [
        f"Batch proof (issue 32): {rows} rows of bench/templates/batch-card.json (1280×720, 4 s, "
        f"120 frames, H.264 CRF 23 veryfast); row {failing_row} failing (a colour that is not one).",
        "",
        f"- Stopped with SIGINT after {stop_after} movies: exit 130, {len(done)} movies in the "
        f"folder and nothing else, {first['seconds']:.0f} s ({rate(first, len(done)):.1f} movies/min), "
        f"peak RSS after row {min(20, len(done))} {first['rss'].get(min(20, len(done)), float('nan')):.0f} MB, at the stop "
        f"{first['rss'].get(len(done), float('nan')):.0f} MB.",
        f"- Resumed with --skip-existing: {len(skipped)} rows skipped (none written again), "
        f"{second_count} rendered, row {failing_row} failed and reported; exit 5, "
        f"{second['seconds']:.0f} s ({rate(second, second_count):.1f} movies/min).",
        f"- Peak RSS (VmHWM) of the resumed process after its movie {early}: {at_twenty:.0f} MB, after "
        f"movie {second_count} (row {rows}) {last:.0f} MB ({last / at_twenty:.3f}×); ru_maxrss "
        f"{second['peak']:.0f} MB.",
        f"- All {rows - 1} movies have 120 frames (the last: {probe.strip().replace(chr(10), '; ')}). "
        f"Against row 1's decoded frames, the lowest PSNR of any frame above the greeting "
        f"(rows 0–{PROOF_TEXT_ROWS[0] - 1}) is {worst['top']:.1f} dB and below it "
        f"({PROOF_TEXT_ROWS[1]}–719) {worst['low']:.1f} dB; {identical} of {rows - 2} movies are "
        f"bit-identical there; the greeting's band differs in every movie (at most {greeting:.1f} dB).",
        "",
    ]
    return lines


def rss_over_rows(reel, work, rows=200, scale=0.25, seconds=1.0):
    """Peak RSS (VmHWM, MB) of one `reel render --data` process after rows 1, 20, 50, 100, …
    and the last, for the bench card scaled by `scale` and cut to `seconds`: whether the
    batch's memory grows with the number of rows (cheaper than the 720p, 4 s card)."""
    folder = work("batch-rss")
    if os.path.exists(folder):
        subprocess.run(["rm", "-rf", folder], check=True)
    os.makedirs(folder)
    template = proof_template(folder, work)
    with open(template, encoding="utf-8") as file:
        card = json.load(file)
    card["size"] = [int(card["size"][0] * scale) // 2 * 2, int(card["size"][1] * scale) // 2 * 2]
    card["clips"][0]["duration"] = seconds
    for layer in card["layers"]:
        if "frame" in layer:
            layer["frame"] = [round(value * scale) for value in layer["frame"]]
        if "font" in layer:
            layer["font"]["size"] = round(layer["font"]["size"] * scale)
        if "border" in layer:
            layer["border"]["width"] = max(1, round(layer["border"]["width"] * scale))
    with open(template, "w", encoding="utf-8") as file:
        json.dump(card, file)
    data = os.path.join(folder, "friends.csv")
    with open(data, "w", encoding="utf-8") as file:
        file.write("name\n" + "".join(f"Friend{index:04d}\n" for index in range(1, rows + 1)))
    child = subprocess.Popen([reel, "render", template, "--data", data, "-o",
                              os.path.join(folder, "cards", "{{name}}.mp4"), "--progress", "json"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             stdin=subprocess.DEVNULL, text=True)
    marks = {}
    started = time.monotonic()
    for line in child.stdout:
        event = json.loads(line)
        if event.get("event") == "rendered" and (event["rendered"] in (1, 20, 50, 100, 150)
                                                 or event["rendered"] == rows):
            marks[event["rendered"]] = peak_rss_mb(child.pid)
    status = child.wait()
    wall = time.monotonic() - started
    shown = ", ".join(f"row {row} {value:.1f}" for row, value in marks.items())
    growth = marks.get(rows, float("nan")) / marks.get(20, float("nan"))
    return [f"Batch RSS over rows: {rows} rows of the bench card at {card['size'][0]}×"
            f"{card['size'][1]}, {seconds} s (exit {status}, {wall:.0f} s): peak RSS (VmHWM, MB) "
            f"{shown}; row {rows} / row 20 = {growth:.3f}.", ""]


if __name__ == "__main__":
    import sys
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bench
    usage = "usage: python3 bench/batch.py proof [ROWS [STOP_AFTER]] | rss [ROWS [SCALE [SECONDS]]]"
    if sys.argv[1:2] not in (["proof"], ["rss"]):
        sys.exit(usage)
    bench.make_sources()
    if sys.argv[1] == "proof":
        arguments = [int(value) for value in sys.argv[2:4]]
        print("\n".join(proof(bench.REEL, bench.work, *arguments)))
    else:
        arguments = [int(sys.argv[2])] if len(sys.argv) > 2 else []
        arguments += [float(value) for value in sys.argv[3:5]]
        print("\n".join(rss_over_rows(bench.REEL, bench.work, *arguments)))
