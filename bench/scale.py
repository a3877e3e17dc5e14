"""`make bench`'s scale section: one 60 s 1080p card rendered whole, with `--jobs 2`, and as
N = 2, 4, 8 chunks through a private single-node Slurm (scripts/local-slurm.sh).

Imported by bench.py (BENCH_JOBS=scale runs only this section; BENCH_SCALE=0 skips it;
BENCH_SCALE_SECONDS=S renders only the first S seconds; BENCH_SCALE_CHUNKS=2,4,8 picks the
chunk counts; BENCH_SCALE_GOPS=250,30 the source clip's keyframe intervals in frames, a table
each; BENCH_SCALE_ROUNDS=1 how many times every Slurm-table run is repeated;
BENCH_SCALE_PAIRED_ROUNDS=1 the paired table's, 0 to skip it; the paired table ends with the
largest chunk count rendered inside one process by `ReelBenchmarks plan-in-process`, which
parts the chunking's own cost from a process per task's). For each run: wall time,
total CPU time of every task against the mean of the whole renders run just before and just
after it (the overhead of seeking and starting an encoder per chunk), the output's bitrate against the
whole render's (each chunk starts with an IDR frame), and the join's time. Each Slurm task runs
`reel` through `python3 bench/scale.py --task LOG REEL ARGS…`, which records its wall and CPU
time (wait4's rusage) as a JSON line, since this Slurm keeps no accounting. The submit
script is the one `reel plan --format slurm` prints, with only the executable replaced by
that wrapper.
"""

import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from statistics import mean

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEMPLATE = os.path.join(ROOT, "bench", "templates", "card.json")
LOCAL_SLURM = os.path.join(ROOT, "scripts", "local-slurm.sh")
SECONDS = float(os.environ.get("BENCH_SCALE_SECONDS", "60"))
CHUNKS = [int(n) for n in os.environ.get("BENCH_SCALE_CHUNKS", "2,4,8").split(",") if n]


def task(log, command):
    """Runs `command`, appends {task, wall, cpu, start, end} to `log`, exits with its status."""
    started = time.time()
    child = subprocess.Popen(command)
    _, status, usage = os.wait4(child.pid, 0)
    ended = time.time()
    code = os.waitstatus_to_exitcode(status)
    name = ("join" if command[1] == "join" else "audio" if "--audio" in command
            else f"chunk {command[command.index('--chunk') + 1]}")
    with open(log, "a") as f:
        f.write(json.dumps({"task": name, "wall": ended - started,
                            "cpu": usage.ru_utime + usage.ru_stime, "start": started,
                            "end": ended, "status": code}) + "\n")
    sys.exit(code)


def bitrate(path):
    """Video bit rate in kb/s (stream size over duration, from ffprobe)."""
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries",
         "stream=nb_read_packets:format=duration", "-show_entries", "packet=size", "-of", "json",
         path], check=True, capture_output=True, text=True).stdout
    info = json.loads(out)
    size = sum(int(p["size"]) for p in info["packets"])
    frames = int(info["streams"][0]["nb_read_packets"])
    return size * 8 / 1000 / float(info["format"]["duration"]), frames


def scontrol_states(job, environment):
    out = subprocess.run(["scontrol", "show", "job", job], capture_output=True, text=True,
                         env=environment).stdout
    return [field.split("=", 1)[1] for field in out.split() if field.startswith("JobState=")]


