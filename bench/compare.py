#!/usr/bin/env python3
"""Two builds of Reel against each other on the `make bench` jobs, paired run by run.

    python3 bench/compare.py /path/to/baseline-checkout      # AB_RUNS=5, AB_JOBS=card,tilt

For a change that must not slow Reel down (a refactor, a hot-path change): build `reel` in
release in both checkouts first (`swift build -c release --product reel`). Each run renders a
job with the baseline's `reel`, this checkout's `reel` (the two in alternating order) and
ffmpeg, back to back, so the machine's drift (10 % and more on a shared VM) mostly cancels
within a triple. Prints per job the medians of the per-run ratios: new/baseline wall and CPU
time, and each side's Reel/ffmpeg wall time. Inputs are `make bench`'s (bench/.work/, made by
`bench/bench.py` on its first run). Python 3 standard library only.
"""

import os
import statistics
import sys

import bench

RUNS = int(os.environ.get("AB_RUNS", "5"))
ONLY = [j for j in os.environ.get("AB_JOBS", "").split(",") if j]


def render(root, template, output):
    return bench.measure([
        os.path.join(root, ".build", "release", "reel"), "render",
        os.path.join(root, "bench", "templates", template + ".json"), "-o", output,
        "--overwrite", "--quiet"])


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: bench/compare.py BASELINE-CHECKOUT")
    base, new = os.path.abspath(sys.argv[1]), bench.ROOT
    for root in (base, new):
        if not os.path.exists(os.path.join(root, ".build", "release", "reel")):
            sys.exit(f"{root}/.build/release/reel is missing: build it in release first")
    bench.make_sources()
    table = bench.jobs()
    names = [n for n in table if not ONLY or n in ONLY]
    results = {n: {"base": [], "new": [], "ffmpeg": []} for n in names}
    for run in range(RUNS):
        for name in names:
            template, inputs, graph, maps, _ = table[name]
            order = ["base", "new"] if run % 2 == 0 else ["new", "base"]
            for who in order:
                root = base if who == "base" else new
                results[name][who].append(
                    render(root, template, bench.work(f"{name}-compare-{who}.mp4")))
            results[name]["ffmpeg"].append(bench.measure(bench.ffmpeg_command(
                inputs, graph, maps, bench.work(f"{name}-compare-ffmpeg.mp4"))))
            b, w, f = (results[name][k][-1]["wall"] for k in ("base", "new", "ffmpeg"))
            print(f"  run {run + 1}/{RUNS} {name:10} baseline {b:6.2f} s   new {w:6.2f} s   "
                  f"ffmpeg {f:6.2f} s", flush=True)

    def ratio(name, top, bottom, key):
        pairs = zip(results[name][top], results[name][bottom])
        return statistics.median(t[key] / b[key] for t, b in pairs)

    print("| job | new/baseline wall | new/baseline CPU | baseline Reel/ffmpeg | new Reel/ffmpeg |")
    print("|---|---:|---:|---:|---:|")
    for name in names:
        print(f"| {name} | {ratio(name, 'new', 'base', 'wall'):.3f} | "
              f"{ratio(name, 'new', 'base', 'cpu'):.3f} | "
              f"{ratio(name, 'base', 'ffmpeg', 'wall'):.2f} | "
              f"{ratio(name, 'new', 'ffmpeg', 'wall'):.2f} |")


if __name__ == "__main__":
    main()
