#!/bin/sh
# Slurm Prolog (slurm.conf: Prolog=/PATH/dirdump-prolog.sh; with PrologFlags=Alloc it runs when the job
# is allocated, on every node, else before the node's first step). slurmd runs it as root, with the
# job's facts (SLURM_JOB_ID, SLURM_JOB_USER, SLURM_JOB_UID, SLURM_JOB_COMMENT, SLURM_JOB_CONSTRAINTS)
# but not its environment. It warms:
#   - the paths the job's comment names: sbatch --comment warm=PATH[:PATH...], read as the job's user
#     (what the user could not read, root does not read for them);
#   - the paths the site gives a node feature the job asked for (sbatch --constraint=FEATURE), listed in
#     $DIRDUMP_FEATURES (/etc/dirdump/slurm-features): lines "FEATURE PATH[:PATH...]", read as root.
# It always exits 0: a Prolog that fails drains the node and requeues the job held, and a bad path in a
# comment must never do that. What it did goes to $DIRDUMP_LOG (/var/log/dirdump-slurm.log), one line
# a path. Settings: DIRDUMP (dirdump's path), DIRDUMP_LOG, DIRDUMP_FEATURES, DIRDUMP_TIMEOUT (seconds a
# warm-up may take, 600), from /etc/default/dirdump-slurm if it exists.
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export PATH
# shellcheck source=/dev/null  # the site's settings (docs/slurm.md), not in the checkout
[ -r /etc/default/dirdump-slurm ] && . /etc/default/dirdump-slurm
dirdump=${DIRDUMP:-dirdump}
log=${DIRDUMP_LOG:-/var/log/dirdump-slurm.log}
features=${DIRDUMP_FEATURES:-/etc/dirdump/slurm-features}
set -f

say() {
    printf '%s dirdump-prolog: job %s: %s\n' "$(date '+%Y-%m-%dT%H:%M:%S')" "${SLURM_JOB_ID:-?}" "$*" >>"$log" 2>/dev/null ||
        printf 'dirdump-prolog: job %s: %s\n' "${SLURM_JOB_ID:-?}" "$*" >&2
}

# warm AS PATHS: AS is "user" (the job's) or "root"; PATHS is PATH[:PATH...]. A run and a log line a PATH,
# so that the log says which path failed.
warm() {
    as=$1 paths=$2
    if [ "$as" = user ]; then
        gid=$(id -g "$SLURM_JOB_USER" 2>/dev/null) || { say "no user $SLURM_JOB_USER: $paths not warmed"; return 0; }
    fi
    IFS=:
    # shellcheck disable=SC2086 # split on ':' on purpose, no globbing
    set -- $paths
    unset IFS
    for path do
        [ -n "$path" ] || continue
        if [ "$as" = user ]; then
            err=$(timeout "${DIRDUMP_TIMEOUT:-600}" setpriv --reuid="$SLURM_JOB_UID" --regid="$gid" --init-groups \
                "$dirdump" -q -- "$path" 2>&1 >/dev/null)
        else
            err=$(timeout "${DIRDUMP_TIMEOUT:-600}" "$dirdump" -q -- "$path" 2>&1 >/dev/null)
        fi
        status=$?
        if [ "$status" -eq 0 ]; then
            say "warmed $path as $as"
        else
            say "warming $path as $as failed (exit status $status): $(printf '%s' "$err" | tr '\n' ' ')"
        fi
    done
}

for word in ${SLURM_JOB_COMMENT:-}; do
    case $word in
        warm=*) warm user "${word#warm=}" ;;
    esac
done
if [ -n "${SLURM_JOB_CONSTRAINTS:-}" ] && [ -r "$features" ]; then
    # The constraint expression (a&b|c, [a*2&b]): its feature names.
    for feature in $(printf '%s' "$SLURM_JOB_CONSTRAINTS" | tr -c 'A-Za-z0-9_.-' ' '); do
        while read -r name paths; do
            [ "$name" = "$feature" ] && warm root "$paths"
        done <"$features"
    done
fi
exit 0