def run_slurm(reel, work, chunks, variables, environment):
    """Plans `chunks` chunks, submits the printed script, waits for the join; returns the
    measurements."""
    plan = os.path.join(work, f"scale-{chunks}.plan.json")
    output = os.path.join(work, f"scale-{chunks}.mp4")
    log = os.path.join(work, f"scale-{chunks}.tasks.jsonl")
    for stale in (output, log):
        if os.path.exists(stale):
            os.remove(stale)
    started = time.monotonic()
    script = subprocess.run(
        [reel, "plan", TEMPLATE, "--chunks", str(chunks), *variables, "--format", "slurm",
         "-o", plan, "--output", output], check=True, capture_output=True, text=True).stdout
    planned = time.monotonic() - started
    wrapper = os.path.join(work, "reel-timed")
    with open(wrapper, "w") as f:
        f.write(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} "
                f"{shlex.quote(os.path.abspath(__file__))} --task {shlex.quote(log)} "
                f"{shlex.quote(reel)} \"$@\"\n")
    os.chmod(wrapper, 0o755)
    # The script names the executable as `reel plan` found it (/proc/self/exe: symlinks resolved).
    quoted = "'" + os.path.realpath(reel).replace("'", "'\\''") + "'"
    if quoted not in script:
        sys.exit(f"the submit script does not run {reel}:\n{script}")
    script = script.replace(quoted, "'" + wrapper.replace("'", "'\\''") + "'")
    submit = os.path.join(work, f"scale-{chunks}.submit.sh")
    with open(submit, "w") as f:
        f.write(script)
    join = subprocess.run(["bash", submit], check=True, capture_output=True, text=True,
                          env=environment).stdout.strip()
    while True:
        states = scontrol_states(join, environment)
        if states and states[0] in ("COMPLETED", "FAILED", "CANCELLED", "TIMEOUT"):
            break
        time.sleep(0.2)
    wall = time.monotonic() - started
    if states[0] != "COMPLETED":
        sys.exit(f"the join of {chunks} chunks ended {states[0]}; logs beside {plan}")
    with open(log) as f:
        tasks = [json.loads(line) for line in f]
    return {"wall": wall, "plan": planned, "tasks": tasks, "output": output}


PAIRED_ROUNDS = max(0, int(os.environ.get("BENCH_SCALE_PAIRED_ROUNDS", "1")))


def side_by_side(first, second, label):
    """Runs the commands `first` and `second` (argument lists, or shell text) at the same time,
    each pinned to its own CPU, then the other way round, PAIRED_ROUNDS times. Both share the
    host at the same moments, so its drift, which moves CPU time by 10-40 % over minutes here,
    cancels in their ratio. Returns [(first's CPU, second's CPU)], one pair per run, each the
    user + sys time of the command and every descendant it waited for."""
    def pinned(cpu, command):
        shell = ["sh", "-c", command] if isinstance(command, str) else command
        return subprocess.Popen(["taskset", "-c", str(cpu), *shell], stdout=subprocess.DEVNULL)

    pairs = []
    for _ in range(PAIRED_ROUNDS):
        for first_cpu, second_cpu in ((0, 1), (1, 0)):
            processes = [pinned(first_cpu, first), pinned(second_cpu, second)]
            cpus = []
            for process in processes:
                _, status, usage = os.wait4(process.pid, 0)
                process.returncode = os.waitstatus_to_exitcode(status)
                if process.returncode != 0:
                    sys.exit(f"paired run ({label}): {process.args} failed")
                cpus.append(usage.ru_utime + usage.ru_stime)
            pairs.append((cpus[0], cpus[1]))
            print(f"  scale paired: {label} {cpus[1]:.1f} s CPU on CPU {second_cpu}, "
                  f"against {cpus[0]:.1f} s on CPU {first_cpu}", flush=True)
    return pairs


def make_plan(reel, work, name, chunks, variables):
    """Writes the plan `name`.plan.json of `chunks` chunks in `work`; returns its path."""
    plan = os.path.join(work, f"{name}.plan.json")
    subprocess.run([reel, "plan", TEMPLATE, "--chunks", str(chunks), *variables, "-o", plan,
                    "--output", os.path.join(work, f"{name}.mp4")],
                   check=True, capture_output=True)
    return plan


def paired(reel, work, chunks, variables):
    """CPU of a plan of `chunks` chunks rendered one task after the other on one CPU (every
    chunk, the audio, the join) while the whole render runs on the other CPU, then the
    other way round, PAIRED_ROUNDS times (`side_by_side`). Returns [(whole CPU, chunked
    CPU)], one pair per run."""
    plan = make_plan(reel, work, f"paired-{chunks}", chunks, variables)
    tasks = [[reel, "render", TEMPLATE, "--plan", plan, "--chunk", str(i), "--quiet"]
             for i in range(chunks)]
    tasks += [[reel, "render", TEMPLATE, "--plan", plan, "--audio", "--quiet"],
              [reel, "join", plan, "--overwrite", "--quiet"]]
    chunked = " && ".join(shlex.join(task) for task in tasks)
    whole = [reel, "render", TEMPLATE, *variables, "-o", os.path.join(work, "paired-whole.mp4"),
             "--overwrite", "--quiet"]
    return side_by_side(whole, chunked, f"{chunks} chunks")


