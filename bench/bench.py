#!/usr/bin/env python3
"""Reel against ffmpeg: the same jobs, the same encoder settings, alternating runs.

Run by `make bench`, which first builds `reel` and (in Benchmarks/) `ReelBenchmarks` in release.
Python 3 standard library only.

    BENCH_RUNS=5 make bench          # runs per tool and job (default 3)
    BENCH_JOBS=card,tilt make bench  # only these jobs (floor always runs: it is the reference)
    BENCH_LONG=0 make bench          # skip the 60 s memory run
    BENCH_JOBS=corrupt make bench    # only the corrupt-media set (with the floor)
    BENCH_JOBS=scale make bench      # only the scale-out section (bench/scale.py; with the floor)
    BENCH_SCALE=0 make bench         # skip the scale-out section (it takes minutes)
    BENCH_JOBS=memory make bench     # only the memory-settle section (with the floor)
    BENCH_JOBS=avfoundation make bench  # only the AVAssetWriter / AVAssetReader section
    BENCH_JOBS=gif make bench        # only the GIF export against ffmpeg's two-pass palette GIF
    BENCH_JOBS=batch make bench      # only the batch section (issue 32; BENCH_BATCH_ROWS=N rows)
    BENCH_JOBS=lottie make bench     # only the Lottie-against-PNG section (with the floor)

Sources (a 1080p30 10 s clip with audio, a second clip, a 60 s loop, a star PNG with
transparency, an SRT with 20 cues) are generated once with the ffmpeg CLI into bench/.work/.
Each job is rendered by `reel render bench/templates/JOB.json` and by an ffmpeg command line
with libx264 veryfast CRF 23, yuv420p, AAC 128 kb/s 48 kHz stereo, at the same size and rate.
Wall time, CPU time (user + sys of the child, from wait4's rusage) and peak RSS are medians.
The table goes to stdout and to bench/results.md; side-by-side stills (Reel left, ffmpeg
right) go to docs/images/bench-JOB.png.
"""

import json
import os

import batch
import scale
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
WORK = os.path.join(BENCH, ".work")
TEMPLATES = os.path.join(BENCH, "templates")
IMAGES = os.path.join(ROOT, "docs", "images")
REEL = os.path.join(ROOT, ".build", "release", "reel")
# The benchmark programs are a package of their own (Benchmarks/), with its own build folder.
BENCHMARKS = scale.BENCHMARKS
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
ONLY = [j for j in os.environ.get("BENCH_JOBS", "").split(",") if j]
LONG = os.environ.get("BENCH_LONG", "1") != "0"
FONT_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

WIDTH, HEIGHT, RATE, SECONDS = 1920, 1080, 30, 10
# Sources are HD, so they are made and tagged BT.709 limited range (what Reel assumes for HD).
TO_YUV709 = "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"

# Identical encoder settings for every ffmpeg run (Reel's templates say the same in "export").
ENCODE = [
    "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p",
    "-r", str(RATE), "-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2",
]


def work(name):
    return os.path.join(WORK, name)


def ffmpeg(*args):
    subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-nostdin", *args],
                   check=True)


# MARK: - Sources


def make_sources():
    """Generates the inputs once; later runs reuse bench/.work/."""
    os.makedirs(WORK, exist_ok=True)
    source_encode = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt",
                     "yuv420p", "-colorspace", "bt709", "-color_primaries", "bt709",
                     "-color_trc", "bt709", "-color_range", "tv", "-c:a", "aac", "-b:a", "128k",
                     "-ac", "2", "-shortest"]
    if not os.path.exists(work("source.mp4")):
        print("making bench/.work/source.mp4 (1080p30, 10 s, testsrc2 + 440 Hz)", flush=True)
        ffmpeg("-f", "lavfi", "-i", f"testsrc2=s={WIDTH}x{HEIGHT}:r={RATE}:d={SECONDS},{TO_YUV709}",
               "-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=48000:duration={SECONDS}",
               *source_encode, work("source.mp4.tmp.mp4"))
        os.replace(work("source.mp4.tmp.mp4"), work("source.mp4"))
    if not os.path.exists(work("source-b.mp4")):
        print("making bench/.work/source-b.mp4 (second clip for the cross-fade)", flush=True)
        ffmpeg("-f", "lavfi", "-i",
               f"testsrc2=s={WIDTH}x{HEIGHT}:r={RATE}:d={SECONDS},"
               f"colorchannelmixer=rr=0:rb=1:gr=1:gg=0:bg=1:bb=0,vflip,{TO_YUV709}",
               "-f", "lavfi", "-i", f"sine=frequency=660:sample_rate=48000:duration={SECONDS}",
               *source_encode, work("source-b.tmp.mp4"))
        os.replace(work("source-b.tmp.mp4"), work("source-b.mp4"))
    if not os.path.exists(work("source-60.mp4")):
        print("making bench/.work/source-60.mp4 (the 10 s source looped to 60 s)", flush=True)
        ffmpeg("-stream_loop", "5", "-i", work("source.mp4"), "-c", "copy",
               work("source-60.tmp.mp4"))
        os.replace(work("source-60.tmp.mp4"), work("source-60.mp4"))
    if not os.path.exists(work("star.png")):
        ffmpeg("-f", "lavfi", "-i", "color=c=0x00000000:s=256x256,format=rgba", "-vf",
               f"drawtext=fontfile={FONT}:text=★:fontsize=300:fontcolor=gold:borderw=6:"
               "bordercolor=orange:x=(w-tw)/2:y=(h-th)/2", "-frames:v", "1", work("star.png"))
    if not os.path.exists(work("look.cube")):
        write_look_cube(work("look.cube"))
    if not os.path.exists(work("overlay-1080.png")):
        # The Lottie job's static peer: a transparent 1920×1080 picture with a few boxes.
        ffmpeg("-f", "lavfi", "-i", "color=c=0x00000000:s=1920x1080,format=rgba", "-vf",
               "drawbox=x=200:y=150:w=300:h=200:color=0xEE4266@0.9:t=fill,"
               "drawbox=x=1300:y=700:w=400:h=120:color=0x3BCEAC@0.9:t=fill",
               "-frames:v", "1", work("overlay-1080.png"))
    if not os.path.exists(work("captions.srt")):
        with open(work("captions.srt"), "w", encoding="utf-8") as srt:
            for cue in range(20):
                start, end = cue * 0.5, cue * 0.5 + 0.45
                srt.write(f"{cue + 1}\n{stamp(start)} --> {stamp(end)}\n"
                          f"Caption {cue + 1} of 20: timed text over the video\n\n")


