#!/usr/bin/env bash
# test-slurm.sh DCNET - issue 40, section 3, on a real Slurm: starts a
# one-node Slurm on 127.0.0.1 from Debian's packages (munged, slurmctld,
# slurmd; config, state, logs and sockets in a temporary directory; no
# systemd, no cgroups: proctrack/linuxproc, task/none), then
#   1. submits `sbatch --array=1-3` whose tasks run
#      `DCNET sweep ... --shard auto -o part-$SLURM_ARRAY_TASK_ID.csv`,
#   2. merges the three parts with `DCNET sweep --merge` and compares the
#      result with the unsharded sweep's file, byte for byte (cmp),
#   3. runs `mpirun DCNET exec prefix --backend mpi` inside `salloc -n 2`,
#   4. stops every daemon it started (by pid, on every exit path: a trap,
#      and a watchdog should this script be killed) and checks with pgrep
#      that none is left.
# Prints "slurm: N passed, M failed, S skipped" and adds it to
# $DCNET_TALLY. Skipped, saying why, where Slurm cannot start (not root,
# a package missing, the host name not on a loopback address). Every wait
# is bounded; the whole stage takes about 10 s (at most about 60 s).
# Written after /work/shared/tools/slurm-local.sh's approach.
set -u

DCNET=${1:?usage: test-slurm.sh DCNET}
DCNET=$(cd "$(dirname "$DCNET")" && pwd)/$(basename "$DCNET") # by absolute path: the jobs run elsewhere
T0=$(date +%s.%N)
pass=0 fail=0 skip=0
say() { echo "slurm: $*"; }
ok() { pass=$((pass + 1)); say "ok ($(elapsed) s): $*"; }
bad() { fail=$((fail + 1)); say "FAIL: $*" >&2; }
elapsed() { awk -v a="$T0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
finish() {
    say "$pass passed, $fail failed, $skip skipped ($(elapsed) s)"
    [ -n "${DCNET_TALLY:-}" ] && echo "$pass $fail $skip" >>"$DCNET_TALLY"
    [ "$fail" = 0 ]
}
skip_all() { # the stage cannot run here: its 6 items skipped, with the reason
    skip=6
    say "skipped: $*"
    finish
    exit 0
}

[ "$(id -u)" = 0 ] || skip_all "needs root (the daemons run as SlurmUser=root)"
for c in munged mungekey munge unmunge slurmctld slurmd sbatch salloc squeue sinfo scontrol \
    scancel pgrep; do
    command -v "$c" >/dev/null 2>&1 ||
        skip_all "'$c' not found (Debian's munge, slurmctld, slurmd and slurm-client)"
done
HOST=$(hostname -s)
# slurmd binds to the address its host name resolves to: it must be a
# loopback address, from /etc/hosts (no DNS)
addrs=$(getent ahostsv4 "$(hostname)" 2>/dev/null | awk '{ print $1 }' | sort -u)
[ -n "$addrs" ] || skip_all "the host name '$(hostname)' does not resolve (add it to /etc/hosts)"
for a in $addrs; do
    case $a in 127.*) ;; *) skip_all "the host name resolves to $a, not a loopback address" ;; esac
done
[ -x "$DCNET" ] || { bad "$DCNET is not an executable"; finish; exit 1; }

# A caller's Slurm environment (make check inside a Slurm job) would leak
# into sbatch and squeue: dropped.
for v in $(compgen -e); do
    case $v in SLURM_* | SBATCH_* | SALLOC_* | SRUN_* | SQUEUE_* | SINFO_*) unset "$v" ;; esac
done

TMP=$(mktemp -d /tmp/dcnet-slurm.XXXXXX)
chmod 755 "$TMP" # munged wants its socket directory reachable by all
mkdir -p "$TMP"/{munge,log,state,spool,run,work}
chmod 755 "$TMP/munge"
export SLURM_CONF=$TMP/slurm.conf
SOCK=$TMP/munge/munge.socket.2
MUNGED="" CTLD="" SLURMD="" WATCHDOG=""
cd / || exit 2 # the daemons inherit the working directory: not the caller's

alive() { kill -0 "$1" 2>/dev/null && ! grep -qs '^State:[[:space:]]*Z' "/proc/$1/status"; }

# Our processes: every one whose command line or open files name $TMP
# (the daemons; slurmstepd, which keeps slurmd's log open; the jobs).
ours() {
    {
        pgrep -f -- "$TMP"
        find /proc/[0-9]*/fd -maxdepth 1 -lname "$TMP/*" 2>/dev/null |
            sed -n 's|^/proc/\([0-9]*\)/.*|\1|p'
    } | sort -un | grep -vx -e "$$" -e "${WATCHDOG:-x}" -e "${BASHPID:-x}" || true
}