# The benchmark programs (Benchmarks/, built by `make bench`): `plan-in-process` runs a
# plan's tasks inside one process.
BENCHMARKS = os.path.join(ROOT, "Benchmarks", ".build", "release", "ReelBenchmarks")


def in_process(reel, work, chunks, variables):
    """The chunking itself, without a process per task: the whole movie, and every task of
    a `chunks`-chunk plan (chunks, audio, join), each inside one process that loads the
    template once (`ReelBenchmarks plan-in-process`), side by side. Returns [(whole CPU,
    tasks CPU)]."""
    plan = make_plan(reel, work, f"in-process-{chunks}", chunks, variables)
    folder = os.path.join(work, f"in-process-{chunks}")
    whole = [BENCHMARKS, "plan-in-process", TEMPLATE, plan, "whole", folder]
    every = [BENCHMARKS, "plan-in-process", TEMPLATE, plan, "chunks", folder]
    return side_by_side(whole, every, f"{chunks} chunks in one process")


def paired_section(reel, work, variables, label):
    """The paired table for one source (empty without two CPUs to pin to or with
    BENCH_SCALE_PAIRED_ROUNDS=0)."""
    if PAIRED_ROUNDS == 0 or not {0, 1} <= os.sched_getaffinity(0) or not shutil.which("taskset"):
        return []
    counts = [1] + [n for n in CHUNKS if n != 1]
    results = {n: paired(reel, work, n, variables) for n in counts}
    ratios = {n: [c / w for w, c in pairs] for n, pairs in results.items()}

    rows = []
    for n in counts:
        wholes = [w for w, _ in results[n]]
        chunkeds = [c for _, c in results[n]]
        versus_one = [r / o for r, o in zip(ratios[n], ratios[1])]
        rows.append(f"| {n} | {mean(wholes):.1f} | {mean(chunkeds):.1f} | "
                    f"{100 * (mean(ratios[n]) - 1):+.1f} % "
                    f"({100 * (min(ratios[n]) - 1):+.1f} … {100 * (max(ratios[n]) - 1):+.1f}) | "
                    f"{100 * (mean(versus_one) - 1):+.1f} % |")
    lines = [
        f"Paired, {label}: the whole render pinned to one CPU and, at the same time, the "
        "plan's tasks one after the other (every chunk, the audio, the join) pinned to the "
        f"other, then the other way round ({len(results[1])} pairs per row): the two sides "
        "share the host's speed at every moment, so their ratio is steadier than CPU times "
        "taken minutes apart.",
        "",
        "| chunks | whole CPU s | chunked CPU s | chunked vs whole (range over pairs) | "
        "vs 1 chunk |",
        "|---:|---:|---:|---:|---:|",
        *rows,
        "",
    ]
    if os.path.exists(BENCHMARKS):
        n = counts[-1]
        ratios_in = [c / w for w, c in in_process(reel, work, n, variables)]
        share = (mean(ratios_in) - 1) / (mean(ratios[n]) - 1) if mean(ratios[n]) > 1 else None
        lines.append(
            f"The same plan's {n} chunks, audio and join inside one process (`ReelBenchmarks "
            "plan-in-process`: the template loaded once, each chunk its own export session "
            "with a new decoder and encoder), against the whole render in one process, paired "
            f"the same way: {100 * (mean(ratios_in) - 1):+.1f} % "
            f"({100 * (min(ratios_in) - 1):+.1f} … {100 * (max(ratios_in) - 1):+.1f}, "
            f"{len(ratios_in)} pairs). That is the cost of chunking itself (the encoder's "
            "lookahead after each chunk, decoding forward from the keyframe before it, a new "
            "encoder, the join); the rest of the row above"
            + (f" ({100 * (1 - share):.0f} % of its overhead)" if share is not None else "")
            + " is a process per task (libraries, template, fresh memory).")
        lines.append("")
    if len(counts) >= 3:
        n0, n1 = counts[1], counts[-1]
        whole_cpu = mean([w for n in counts for w, _ in results[n]])
        slope = whole_cpu * (mean(ratios[n1]) - mean(ratios[n0])) / (n1 - n0)
        lines.append(f"CPU per extra chunk (paired, slope from {n0} to {n1} chunks): "
                     f"{slope:.2f} s.")
        lines.append("")
    return lines