def write_look_cube(path, size=33):
    """A teal-and-orange grade as a 33³ `.cube` (red fastest): shadows pushed to teal,
    highlights to orange, a gentle S-curve; the same file for Reel's `lut` and ffmpeg's
    `lut3d`."""
    def curve(v):
        return v + 0.12 * v * (1 - v) * (2 * v - 1) * 2
    with open(path + ".tmp", "w", encoding="ascii") as cube:
        cube.write('TITLE "bench look"\nLUT_3D_SIZE %d\n' % size)
        for b in range(size):
            for g in range(size):
                for r in range(size):
                    red, green, blue = (c / (size - 1) for c in (r, g, b))
                    luma = 0.2126 * red + 0.7152 * green + 0.0722 * blue
                    shift = luma - 0.5
                    out = (curve(red) + 0.08 * shift, curve(green) + 0.02 * shift,
                           curve(blue) - 0.08 * shift)
                    cube.write("%.6f %.6f %.6f\n" % tuple(min(max(c, 0), 1) for c in out))
    os.replace(path + ".tmp", path)


# MARK: - Corrupt media

# Damaged copies of a 720p30 10 s clip, made the same way every time: bytes flipped at
# offsets drawn from fixed seeds (past the first 64 KB, so each file still opens), and for
# Matroska also a cluster whose timecode jumps back to 0 (the damage that once made Reel
# seek again for every frame). Each is rendered as a 4 s slice from 3 s, by Reel and by
# `ffmpeg -ss 3 -t 4 -i FILE`; Reel/ffmpeg must stay at or below CORRUPT_LIMIT.
CORRUPT_LIMIT = 2.0
CORRUPT_SEEDS = {"mp4": 11, "mkv": 12, "webm": 13}
CORRUPT_FLIPS = 8


def flip_bytes(source, target, seed):
    """Copies `source` to `target` with CORRUPT_FLIPS bytes inverted at seeded offsets."""
    import random
    data = bytearray(open(source, "rb").read())
    chooser = random.Random(seed)
    for _ in range(CORRUPT_FLIPS):
        data[chooser.randrange(65536, len(data))] ^= 0xFF
    with open(target, "wb") as out:
        out.write(data)


def rewrite_cluster_timecode(source, target, which=2, value=0):
    """Copies a Matroska file with cluster number `which` claiming to start at `value` ms."""
    data = bytearray(open(source, "rb").read())
    found, at = 0, 0
    while True:
        at = data.find(b"\x1f\x43\xb6\x75", at + 1)
        if at < 0:
            break
        first, length = data[at + 4], 1
        while length <= 8 and not first & (0x80 >> (length - 1)):
            length += 1
        offset = at + 4 + length
        if data[offset] == 0xBF:  # CRC-32 element
            offset += 6
        if data[offset] != 0xE7:
            continue
        if found == which:
            size = data[offset + 1] & 0x7F
            data[offset + 2:offset + 2 + size] = value.to_bytes(size, "big")
            break
        found += 1
    with open(target, "wb") as out:
        out.write(data)