# ours but the daemons and their children (slurmctld's slurmscriptd)
jobs_left() {
    local p pp
    for p in $(ours); do
        case " $MUNGED $CTLD $SLURMD " in *" $p "*) continue ;; esac
        pp=$(awk '/^PPid:/ { print $2 }' "/proc/$p/status" 2>/dev/null)
        case " $MUNGED $CTLD $SLURMD " in *" $pp "*) continue ;; esac
        echo "$p"
    done
}

stop_pid() { # SIGTERM, up to 10 s, then SIGKILL; only a process of ours (pid not reused)
    local pid=$1
    [ -n "$pid" ] || return 0
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF "$TMP" || return 0
    kill -TERM "$pid" 2>/dev/null || return 0
    for _ in $(seq 100); do alive "$pid" || break; sleep 0.1; done
    alive "$pid" && kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    return 0
}

teardown() {
    local left
    [ -n "$CTLD" ] && alive "$CTLD" && timeout 5 scancel --user=root >/dev/null 2>&1
    for _ in $(seq 50); do # the jobs' processes end first (bounded to 10 s)
        left=$(jobs_left)
        [ -z "$left" ] && break
        sleep 0.2
    done
    stop_pid "$SLURMD"
    stop_pid "$CTLD"
    stop_pid "$MUNGED"
    left=$(ours)
    if [ -n "$left" ]; then
        say "killing what is left: $(echo $left)" >&2
        for p in $left; do kill -KILL "$p" 2>/dev/null; done
        sleep 0.3
    fi
}

cleanup() {
    local rc=$?
    trap - EXIT INT TERM HUP
    teardown
    : >"$TMP/run/torn_down"
    # none of ours may be left: by pid, then by pgrep on the temporary directory
    left=""
    for p in $MUNGED $CTLD $SLURMD; do alive "$p" && left="$left $p"; done
    left="$left $(ours | tr '\n' ' ')"
    if [ -n "$(echo $left)" ]; then
        bad "processes left after the stop: $(echo $left)"
    elif [ -n "$CTLD" ]; then
        ok "every daemon and job stopped (none left: pgrep -f $TMP finds nothing)"
    fi
    [ "$fail" = 0 ] || [ ! -d "$TMP/log" ] || for f in "$TMP"/log/*; do
        [ -s "$f" ] && { echo "----- ${f##*/} (last 15 lines)"; tail -n 15 "$f"; } >&2
    done
    [ -n "$WATCHDOG" ] && kill "$WATCHDOG" 2>/dev/null
    rm -rf -- "$TMP"
    finish
    rc2=$?
    [ "$rc" = 0 ] && rc=$rc2
    exit "$rc"
}
trap cleanup EXIT
trap 'bad "interrupted"; exit 130' INT
trap 'bad "terminated"; exit 143' TERM HUP

# spawn: in the background in a process group of its own, so that a
# signal to ours (Ctrl-C, timeout) does not reach the daemons before the
# trap stops them in order
spawn() {
    set -m
    "$@" &
    SPAWNED=$!
    set +m
    echo "$SPAWNED" >>"$TMP/run/pids"
}

# the watchdog: if this script is killed outright (no trap runs; `timeout
# -s KILL` kills its whole process group), it stops the daemons and jobs as
# the trap would and removes $TMP. In a process group of its own.
watchdog() {
    trap - EXIT INT TERM HUP
    while kill -0 "$1" 2>/dev/null; do sleep 0.5; done
    [ -e "$TMP/run/torn_down" ] && exit 0
    MUNGED="" CTLD="" SLURMD=""
    [ -s "$TMP/run/pids" ] && read -r MUNGED CTLD SLURMD <<EOF2
$(tr '\n' ' ' <"$TMP/run/pids")
EOF2
    teardown
    rm -rf -- "$TMP"
}
spawn watchdog $$ </dev/null >/dev/null 2>&1
WATCHDOG=$SPAWNED
: >"$TMP/run/pids" # (the watchdog's own pid is not one to stop)

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
CTLD_PORT=$((20000 + RANDOM % 10000))
while ! port_free "$CTLD_PORT" || ! port_free $((CTLD_PORT + 1)); do
    CTLD_PORT=$((CTLD_PORT + 2))
done

# munge: a key, a socket and logs of its own
mungekey --create --keyfile="$TMP/munge/munge.key" >/dev/null 2>&1 &&
    chmod 600 "$TMP/munge/munge.key" || { bad "mungekey failed"; exit 1; }