# The card's clip, at two keyframe intervals: x264's default (250 frames, 8.3 s, what the other
# sections use) and one keyframe a second (as phones and cameras record). A chunk decodes
# forward from the keyframe before its first frame, so the interval sets much of its cost.
KEYFRAME_INTERVALS = [int(n) for n in os.environ.get("BENCH_SCALE_GOPS", "250,30").split(",")
                      if n]


def source(sources, interval):
    """The card's clip with keyframes every `interval` frames, made once in bench/.work/: the
    10 s source (250: as it is; otherwise re-encoded with that interval, its audio copied)
    looped and cut to BENCH_SCALE_SECONDS. Returns its name there."""
    ten = os.path.join(sources, "source.mp4")
    if interval != 250:
        ten = os.path.join(sources, f"source-gop{interval}.mp4")
        if not os.path.exists(ten):
            subprocess.run(
                ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-nostdin", "-i",
                 os.path.join(sources, "source.mp4"), "-c:v", "libx264", "-preset", "veryfast",
                 "-crf", "23", "-g", str(interval), "-c:a", "copy", ten + ".tmp.mp4"],
                check=True)
            os.replace(ten + ".tmp.mp4", ten)
    stem = "source" if interval == 250 else f"source-gop{interval}"
    name = f"{stem}-60.mp4" if SECONDS == 60 else f"{stem}-{SECONDS:g}.mp4"
    path = os.path.join(sources, name)
    if not os.path.exists(path):
        subprocess.run(
            ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-nostdin", "-stream_loop",
             "-1", "-i", ten, "-t", f"{SECONDS:g}", "-c", "copy", path + ".tmp.mp4"], check=True)
        os.replace(path + ".tmp.mp4", path)
    return name


def run(reel, sources, measure):
    """Renders the section's runs for each keyframe interval and returns its lines (a table
    and a summary each)."""
    work = os.path.join(sources, "scale")
    os.makedirs(work, exist_ok=True)
    slurm_dir = tempfile.mkdtemp(prefix="reel-bench-slurm-")
    started = subprocess.run([LOCAL_SLURM, "start", slurm_dir], check=True, capture_output=True,
                             text=True).stdout.strip()
    environment = dict(os.environ, SLURM_CONF=started.split("=", 1)[1])
    lines = []
    try:
        for interval in KEYFRAME_INTERVALS:
            lines.extend(run_source(reel, sources, work, measure, interval, environment))
    finally:
        subprocess.run([LOCAL_SLURM, "stop", slurm_dir], check=False)
        shutil.rmtree(slurm_dir, ignore_errors=True)
    print("\n".join(lines), flush=True)
    return lines


ROUNDS = max(1, int(os.environ.get("BENCH_SCALE_ROUNDS", "1")))


