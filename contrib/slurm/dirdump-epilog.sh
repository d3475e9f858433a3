#!/bin/sh
# Slurm Epilog (slurm.conf: Epilog=/PATH/dirdump-epilog.sh). slurmd runs it as root on every node of a
# job that has ended. It ends the dirdump processes the job left behind (a lock started with setsid or
# nohup, or by an older dirdump's lock --daemon), which proctrack/linuxproc and proctrack/pgid no
# longer see as the job's: those of the job's user whose environment has the job's SLURM_JOB_ID. SIGTERM
# (the lock's normal end: unlocked, pid file removed), then SIGKILL after DIRDUMP_EPILOG_WAIT seconds
# (10). Always exits 0 (a failing Epilog drains the node); says what it ended in $DIRDUMP_LOG.
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export PATH
# shellcheck source=/dev/null  # the site's settings (docs/slurm.md), not in the checkout
[ -r /etc/default/dirdump-slurm ] && . /etc/default/dirdump-slurm
log=${DIRDUMP_LOG:-/var/log/dirdump-slurm.log}
[ -n "${SLURM_JOB_ID:-}" ] || exit 0

say() {
    printf '%s dirdump-epilog: job %s: %s\n' "$(date '+%Y-%m-%dT%H:%M:%S')" "$SLURM_JOB_ID" "$*" >>"$log" 2>/dev/null ||
        printf 'dirdump-epilog: job %s: %s\n' "$SLURM_JOB_ID" "$*" >&2
}

left() {
    for dir in /proc/[0-9]*; do
        pid=${dir#/proc/}
        [ "$(stat -c %u "$dir" 2>/dev/null)" = "${SLURM_JOB_UID:-x}" ] || continue
        tr '\0' '\n' <"$dir/cmdline" 2>/dev/null | grep -qx 'dirdump.Main' || continue
        tr '\0' '\n' <"$dir/environ" 2>/dev/null | grep -qx "SLURM_JOB_ID=$SLURM_JOB_ID" || continue
        printf '%s\n' "$pid"
    done
}

pids=$(left)
[ -n "$pids" ] || exit 0
# shellcheck disable=SC2086 # one pid a word, joined by echo
kill -TERM $pids 2>/dev/null
# shellcheck disable=SC2086,SC2116  # echo joins the pids, one a line, into one line
say "ended dirdump left by the job: pid $(echo $pids) (SIGTERM)"
waited=0
while [ -n "$(left)" ] && [ "$waited" -lt "${DIRDUMP_EPILOG_WAIT:-10}" ]; do
    sleep 1
    waited=$((waited + 1))
done
rest=$(left)
if [ -n "$rest" ]; then
    # shellcheck disable=SC2086  # one pid a word
    kill -KILL $rest 2>/dev/null
    # shellcheck disable=SC2086,SC2116  # as above
    say "still running after ${DIRDUMP_EPILOG_WAIT:-10} s, killed: pid $(echo $rest)"
fi
exit 0