spawn munged -F --origin=127.0.0.1 --key-file="$TMP/munge/munge.key" --socket="$SOCK" \
    --pid-file="$TMP/run/munged.pid" --seed-file="$TMP/munge/seed" \
    --log-file="$TMP/log/munged.log" </dev/null >>"$TMP/log/munged.log" 2>&1
MUNGED=$SPAWNED
for _ in $(seq 100); do
    [ -S "$SOCK" ] && munge -n -S "$SOCK" 2>/dev/null | unmunge -S "$SOCK" >/dev/null 2>&1 && break
    alive "$MUNGED" || break
    sleep 0.1
done

: >"$TMP/plugstack.conf"
cat >"$SLURM_CONF" <<EOF
ClusterName=dcnettest
SlurmctldHost=${HOST}(127.0.0.1)
SlurmctldPort=${CTLD_PORT}
SlurmdPort=$((CTLD_PORT + 1))
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=${SOCK}
CredType=cred/munge
StateSaveLocation=${TMP}/state
SlurmdSpoolDir=${TMP}/spool
SlurmctldPidFile=${TMP}/run/slurmctld.pid
SlurmdPidFile=${TMP}/run/slurmd.pid
SlurmctldLogFile=${TMP}/log/slurmctld.log
SlurmdLogFile=${TMP}/log/slurmd.log
PlugStackConfig=${TMP}/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
MailProg=/bin/true
InactiveLimit=0
KillWait=5
MinJobAge=300
NodeName=${HOST} NodeAddr=127.0.0.1 NodeHostname=${HOST} CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=${HOST} Default=YES MaxTime=10 State=UP
EOF

started=0
if alive "$MUNGED"; then
    spawn slurmctld -D -i -f "$SLURM_CONF" </dev/null >"$TMP/log/slurmctld.stderr" 2>&1
    CTLD=$SPAWNED
    for _ in $(seq 75); do
        alive "$CTLD" || break
        timeout 5 scontrol ping 2>/dev/null | grep -q 'is UP' && break
        sleep 0.2
    done
    spawn slurmd -D -N "$HOST" -f "$SLURM_CONF" </dev/null >"$TMP/log/slurmd.stderr" 2>&1
    SLURMD=$SPAWNED
    for _ in $(seq 150); do
        alive "$CTLD" && alive "$SLURMD" || break
        [ "$(timeout 5 sinfo -h -n "$HOST" -o %T 2>/dev/null)" = idle ] && { started=1; break; }
        sleep 0.2
    done
fi
if [ "$started" = 1 ]; then
    ok "one-node Slurm up on 127.0.0.1:$CTLD_PORT ($(slurmctld -V), node $HOST idle, $(elapsed) s)"
else
    bad "Slurm did not start (munged, slurmctld or slurmd; logs below)"
    exit 1
fi

# Waits (at most $2 s) until job $1 has left the queue.
wait_job() {
    for _ in $(seq $(($2 * 5))); do
        q=$(timeout 5 squeue -h -j "$1" -o %T 2>&1) && [ -z "$q" ] && return 0
        case $q in *"Invalid job id"*) return 0 ;; esac
        sleep 0.2
    done
    return 1
}

# 1. the job array: three tasks, each one shard of the sweep
W=$TMP/work
SW="embed --var n=4..8 --var map=zrl,random,greedy --var seed=1..2 --net debruijn:{n}
    --tree binomial:{n} --map {map} --seed {seed}"
# shellcheck disable=SC2086  # SW is words
jobid=$(cd "$W" && sbatch --parsable --array=1-3 --job-name=dcnet-shards --time=2 \
    --chdir="$W" --output="$W/task-%a.log" \
    --wrap "$DCNET sweep $(echo $SW) --shard auto -j 1 -o part-\$SLURM_ARRAY_TASK_ID.csv" 2>&1)
jobid=${jobid%%;*}
# and an array that is not one range with a fixed step (Slurm gives its
# tasks MIN=1, MAX=5, STEP=1, COUNT=3): every task refuses, with the reason
# shellcheck disable=SC2086
odd=$(cd "$W" && sbatch --parsable --array=1,2,5 --job-name=dcnet-odd --time=2 \
    --chdir="$W" --output="$W/odd-%a.log" \
    --wrap "$DCNET sweep $(echo $SW) --shard auto --dry-run" 2>&1)