def run_source(reel, sources, work, measure, interval, environment):
    """The runs over the clip with keyframes every `interval` frames: ROUNDS rounds of every
    run (`--jobs 1` and 2, each chunk count through Slurm), each bracketed by whole renders
    (whole, run, whole, run, …, whole). This machine's speed drifts by several per cent over
    minutes, so each run's CPU is compared with the mean of the two whole renders on either
    side of it, and those ratios are averaged over the rounds."""
    variables = ["--set", f"source={source(sources, interval)}"]
    label = f"keyframe every {interval} frames"
    others = ["--jobs 1", "--jobs 2"] + [f"{n} chunks" for n in CHUNKS]
    names = ["whole"] + others
    runs = {name: [] for name in names}
    # For each run of `others`, the mean CPU of the whole renders just before and after it.
    brackets = {name: [] for name in others}
    rates = {}
    frames = {}
    joins = {}

    def render(name, round_index):
        print(f"  scale ({label}), round {round_index}: {name}…", flush=True)
        if name == "whole" or name.startswith("--jobs"):
            out = os.path.join(work, "scale-" + name.replace("--", "").replace(" ", "")
                               + ".mp4")
            extra = [] if name == "whole" else name.split()
            result = measure([reel, "render", TEMPLATE, *variables, *extra, "-o", out,
                              "--overwrite", "--quiet"])
        else:
            chunks = int(name.split()[0])
            slurm = run_slurm(reel, work, chunks, variables, environment)
            tasks = slurm["tasks"]
            out = slurm["output"]
            result = {"wall": slurm["wall"], "cpu": sum(t["cpu"] for t in tasks)}
            joins.setdefault(name, []).append(
                next(t for t in tasks if t["task"] == "join")["wall"])
        rates[name], frames[name] = bitrate(out)
        runs[name].append(result)
        print(f"  scale: {name} {result['wall']:.1f} s wall, {result['cpu']:.1f} s CPU",
              flush=True)
        return result

    for round_index in range(1, ROUNDS + 1):
        before = render("whole", round_index)
        for name in others:
            render(name, round_index)
            after = render("whole", round_index)
            brackets[name].append((before["cpu"] + after["cpu"]) / 2)
            before = after
    for name in names:
        if frames[name] != frames["whole"]:
            sys.exit(f"{name} gave {frames[name]} frames, the whole render {frames['whole']}")

    def versus_whole(name):
        """Each run's CPU over its bracketing whole renders' mean, per round."""
        return [r["cpu"] / w for r, w in zip(runs[name], brackets[name])]

    def against(name, base):
        if base == "whole":
            return mean(versus_whole(name)) - 1
        return mean([r / b for r, b in zip(versus_whole(name), versus_whole(base))]) - 1

    rows = []
    for name in names:
        wall = mean([r["wall"] for r in runs[name]])
        cpu = mean([r["cpu"] for r in runs[name]])
        tasks = ("1" if name == "whole" else
                 f"{name.split()[-1] if name.startswith('--') else name.split()[0]} + audio + join")
        title = {"whole": "whole", "--jobs 1": "`--jobs 1`", "--jobs 2": "`--jobs 2`"}.get(
            name, f"Slurm, {name}")
        versus = ("– | –" if name == "whole" else
                  f"{100 * against(name, 'whole'):+.1f} % | {100 * against(name, '--jobs 1'):+.1f} %")
        bitrates = ("– | –" if name == "whole" else
                    f"{100 * (rates[name] / rates['whole'] - 1):+.1f} % | "
                    f"{100 * (rates[name] / rates['--jobs 1'] - 1):+.1f} %")
        join = f"{mean(joins[name]):.2f}" if name in joins else "–"
        rows.append(f"| {title} | {tasks} | {wall:.1f} | {cpu:.1f} | {versus} | "
                    f"{rates[name]:.0f} | {bitrates} | {join} |")
    whole_cpus = [r["cpu"] for r in runs["whole"]]
    drift = (max(whole_cpus) - min(whole_cpus)) / mean(whole_cpus)
    lines = [
        f"Scale-out, source with a {label} ({interval / 30:.1f} s): the birthday card, 1080p30, "
        f"{SECONDS:g} s ({frames['whole']} frames), {ROUNDS} rounds of every run, on this "
        "machine's cores (`nproc` = " + str(os.cpu_count()) + "); Slurm is a private "
        "single-node cluster, so its chunks take turns on the same cores. CPU is user + sys of "
        "every task (chunks, audio, join); wall and CPU are the means over the rounds. Every "
        "run is bracketed by whole renders (whole, run, whole, run, …) and its CPU compared "
        "with the mean of the two on either side, those ratios averaged over the rounds (the "
        "column against `--jobs 1` divides the two ratios). `--jobs 1` is one chunk: the "
        "pinned chunk encoder (keyframes, B-frames and threads fixed) with no extra IDR frames "
        "and nothing after it to show the encoder, so the columns "
        "against it are the cost of the chunking itself. The whole render's CPU moved by "
        f"{100 * drift:.1f} % over the {len(whole_cpus)} whole renders:",
        "",
        "| run | tasks | wall s | CPU s | CPU vs whole | CPU vs 1 chunk | video kb/s | "
        "bitrate vs whole | bitrate vs 1 chunk | join s |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        *rows,
        "",
    ]
    slurm_names = [n for n in names if n.endswith("chunks")]
    if len(slurm_names) >= 2:
        first, last = slurm_names[0], slurm_names[-1]
        n0, n1 = int(first.split()[0]), int(last.split()[0])
        # In whole renders' terms, so the drift between the two runs does not enter.
        slope = mean(whole_cpus) * mean(
            [(b - a) / (n1 - n0) for a, b in zip(versus_whole(first), versus_whole(last))])
        lines.append(f"CPU per extra chunk (slope from {n0} to {n1} chunks, each against its "
                     f"bracketing whole renders, mean over the rounds): {slope:.2f} s.")
        lines.append("")
    return lines + paired_section(reel, work, variables, label)


if __name__ == "__main__" and len(sys.argv) > 3 and sys.argv[1] == "--task":
    task(sys.argv[2], sys.argv[3:])
