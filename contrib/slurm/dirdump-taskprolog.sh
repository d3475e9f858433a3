#!/bin/sh
# Slurm TaskProlog (slurm.conf: TaskProlog=/PATH/dirdump-taskprolog.sh). slurmstepd runs it as the
# job's user, with the job's environment, before the batch script and before each task of each step:
# it warms the paths in $DIRDUMP_WARM (PATH[:PATH...], e.g. sbatch --export=ALL,DIRDUMP_WARM=/data/set).
# Once per node and job does the reading: the tasks after the first wait for it (flock) and find the
# pages cached, which costs them a walk. It never fails a task: what went wrong is printed into the
# job's output ("print" lines; slurmstepd reads this script's stdout for "export" and "print" only).
# Set DIRDUMP to dirdump's path if it is not on the PATH Slurm gives.
[ -n "${DIRDUMP_WARM:-}" ] || exit 0
dirdump=${DIRDUMP:-dirdump}
lock="${TMPDIR:-/tmp}/dirdump-warm.${SLURM_JOB_ID:-none}.$(id -u)"
set -f
IFS=:
# shellcheck disable=SC2086 # split on ':' on purpose, no globbing
set -- $DIRDUMP_WARM
unset IFS
err=$(flock "$lock" "$dirdump" -q -- "$@" 2>&1 >/dev/null)
status=$?
# Each task that may have made the lock file removes it, so that no job leaves one behind; a task that
# waited on a removed one warms again, finding the pages cached.
rm -f "$lock"
if [ "$status" -ne 0 ]; then
    printf '%s\n' "$err" | while IFS= read -r line; do printf 'print %s\n' "$line"; done
    printf 'print dirdump-taskprolog: warming %s failed (exit status %s); the job runs all the same\n' \
        "$DIRDUMP_WARM" "$status"
fi
printf 'export DIRDUMP_WARMED=%s\n' "$status"
exit 0