odd=${odd%%;*}
case $jobid in
*[!0-9]* | "") bad "sbatch --array=1-3 failed: $jobid" ;;
*)
    if ! wait_job "$jobid" 40; then
        bad "the array job $jobid has not finished after 40 s"
    else
        states=$(scontrol -o show job "$jobid" 2>&1 |
            sed -n 's/.*ArrayTaskId=\([0-9]*\) .*JobState=\([A-Z]*\) .*ExitCode=\([0-9:]*\).*/\1 \2 \3/p' |
            sort -n | tr '\n' ';')
        parts=""
        for k in 1 2 3; do
            grep -qs "\"shard\":$k,\"shards\":3," "$W/part-$k.csv.shard" && parts="$parts $k"
        done
        if [ "$states" = "1 COMPLETED 0:0;2 COMPLETED 0:0;3 COMPLETED 0:0;" ] &&
            [ "$parts" = " 1 2 3" ]; then
            ok "sbatch --array=1-3 ran 'dcnet sweep ... --shard auto': tasks $states each wrote its shard K/3"
        else
            bad "the array's tasks: '$states', shards written:$parts; $(cat "$W"/task-*.log 2>/dev/null | head -c 600)"
        fi
    fi
    ;;
esac

case $odd in
*[!0-9]* | "") bad "sbatch --array=1,2,5 failed: $odd" ;;
*)
    if ! wait_job "$odd" 20; then
        bad "the array job $odd has not finished after 20 s"
    else
        states=$(scontrol -o show job "$odd" 2>&1 |
            sed -n 's/.*ArrayTaskId=\([0-9]*\) .*JobState=\([A-Z]*\) .*ExitCode=\([0-9:]*\).*/\1 \2 \3/p' |
            sort -n | tr '\n' ';')
        why=$(grep -l "not one range with a fixed step (SLURM_ARRAY_TASK_MIN=1, _MAX=5, _STEP=1, _COUNT=3" \
            "$W"/odd-*.log 2>/dev/null | wc -l)
        if [ "$states" = "1 FAILED 2:0;2 FAILED 2:0;5 FAILED 2:0;" ] && [ "$why" = 3 ]; then
            ok "sbatch --array=1,2,5 with --shard auto: every task exits 2 saying the array is not one range with a fixed step"
        else
            bad "--array=1,2,5: tasks '$states', $why of 3 logs give the reason: $(head -c 400 "$W/odd-1.log" 2>/dev/null)"
        fi
    fi
    ;;
esac

# 2. merged == unsharded
# shellcheck disable=SC2086
if (cd "$W" && "$DCNET" sweep $SW -o whole.csv 2>whole.err &&
    "$DCNET" sweep --merge merged.csv part-3.csv part-1.csv part-2.csv 2>merge.err); then
    if cmp "$W/whole.csv" "$W/merged.csv" >"$W/cmp.out" 2>&1; then
        ok "dcnet sweep --merge merged.csv part-3.csv part-1.csv part-2.csv equals the unsharded sweep byte for byte (cmp: $(($(wc -l <"$W/whole.csv") - 1)) rows, $(wc -c <"$W/whole.csv") bytes)"
    else
        bad "the merged file differs from the unsharded one: $(cat "$W/cmp.out")"
    fi
else
    bad "the unsharded sweep or the merge failed: $(cat "$W/whole.err" "$W/merge.err" 2>/dev/null)"
fi

# 3. exec --backend mpi in an allocation of 2 tasks (Open MPI's mpirun
# reads the allocation from salloc's environment; root needs
# --allow-run-as-root)
if ! "$DCNET" --version 2>/dev/null | grep -q '^MPI '; then
    skip=$((skip + 1))
    say "skipped: dcnet exec --backend mpi (this dcnet is built without MPI)"
elif ! command -v mpirun >/dev/null 2>&1; then
    skip=$((skip + 1))
    say "skipped: dcnet exec --backend mpi (mpirun not found)"
else
    root=""
    [ "$(id -u)" = 0 ] && root=--allow-run-as-root
    out=$(cd "$W" && timeout 40 salloc -n 2 --time=2 --job-name=dcnet-mpi \
        mpirun $root "$DCNET" exec prefix --n 100000 --backend mpi --json 2>"$W/mpi.err")
    # and with one task: mpirun takes its ranks from the allocation (on
    # its own, it would start one per core)
    one=$(cd "$W" && timeout 40 salloc -n 1 --time=2 --job-name=dcnet-mpi1 \
        mpirun $root "$DCNET" exec prefix --n 100000 --backend mpi --json 2>>"$W/mpi.err")
    case $out/$one in
    *'"workers":2,"backend":"mpi"'*'"verified":true'*/*'"workers":1,"backend":"mpi"'*'"verified":true'*)
        ok "salloc -n 2 mpirun $root dcnet exec prefix --n 100000 --backend mpi --json: $out (and 1 worker under salloc -n 1)" ;;
    *) bad "exec --backend mpi under salloc -n 2 and -n 1: '$out', '$one' $(head -c 600 "$W/mpi.err")" ;;
    esac
fi
exit 0
