#!/usr/bin/env bash
# Builds the fuzz targets in Fuzz/ with libFuzzer and runs each for FUZZ_TIME seconds, one
# target per core at once (FUZZ_JOBS to change that: each libFuzzer run uses one core).
# Fails on a crash, an out-of-memory, a time-out, or fewer executions than the target's floor.
#
#   make fuzz                      # the default targets (FuzzTemplate, FuzzMedia), 60 s each
#   FUZZ_TIME=600 make fuzz        # longer: 600 s each
#   FUZZ_TARGETS=FuzzMedia make fuzz
#   FUZZ_BUILD_ONLY=1 scripts/fuzz.sh  # build the targets and seed their corpora, run nothing
#   FUZZ_TARGETS=FuzzLottie make fuzz   # rlottie behind LottieDocument (not in the default list:
#                                       # CI's fuzz budget is the lead's to spend)
#
# Crash inputs are written to .build/fuzz/artifacts/; the grown corpora stay in
# .build/fuzz/corpus/ (the seeds are copied there, so the repository is never written).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
targets=${FUZZ_TARGETS:-FuzzTemplate FuzzMedia}

# Seconds per target: FUZZ_TIME, 60 by default.
time_for() {
  echo "${FUZZ_TIME:-60}"
}
work=$root/Fuzz/.build/fuzz
mkdir -p "$work/corpus" "$work/artifacts" "$work/logs"

# Executions in 60 s must reach these floors: a target that suddenly runs far fewer inputs
# has become slow enough to hide bugs. Measured on the 2-core CI machine (see
# docs/security.md, "Fuzzing"), at about a third of what was measured there.
floor_for() {
  local fuzz_time
  fuzz_time=$(time_for "$1")
  case "$1" in
    FuzzTemplate) echo $((50000 * fuzz_time / 60)) ;;
    FuzzMedia) echo $((3000 * fuzz_time / 60)) ;;
    FuzzLottie) echo $((300 * fuzz_time / 60)) ;;
    *) echo 1 ;;
  esac
}

# Small Lottie animations: the examples' own (made by scripts/lottie_examples.py).
seed_lottie() {
  cp "$root"/Examples/lottie/*.json "$1"/
}

seed_template() {
  cp "$root"/Examples/*.json "$1"/
  cp "$root"/Tests/ReelProjectTests/Fixtures/valid/*.json "$1"/
}

# Small, varied media: every container and codec the fuzzer should start from.
seed_media() {
  local out=$1 gen="-v error -y -f lavfi -i testsrc2=s=64x48:r=10:d=0.5"
  local tone="-f lavfi -i sine=frequency=440:duration=0.5"
  ffmpeg $gen $tone -c:v libx264 -preset ultrafast -c:a aac -shortest "$out/h264-aac.mp4"
  ffmpeg -v error -y -i "$out/h264-aac.mp4" -c copy "$out/h264-aac.mkv"
  ffmpeg $gen $tone -c:v libvpx -c:a libopus -shortest "$out/vp8-opus.webm"
  ffmpeg $gen -c:v mpeg4 "$out/mpeg4.avi"
  ffmpeg -v error -y -f lavfi -i testsrc2=s=32x32 -frames:v 1 "$out/still.png"
  ffmpeg -v error -y -f lavfi -i testsrc2=s=32x32 -frames:v 1 "$out/still.jpg"
  ffmpeg -v error -y -f lavfi -i testsrc2=s=32x32:r=5:d=0.6 "$out/anim.gif"
  ffmpeg -v error -y -f lavfi -i testsrc2=s=32x32:r=5:d=0.6 -plays 0 -f apng "$out/anim.png"
  ffmpeg -v error -y -f lavfi -i sine=duration=0.2 "$out/tone.wav"
  ffmpeg -v error -y -f lavfi -i sine=duration=0.2 -c:a libmp3lame "$out/tone.mp3" 2>/dev/null || true
}

# Runs one target for its time; its log is $work/logs/TARGET.log, its exit code .code beside it.
run_target() {
  local target=$1 log=$work/logs/$1.log
  set +e
  SWIFT_BACKTRACE=enable=no "$work/debug/$target" "$work/corpus/$target" \
    -max_total_time="$(time_for "$target")" -rss_limit_mb=2048 -timeout=10 \
    -print_final_stats=1 -max_len=65536 -artifact_prefix="$work/artifacts/$target-" \
    >"$log" 2>&1
  echo $? >"$log.code"
  set -e
}

for target in $targets; do
  echo "fuzz: building $target (libFuzzer)"
  # SWIFT_BUILD_FLAGS: extra flags from the Makefile (CI's line-tables-only debug info).
  # shellcheck disable=SC2086
  (cd Fuzz && swift build --product "$target" --sanitize=fuzzer --scratch-path .build/fuzz \
    ${SWIFT_BUILD_FLAGS:-})
  corpus=$work/corpus/$target
  mkdir -p "$corpus"
  case "$target" in
    FuzzTemplate) seed_template "$corpus" ;;
    FuzzMedia) seed_media "$corpus" ;;
    FuzzLottie) seed_lottie "$corpus" ;;
  esac
done

if [ "${FUZZ_BUILD_ONLY:-0}" = 1 ]; then
  echo "fuzz: built $targets (FUZZ_BUILD_ONLY=1: not run)"
  exit 0
fi

# Each libFuzzer run uses one core: run FUZZ_JOBS targets at once (default: one per core).
jobs=${FUZZ_JOBS:-$(nproc)}
running=0
for target in $targets; do
  echo "fuzz: running $target for $(time_for "$target") s"
  run_target "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait

status=0
for target in $targets; do
  log=$work/logs/$target.log
  code=$(cat "$log.code")
  fuzz_time=$(time_for "$target")
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  floor=$(floor_for "$target")
  if [ "$code" -ne 0 ]; then
    echo "fuzz: $target FAILED (exit $code): a crash, out-of-memory or time-out; the input is in $work/artifacts/"
    grep -E "ERROR: libFuzzer|SUMMARY|Fatal error|==ERROR|Test unit written" "$log" | head -20 || true
    status=1
  elif [ -z "$runs" ] || [ "$runs" -lt "$floor" ]; then
    echo "fuzz: $target FAILED: ${runs:-no} executions in ${fuzz_time} s, below the floor of $floor"
    status=1
  else
    echo "fuzz: $target ok: $runs executions in ${fuzz_time} s (floor $floor)"
  fi
done
exit $status