def make_corrupt_sources():
    """The corrupt set: name → file in bench/.work/."""
    clean = {
        "mp4": ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "60",
                "-c:a", "aac", "-movflags", "+faststart"],
        "mkv": ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "60",
                "-c:a", "aac"],
        "webm": ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "2M",
                 "-g", "60", "-c:a", "libopus"],
    }
    made = {}
    for container, encode in clean.items():
        source = work(f"corrupt-source.{container}")
        if not os.path.exists(source):
            print(f"making bench/.work/corrupt-source.{container} (720p30, 10 s)", flush=True)
            ffmpeg("-f", "lavfi", "-i", f"testsrc2=s=1280x720:r={RATE}:d=10",
                   "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=10",
                   *encode, "-shortest", source + f".tmp.{container}")
            os.replace(source + f".tmp.{container}", source)
        flipped = work(f"corrupt-flip.{container}")
        flip_bytes(source, flipped, CORRUPT_SEEDS[container])
        made[f"flip-{container}"] = flipped
        if container in ("mkv", "webm"):
            jumped = work(f"corrupt-jump.{container}")
            rewrite_cluster_timecode(source, jumped)
            made[f"jump-{container}"] = jumped
    return made


def run_corrupt_set():
    """Renders each corrupt file with Reel and ffmpeg; returns the lines of its table and
    whether every ratio is within CORRUPT_LIMIT."""
    files = make_corrupt_sources()
    rows, within = [], True
    for name, path in files.items():
        reel_out, ff_out = work(f"corrupt-{name}-reel.mp4"), work(f"corrupt-{name}-ffmpeg.mp4")
        reel_runs, ff_runs, warned = [], [], ""
        for _ in range(RUNS):
            # Exit 4: Reel found more than a second without decodable frames and said so.
            reel = measure(reel_command(
                "corrupt", reel_out, ["--set", f"source={os.path.basename(path)}"]), (0, 4))
            reel_runs.append(reel)
            warned = ("exit 4 (damaged)" if reel["status"] == 4
                      else "warning" if "warning:" in reel["stderr"] else "none")
            ff_runs.append(measure(ffmpeg_command(
                ["-ss", "3", "-t", "4", "-i", path], None, ["-map", "0:v", "-map", "0:a"], ff_out)))
        rw = median([r["wall"] for r in reel_runs])
        fw = median([r["wall"] for r in ff_runs])
        rc = median([r["cpu"] for r in reel_runs])
        fc = median([r["cpu"] for r in ff_runs])
        ok = rw / fw <= CORRUPT_LIMIT
        within = within and ok
        print(f"  corrupt {name:10} reel {rw:6.2f} s   ffmpeg {fw:6.2f} s   "
              f"{rw / fw:.2f}{'' if ok else '  ABOVE THE LIMIT'}", flush=True)
        rows.append(f"| {name} | {rw:.2f} | {fw:.2f} | {rw / fw:.2f} | {rc:.2f} | {fc:.2f} | "
                    f"{rc / fc:.2f} | {warned} | {'yes' if ok else '**no**'} |")
    lines = [
        f"Corrupt media (4 s slices from 3 s of damaged 720p copies; medians of {RUNS} runs; "
        f"limit Reel/ffmpeg ≤ {CORRUPT_LIMIT}):",
        "",
        "| file | Reel wall s | ffmpeg wall s | Reel/ffmpeg wall | Reel CPU s | ffmpeg CPU s | "
        "Reel/ffmpeg CPU | Reel reported | within limit |",
        "|---|---:|---:|---:|---:|---:|---:|---|---|",
        *rows,
        "",
    ]
    return lines, within


def stamp(seconds):
    ms = int(round(seconds * 1000))
    return f"{ms // 3600000:02}:{ms // 60000 % 60:02}:{ms // 1000 % 60:02},{ms % 1000:03}"


# MARK: - Jobs


def tilt_corners():
    """Where the tilted video layer's corners land, by Core Animation's projection.

    The layer (frame [240, 135, 1440, 810]) turns 30° about y through its centre with
    m34 = -1/1500, row vectors: (x, y, 0, 1)·Ry gives z = -x·sin θ and w = 1 + x·sin θ / d.
    """
    import math
    theta, d = math.radians(30), 1500.0
    cx, cy, hw, hh = 960.0, 540.0, 720.0, 405.0
    corners = []
    for x, y in ((-hw, -hh), (hw, -hh), (-hw, hh), (hw, hh)):
        w = 1 + x * math.sin(theta) / d
        corners.append((cx + x * math.cos(theta) / w, cy + y / w))
    return corners


