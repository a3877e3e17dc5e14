#!/usr/bin/env bash
# A private single-node Slurm in one folder, for the tests, the benchmark and trying the
# Slurm example on one machine. Needs Debian's slurm-wlm and munge (scripts/install-deps.sh
# installs them without enabling their services) and root (slurmd runs the jobs as their user).
#
#   scripts/local-slurm.sh start DIR   # prints SLURM_CONF=DIR/slurm.conf once the node is idle
#   export SLURM_CONF=DIR/slurm.conf   # then sbatch, squeue, scontrol … talk to it
#   scripts/local-slurm.sh stop DIR    # cancels every job and stops the daemons by PID
#
# DIR holds everything: its own munge key and socket, slurm.conf, the controller's state, the
# node's spool, logs and the daemons' PID files (DIR/*.pid, the PIDs this script started).
# The node is `localhost` (127.0.0.1) with this machine's CPUs and memory (`slurmd -C`), on
# two free TCP ports, so it never meets a system Slurm or another private one.
set -euo pipefail

usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
command=$1
dir=$(mkdir -p "$2" && cd "$2" && pwd)

port_is_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_port() {
  local port
  for _ in $(seq 1 200); do
    port=$((20000 + RANDOM % 20000))
    if port_is_free "$port" && port_is_free "$((port + 1))"; then echo "$port"; return; fi
  done
  echo "local-slurm: no free TCP port found" >&2; exit 1
}

# Whether PID $1 is a live process (a zombie waiting for its parent counts as gone).
alive() { [ -e "/proc/$1/stat" ] && ! sed -e 's/.*) //' "/proc/$1/stat" | grep -q '^Z'; }

# Waits up to $2 tenths of a second for `$1` (a command) to succeed.
wait_for() {
  local tries=$2
  until eval "$1" >/dev/null 2>&1; do
    tries=$((tries - 1))
    [ "$tries" -gt 0 ] || return 1
    sleep 0.1
  done
}

start() {
  for tool in mungekey munged slurmctld slurmd sinfo; do
    command -v "$tool" >/dev/null || { echo "local-slurm: $tool is not installed" >&2; exit 1; }
  done
  [ ! -e "$dir/slurmctld.pid" ] || { echo "local-slurm: $dir already has a Slurm" >&2; exit 1; }
  mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
  chmod 700 "$dir/munge"
  [ -e "$dir/munge/munge.key" ] || mungekey -c -k "$dir/munge/munge.key"
  chmod 600 "$dir/munge/munge.key"

  # This machine's CPUs, sockets, cores and memory, as slurmd itself measures them.
  local hardware
  hardware=$(slurmd -C | head -1 | sed -e 's/^NodeName=[^ ]* //')
  local port
  port=$(free_port)
  cat >"$dir/slurm.conf" <<CONF
ClusterName=reel
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/state/slurmctld.pid
SlurmdPidFile=$dir/spool/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SwitchType=switch/none
# FIFO, scheduling at every submission and completion: a job starts within a second.
SchedulerType=sched/builtin
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU_Memory
ReturnToService=2
MinJobAge=600
NodeName=localhost NodeAddr=127.0.0.1 $hardware State=UNKNOWN
PartitionName=reel Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF="$dir/slurm.conf"

  munged --foreground --force --socket="$dir/munge/munge.socket" \
    --key-file="$dir/munge/munge.key" --pid-file="$dir/munge/munged.pid" \
    --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed" \
    >"$dir/log/munged.out" 2>&1 </dev/null &
  echo $! >"$dir/munged.pid"
  wait_for "[ -S '$dir/munge/munge.socket' ]" 100 || {
    echo "local-slurm: munged did not start: $(cat "$dir/log/munged.out")" >&2; exit 1; }

  slurmctld -D -i >"$dir/log/slurmctld.out" 2>&1 </dev/null &
  echo $! >"$dir/slurmctld.pid"
  slurmd -D -N localhost >"$dir/log/slurmd.out" 2>&1 </dev/null &
  echo $! >"$dir/slurmd.pid"

  if ! wait_for "sinfo --noheader --nodes=localhost --format=%t | grep -qx idle" 300; then
    echo "local-slurm: the node did not become idle in 30 s; logs in $dir/log" >&2
    tail -5 "$dir/log/slurmctld.out" "$dir/log/slurmd.out" >&2 || true
    stop
    exit 1
  fi
  echo "SLURM_CONF=$dir/slurm.conf"
}

stop() {
  export SLURM_CONF="$dir/slurm.conf"
  if [ -e "$dir/slurmctld.pid" ] && alive "$(cat "$dir/slurmctld.pid")"; then
    scancel --full --quiet --user="$(id -un)" 2>/dev/null || true
    wait_for "[ -z \"\$(squeue --noheader 2>/dev/null)\" ]" 100 || true
  fi
  # The node and the controller together (each takes a second or two to save its state),
  # then munge, which both use until they exit.
  stop_daemons slurmd slurmctld
  stop_daemons munged
}

# Sends SIGTERM to the daemons named (their PIDs from DIR/NAME.pid), waits up to 10 s for them
# to exit, then SIGKILL.
stop_daemons() {
  local pids=() daemon pid
  for daemon in "$@"; do
    [ -e "$dir/$daemon.pid" ] || continue
    pid=$(cat "$dir/$daemon.pid")
    if alive "$pid"; then
      kill -TERM "$pid" 2>/dev/null || true
      pids+=("$pid")
    fi
  done
  for pid in "${pids[@]}"; do
    wait_for "! alive $pid" 100 || kill -KILL "$pid" 2>/dev/null || true
  done
  for daemon in "$@"; do rm -f "$dir/$daemon.pid"; done
}

case "$command" in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
