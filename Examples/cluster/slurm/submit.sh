#!/usr/bin/env bash
# Renders /srv/reel/cards/birthday-card.json on Slurm as 4 chunk(s), its audio, and a join into
# /srv/reel/cards/birthday-card.mp4. Written by `reel plan --format slurm`.
#
# Every node must see these paths at the same place (a shared filesystem). Run this on a
# submit host: `bash THIS-FILE`. It prints the join's job id; the joined movie is there
# when that job is COMPLETED (`scontrol show job ID`). If a chunk fails, Slurm cancels
# the join; `reel join PLAN` names the missing chunks, and running the chunk `sbatch`
# below with `--array=I,J` instead resubmits just those (then `reel join PLAN`).
set -euo pipefail

mkdir -p -- '/srv/reel/cards/birthday-card.plan.logs'

chunk_jobs=$(sbatch --parsable --job-name='birthday-card-chunk' --array=0-3 --cpus-per-task=2 --mem=278M \
  --chdir='/srv/reel/cards' --output='/srv/reel/cards/birthday-card.plan.logs/chunk-%a.log' <<'REEL_TASK'
#!/bin/sh
exec '/srv/reel/bin/reel' render '/srv/reel/cards/birthday-card.json' --plan '/srv/reel/cards/birthday-card.plan.json' --chunk "$SLURM_ARRAY_TASK_ID"
REEL_TASK
)
chunk_jobs=${chunk_jobs%%;*}

audio_job=$(sbatch --parsable --job-name='birthday-card-audio' --cpus-per-task=1 --mem=278M \
  --chdir='/srv/reel/cards' --output='/srv/reel/cards/birthday-card.plan.logs/audio.log' <<'REEL_TASK'
#!/bin/sh
exec '/srv/reel/bin/reel' render '/srv/reel/cards/birthday-card.json' --plan '/srv/reel/cards/birthday-card.plan.json' --audio
REEL_TASK
)
audio_job=${audio_job%%;*}

join_job=$(sbatch --parsable --job-name='birthday-card-join' --cpus-per-task=1 --mem=278M --dependency=afterok:"$chunk_jobs":"$audio_job" --kill-on-invalid-dep=yes \
  --chdir='/srv/reel/cards' --output='/srv/reel/cards/birthday-card.plan.logs/join.log' <<'REEL_TASK'
#!/bin/sh
exec '/srv/reel/bin/reel' join '/srv/reel/cards/birthday-card.plan.json'
REEL_TASK
)
join_job=${join_job%%;*}

echo "reel: submitted chunks as job array $chunk_jobs, audio as job $audio_job, join as job $join_job" >&2
echo "$join_job"