def jobs():
    """name → (template, ffmpeg arguments before the encoder settings, graph, still time)."""
    src, src_b = work("source.mp4"), work("source-b.mp4")
    card_graph = (
        "[0:v]scale=1536:864:flags=bilinear,drawbox=x=0:y=0:w=iw:h=ih:color=white:t=8,"
        "pad=1920:1080:192:40:color=0x3D1A6E[inset];"
        "[1:v]scale=160:160:flags=bilinear[star];"
        "[2:v]scale=96:96:flags=bilinear,format=rgba,"
        "geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='alpha(X,Y)*(1-0.8*(1-abs(2*mod(T,1)-1)))'"
        "[twinkle];"
        "[inset][star]overlay=1744:16[a];[a][twinkle]overlay=48:48:eof_action=pass[b];"
        f"[b]drawtext=fontfile={FONT_BOLD}:text='Happy Birthday, Friend':fontsize=80:"
        "fontcolor=white:x=(w-text_w)/2:y=942:enable='gte(t,1)':alpha='min(1,t-1)'[v]"
    )
    corners = tilt_corners()
    points = ":".join(f"x{i}={x:.2f}:y{i}={y:.2f}" for i, (x, y) in enumerate(corners))
    # The video is shrunk by 2 px a side and padded with the background: the perspective
    # filter clamps samples outside its input, so the clamped edge is the background colour.
    tilt_graph = (
        "[0:v]scale=1916:1076:flags=bilinear,pad=1920:1080:2:2:color=0xF0EAD6,"
        f"perspective={points}:interpolation=linear:sense=destination[v]"
    )
    captions_graph = (
        f"[0:v]subtitles=filename={work('captions.srt')}:"
        "force_style='FontName=DejaVu Sans,FontSize=15,Bold=1,PrimaryColour=&H00FFFFFF,"
        "BorderStyle=3,OutlineColour=&H60000000,Outline=3,Shadow=0,MarginV=16'[v]"
    )
    return {
        "floor": ("floor", ["-i", src], None, ["-map", "0:v", "-map", "0:a"], 3.0),
        "card": ("card",
                 ["-i", src, "-i", work("star.png"), "-loop", "1", "-framerate", str(RATE),
                  "-t", str(SECONDS), "-i", work("star.png")],
                 card_graph, ["-map", "[v]", "-map", "0:a"], 3.25),
        "crossfade": ("crossfade", ["-t", "5.5", "-i", src, "-t", "5.5", "-i", src_b],
                      "[0:v][1:v]xfade=transition=fade:duration=1:offset=4.5[v];"
                      "[0:a][1:a]acrossfade=d=1[a]",
                      ["-map", "[v]", "-map", "[a]"], 5.0),
        "tilt": ("tilt", ["-i", src], tilt_graph, ["-map", "[v]", "-map", "0:a"], 3.0),
        "captions": ("captions", ["-i", src], captions_graph,
                     ["-map", "[v]", "-map", "0:a"], 3.1),
        # Filters (issue 28): a look, a blur behind a title, a 3D LUT, each with ffmpeg's own.
        "look": ("look", ["-i", src],
                 "[0:v]eq=contrast=1.2:brightness=0.05:saturation=1.3,vignette=angle=PI/4[v]",
                 ["-map", "[v]", "-map", "0:a"], 3.0),
        "blur": ("blur", ["-i", src],
                 f"[0:v]gblur=sigma=20,drawtext=fontfile={FONT_BOLD}:text='Behind the title':"
                 "fontsize=96:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2[v]",
                 ["-map", "[v]", "-map", "0:a"], 3.0),
        "lut": ("lut", ["-i", src], f"[0:v]lut3d=file={work('look.cube')}[v]",
                ["-map", "[v]", "-map", "0:a"], 3.0),
    }


def ffmpeg_command(inputs, graph, maps, output):
    command = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-nostdin", *inputs]
    if graph:
        command += ["-filter_complex", graph]
    return command + maps + ENCODE + [output]


def reel_command(template, output, extra=()):
    return [REEL, "render", os.path.join(TEMPLATES, template + ".json"), "-o", output,
            "--overwrite", "--quiet", "--stats", *extra]


# MARK: - Measuring


def measure(command, allowed=(0,)):
    """Runs `command`; returns wall s, CPU s (user + sys), peak RSS MB, its stderr and exit
    status. Exits when the status is not one of `allowed`."""
    err_path = work("stderr.txt")
    with open(err_path, "wb") as err, open(os.devnull, "wb") as null:
        started = time.monotonic()
        child = subprocess.Popen(command, stdout=null, stderr=err, stdin=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.monotonic() - started
        child.returncode = os.waitstatus_to_exitcode(status)
    with open(err_path, encoding="utf-8", errors="replace") as err:
        text = err.read()
    if child.returncode not in allowed:
        sys.exit(f"failed ({child.returncode}): {' '.join(command)}\n{text}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime,
            "rss": usage.ru_maxrss / 1024.0, "stderr": text, "status": child.returncode}


def stats_line(stderr):
    for line in reversed(stderr.splitlines()):
        if line.startswith("{") and "stageBusySeconds" in line:
            return json.loads(line)
    return None


def probe(path):
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-count_packets", "-select_streams", "v:0", "-show_entries",
         "stream=width,height,nb_read_packets,pix_fmt:format=duration", "-of", "json", path],
        check=True, capture_output=True, text=True).stdout
    info = json.loads(out)
    stream = info["streams"][0]
    return (f"{stream['width']}×{stream['height']} {stream['pix_fmt']}, "
            f"{stream['nb_read_packets']} frames, {float(info['format']['duration']):.2f} s")


def median(values):
    return statistics.median(values) if values else float("nan")


def still(job, reel_out, ffmpeg_out, at):
    """Reel's frame (left) and ffmpeg's (right) at `at` seconds, as a PNG under 150 KB."""
    os.makedirs(IMAGES, exist_ok=True)
    target = os.path.join(IMAGES, f"bench-{job}.png")
    for width in (1280, 1024, 800, 640, 480):
        ffmpeg("-ss", f"{at}", "-i", reel_out, "-ss", f"{at}", "-i", ffmpeg_out,
               "-filter_complex", f"[0:v][1:v]hstack,scale={width}:-2:flags=area",
               "-frames:v", "1", "-update", "1", target)
        if os.path.getsize(target) < 150_000:
            break
    return os.path.relpath(target, ROOT)


# MARK: - Main


def main():
    if not os.path.exists(REEL):
        sys.exit(f"{REEL} is missing: run `make bench` (it builds it)")
    make_sources()
    table = jobs()
    names = [n for n in table if n == "floor" or not ONLY or n in ONLY]
    results = {n: {"reel": [], "ffmpeg": [], "stats": []} for n in names}
    outputs = {}
    print(f"{RUNS} run(s) per tool and job, alternating Reel and ffmpeg", flush=True)
    for run in range(RUNS):
        for name in names:
            template, inputs, graph, maps, _ = table[name]
            reel_out, ff_out = work(f"{name}-reel.mp4"), work(f"{name}-ffmpeg.mp4")
            outputs[name] = (reel_out, ff_out)
            reel = measure(reel_command(template, reel_out))
            results[name]["reel"].append(reel)
            stats = stats_line(reel["stderr"])
            if stats:
                results[name]["stats"].append(stats)
            ff = measure(ffmpeg_command(inputs, graph, maps, ff_out))
            results[name]["ffmpeg"].append(ff)
            print(f"  run {run + 1}/{RUNS} {name:10} reel {reel['wall']:6.2f} s "
                  f"({reel['cpu']:6.2f} s CPU, {reel['rss']:5.0f} MB)   ffmpeg {ff['wall']:6.2f} s "
                  f"({ff['cpu']:6.2f} s CPU, {ff['rss']:5.0f} MB)", flush=True)

    def med(name, tool, key):
        return median([r[key] for r in results[name][tool]])

    floor_wall = med("floor", "ffmpeg", "wall")
    floor_cpu = med("floor", "ffmpeg", "cpu")
    floor_rss = med("floor", "ffmpeg", "rss")
    lines = []
    out = lines.append
    out(f"Medians of {RUNS} alternating runs; floor = ffmpeg's plain transcode of the source "
        f"({floor_wall:.2f} s wall, {floor_cpu:.2f} s CPU, {floor_rss:.0f} MB).")
    out("")
    out("| job | Reel wall s | ffmpeg wall s | Reel/ffmpeg wall | Reel/floor wall | "
        "Reel CPU s | ffmpeg CPU s | Reel/ffmpeg CPU | Reel/floor CPU | Reel peak MB | "
        "ffmpeg peak MB |")
    out("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in names:
        rw, fw = med(name, "reel", "wall"), med(name, "ffmpeg", "wall")
        rc, fc = med(name, "reel", "cpu"), med(name, "ffmpeg", "cpu")
        rm, fm = med(name, "reel", "rss"), med(name, "ffmpeg", "rss")
        out(f"| {name} | {rw:.2f} | {fw:.2f} | {rw / fw:.2f} | {rw / floor_wall:.2f} | "
            f"{rc:.2f} | {fc:.2f} | {rc / fc:.2f} | {rc / floor_cpu:.2f} | {rm:.0f} | {fm:.0f} |")
    out("")
    out("The machine's speed drifts between runs, so the medians above can move by 10 % from one "
        "`make bench` to the next. Each run renders a job with Reel and then with ffmpeg, one "
        "right after the other; the ratio within each such pair is steadier. Per-pair "
        "Reel/ffmpeg wall-time ratios, lowest, median and highest:")
    out("")
    out("| job | lowest | median | highest |")
    out("|---|---:|---:|---:|")
    for name in names:
        pairs = sorted(r["wall"] / f["wall"]
                       for r, f in zip(results[name]["reel"], results[name]["ffmpeg"]))
        out(f"| {name} | {pairs[0]:.2f} | {median(pairs):.2f} | {pairs[-1]:.2f} |")
    out("")
    out("Outputs (ffprobe):")
    out("")
    for name in names:
        reel_out, ff_out = outputs[name]
        out(f"- {name}: Reel {probe(reel_out)}; ffmpeg {probe(ff_out)}")
    out("")
    out("ffmpeg command lines (inputs in bench/.work/; then "
        + " ".join(ENCODE) + " OUT.mp4):")
    out("")
    for name in names:
        _, inputs, graph, maps, _ = table[name]
        shown = " ".join(os.path.relpath(a, ROOT) if a.startswith(WORK) else a for a in inputs)
        out(f"- {name}: `ffmpeg {shown}"
            + (f" -filter_complex \"{graph.replace(WORK + '/', '')}\"" if graph else "")
            + f" {' '.join(maps)}`")
    out("")

    if "card" in names and results["card"]["stats"]:
        runs = results["card"]["stats"]
        stages = sorted(runs[0]["stageBusySeconds"])
        busy = {s: median([r["stageBusySeconds"][s] for r in runs]) for s in stages}
        wall = median([r["wallSeconds"] for r in runs])
        total = sum(busy.values())
        out("Birthday card, stage busy time (medians, seconds, from `reel render --stats`):")
        out("")
        out("| " + " | ".join(stages) + " | sum of stages | export wall | wall / sum |")
        out("|" + "---:|" * (len(stages) + 3))
        out("| " + " | ".join(f"{busy[s]:.2f}" for s in stages)
            + f" | {total:.2f} | {wall:.2f} | {wall / total:.2f} |")
        out("")

    if LONG and "card" in names:
        print("  card, 60 s source (peak memory against 10 s)…", flush=True)
        long_out = work("card-60-reel.mp4")
        long_run = measure(reel_command("card", long_out, ["--set", "source=source-60.mp4"]))
        short_rss = med("card", "reel", "rss")
        out("Peak memory, Reel birthday card: "
            f"10 s {short_rss:.0f} MB, 60 s {long_run['rss']:.0f} MB "
            f"(60 s / 10 s = {long_run['rss'] / short_rss:.2f}; 60 s render took "
            f"{long_run['wall']:.1f} s wall). Output: {probe(long_out)}.")
        out("")

    if os.path.exists(BENCHMARKS) and "card" in names:
        print("  compositing alone (ReelBenchmarks composite-card)…", flush=True)
        run = subprocess.run([BENCHMARKS, "composite-card", os.path.join(TEMPLATES, "card.json")],
                             capture_output=True, text=True)
        if run.returncode == 0:
            out("Compositing alone, birthday card, 1080p (pre-decoded frame, no encoder): "
                + run.stdout.strip().splitlines()[-1])
        else:
            out(f"Compositing alone: ReelBenchmarks failed: {run.stderr.strip()}")
        out("")

    memory_ok = True
    if os.path.exists(BENCHMARKS) and (not ONLY or "memory" in ONLY):
        out("Memory of one process exporting over and over (docs/server.md; 640×360 1 s "
            "template, RSS from /proc/self/statm), with the allocator as Reel sets it (2 "
            "arenas, 128 KiB thresholds; the limits are checked for it) and with glibc's own "
            "(`HeapMemory.arenaLimit` and `.threshold` nil) for comparison:")
        out("")
        for label, extra in (("Reel's allocator settings", {}),
                             ("glibc's own", {"REEL_BENCH_ARENA_LIMIT": "none",
                                              "REEL_BENCH_THRESHOLD": "none"})):
            print(f"  300 exports in one process, then 8 at once ({label})…", flush=True)
            environment = {key: value for key, value in os.environ.items()
                           if not key.startswith("MALLOC_")}
            run = subprocess.run([BENCHMARKS, "memory-settle", work("memory-settle")],
                                 capture_output=True, text=True, env={**environment, **extra})
            out(f"- {label}:")
            for line in run.stdout.strip().splitlines():
                out(f"  - {line}")
            if run.returncode not in (0, 3):
                out(f"  - ReelBenchmarks failed: {run.stderr.strip()}")
            if not extra:
                memory_ok = run.returncode == 0
        out("")

    corrupt_ok = True
    if not ONLY or "corrupt" in ONLY:
        print("  corrupt media set…", flush=True)
        corrupt_lines, corrupt_ok = run_corrupt_set()
        lines.extend(corrupt_lines)

    if not ONLY or "gif" in ONLY:
        print("  GIF against ffmpeg's two-pass palette commands…", flush=True)
        lines.extend(gif_side_by_side())

    if not ONLY or "lottie" in ONLY:
        print("  Lottie overlay against a static PNG of the same size…", flush=True)
        lines.extend(lottie_against_png())

    if os.path.exists(BENCHMARKS) and (not ONLY or "avfoundation" in ONLY):
        print("  AVAssetWriter / AVAssetReader against ffmpeg…", flush=True)
        lines.extend(av_side_by_side())

    if os.environ.get("BENCH_BATCH", "1") != "0" and (not ONLY or "batch" in ONLY):
        lines.extend(batch.run(REEL, work, measure))

    if os.environ.get("BENCH_SCALE", "1") != "0" and (not ONLY or "scale" in ONLY):
        lines.extend(scale.run(REEL, WORK, measure))

    out("Side-by-side stills (Reel left, ffmpeg right):")
    out("")
    for name in names:
        at = table[name][4]
        reel_out, ff_out = outputs[name]
        out(f"- {name} at {at} s: {still(name, reel_out, ff_out, at)}")

    text = "\n".join(lines) + "\n"
    print()
    print(text)
    with open(os.path.join(BENCH, "results.md"), "w", encoding="utf-8") as results_file:
        results_file.write("# `make bench` results\n\n" + text)
    if not corrupt_ok:
        sys.exit(f"Reel took more than {CORRUPT_LIMIT}× ffmpeg's time on the corrupt media set")
    if not memory_ok:
        sys.exit("memory-settle: RSS grew more than 2 MB per 100 exports or did not settle "
                 "within 32 MB after the burst")


AV_FRAMES = 300
AV_RAW_FRAMES = 60


def gif_side_by_side():
    """The GIF export (bench/templates/gif.json: the 10 s 1080p source at 15 fps, 480 px
    wide, looping) against the two ffmpeg commands people run for the same GIF: palettegen
    over every frame, then paletteuse with the palette (Sierra-2-4A dithering, both
    defaults). Both scale to 480×270: Reel draws at the render size and scales each frame
    down with its own scaler (ReelGraphics' Image.scaled), ffmpeg with its scale filter."""
    src = work("source.mp4")
    palette = work("gif-palette.png")
    reel_out, ff_out = work("gif-reel.gif"), work("gif-ffmpeg.gif")
    chain = "fps=15,scale=480:-2:flags=bicubic"
    base = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-nostdin"]
    first = base + ["-i", src, "-vf", f"{chain},palettegen", palette]
    second = base + ["-i", src, "-i", palette, "-lavfi", f"{chain}[x];[x][1:v]paletteuse",
                     ff_out]
    rows = []
    for _ in range(RUNS):
        reel = measure(reel_command("gif", reel_out))
        one, two = measure(first), measure(second)
        rows.append((reel, {"wall": one["wall"] + two["wall"], "cpu": one["cpu"] + two["cpu"],
                            "rss": max(one["rss"], two["rss"])}))
    rw, fw = median([r["wall"] for r, _ in rows]), median([f["wall"] for _, f in rows])
    rc, fc = median([r["cpu"] for r, _ in rows]), median([f["cpu"] for _, f in rows])
    rm, fm = median([r["rss"] for r, _ in rows]), median([f["rss"] for _, f in rows])
    reel_size, ff_size = os.path.getsize(reel_out), os.path.getsize(ff_out)
    wall_ratio, cpu_ratio, size_ratio = rw / fw, rc / fc, reel_size / ff_size
    pairs = ", ".join(f"{r['wall'] / f['wall']:.2f}/{r['cpu'] / f['cpu']:.2f}" for r, f in rows)
    print(f"    GIF Reel/ffmpeg: wall {wall_ratio:.2f}, CPU {cpu_ratio:.2f}, "
          f"size {size_ratio:.2f}", flush=True)
    return [
        "",
        "GIF (bench/templates/gif.json: 10 s 1080p source → 15 fps, 480×270, looping) against "
        f"ffmpeg's two passes (`{' '.join(first[6:])}` then `{' '.join(second[6:])}`), "
        f"medians of {RUNS} runs:",
        "",
        "| tool | wall s | CPU s | peak MB | bytes |",
        "|---|---:|---:|---:|---:|",
        f"| Reel | {rw:.2f} | {rc:.2f} | {rm:.0f} | {reel_size} |",
        f"| ffmpeg, two passes | {fw:.2f} | {fc:.2f} | {fm:.0f} | {ff_size} |",
        f"| Reel/ffmpeg | {wall_ratio:.2f} | {cpu_ratio:.2f} | {rm / fm:.2f} | "
        f"{size_ratio:.2f} |",
        "",
        f"- Targets (issue 30): speed within 1.0× of ffmpeg's — wall {wall_ratio:.2f} "
        f"({'met' if wall_ratio <= 1.0 else 'not met'}), CPU {cpu_ratio:.2f} "
        f"({'met' if cpu_ratio <= 1.0 else 'not met'}); file ≤ 1.1× ffmpeg's — "
        f"{size_ratio:.2f} ({'met' if size_ratio <= 1.1 else 'not met'}).",
        f"- Reel/ffmpeg per run (wall/CPU, alternating): {pairs}.",
        f"- Reel {probe(reel_out)}; ffmpeg {probe(ff_out)}",
    ]


def lottie_against_png():
    """The Lottie layer at 1080p30 (the confetti, looping, full frame: a new animation frame
    every movie frame) against the same template with a 1920×1080 PNG in its place, run in
    alternating pairs (the per-pair ratio is steadier on a loaded machine than the medians)."""
    runs = {"lottie": [], "lottie-png": []}
    for _ in range(RUNS):
        for name in runs:
            runs[name].append(measure(reel_command(name, work(f"{name}-reel.mp4"))))

    def med(name, key):
        return median([r[key] for r in runs[name]])

    lottie_wall, png_wall = med("lottie", "wall"), med("lottie-png", "wall")
    lottie_cpu, png_cpu = med("lottie", "cpu"), med("lottie-png", "cpu")
    pairs = sorted(p["wall"] / l["wall"] for l, p in zip(runs["lottie"], runs["lottie-png"]))
    return [
        "",
        "Lottie overlay (issue 29): the confetti animation looping over the 10 s 1080p30 "
        f"source, full frame, against the same template with a static 1920×1080 PNG, medians "
        f"of {RUNS} alternating runs:",
        "",
        "| template | Reel wall s | Reel CPU s | peak MB |",
        "|---|---:|---:|---:|",
        f"| lottie | {lottie_wall:.2f} | {lottie_cpu:.2f} | {med('lottie', 'rss'):.0f} |",
        f"| static PNG | {png_wall:.2f} | {png_cpu:.2f} | {med('lottie-png', 'rss'):.0f} |",
        "",
        f"Speed of the Lottie render relative to the PNG one (PNG time ÷ Lottie time, target "
        f"≥ 0.8×): wall {png_wall / lottie_wall:.2f}×, CPU {png_cpu / lottie_cpu:.2f}×; per "
        f"pair (wall) lowest {pairs[0]:.2f}×, median {median(pairs):.2f}×, highest "
        f"{pairs[-1]:.2f}×.",
        "",
    ]


def av_side_by_side():
    """Apple's writer and reader over Reel (ReelBenchmarks avwrite / avread) against ffmpeg
    doing the same: 300 raw 1080p BGRA frames (60 distinct, looped) encoded with libx264
    veryfast CRF 23 yuv420p; the 1080p30 source's 300 frames decoded to raw BGRA."""
    raw = work("frames-1080p.bgra")
    if not os.path.exists(raw):
        ffmpeg("-i", work("source.mp4"), "-frames:v", str(AV_RAW_FRAMES), "-f", "rawvideo",
               "-pix_fmt", "bgra", raw + ".tmp")
        os.replace(raw + ".tmp", raw)
    reel_out, ff_out = work("avwrite-reel.mp4"), work("avwrite-ffmpeg.mp4")
    loops = AV_FRAMES // AV_RAW_FRAMES - 1
    ff_write = ["ffmpeg", "-v", "error", "-y", "-stream_loop", str(loops), "-f", "rawvideo",
                "-pix_fmt", "bgra", "-s", f"{WIDTH}x{HEIGHT}", "-r", str(RATE), "-i", raw,
                "-frames:v", str(AV_FRAMES), "-c:v", "libx264", "-preset", "veryfast",
                "-crf", "23", "-pix_fmt", "yuv420p", ff_out]
    reel_write = [BENCHMARKS, "avwrite", raw, reel_out, str(AV_FRAMES)]
    ff_read = ["ffmpeg", "-v", "error", "-i", work("source.mp4"), "-map", "0:v:0",
               "-sws_flags", "bilinear+full_chroma_int", "-f", "rawvideo", "-pix_fmt", "bgra",
               "-y", "/dev/null"]
    reel_read = [BENCHMARKS, "avread", work("source.mp4")]
    results = {"write": ([], []), "read": ([], [])}
    for _ in range(RUNS):
        for key, reel_command_line, ff_command_line in (
                ("write", reel_write, ff_write), ("read", reel_read, ff_read)):
            results[key][0].append(measure(reel_command_line))
            results[key][1].append(measure(ff_command_line))
    lines = ["AVFoundation names over Reel against ffmpeg, 300 1080p frames (medians of "
             f"{RUNS} alternating runs): writing raw BGRA frames through AVAssetWriter + "
             "AVAssetWriterInputPixelBufferAdaptor against `" + " ".join(
                 os.path.relpath(a, ROOT) if a.startswith(WORK) else a for a in ff_write)
             + "`; reading them back as BGRA pixel buffers with AVAssetReader against `"
             + " ".join(os.path.relpath(a, ROOT) if a.startswith(WORK) else a for a in ff_read)
             + "`.", "",
             "| step | Reel wall s | ffmpeg wall s | Reel/ffmpeg wall | Reel CPU s | "
             "ffmpeg CPU s | Reel/ffmpeg CPU |", "|---|---:|---:|---:|---:|---:|---:|"]
    for key in ("write", "read"):
        reel_runs, ff_runs = results[key]
        rw, fw = median([r["wall"] for r in reel_runs]), median([r["wall"] for r in ff_runs])
        rc, fc = median([r["cpu"] for r in reel_runs]), median([r["cpu"] for r in ff_runs])
        lines.append(f"| {key} | {rw:.2f} | {fw:.2f} | {rw / fw:.2f} | {rc:.2f} | {fc:.2f} | "
                     f"{rc / fc:.2f} |")
    lines += ["", f"Outputs: Reel {probe(reel_out)}; ffmpeg {probe(ff_out)}", ""]
    return lines


if __name__ == "__main__":
    main()
