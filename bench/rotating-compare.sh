#!/usr/bin/env bash
# The original experiment on an emulated 7200 rpm disk (bench/rotating-disk.sh): a data set made by
# testdata-gen on a fresh file system, then each way of reading it from a cold cache, compared on the
# disk's modeled busy time (which does not depend on how busy this machine is), wall time beside it, and
# the modeled occupied time (busy, or reading ahead: see docs/performance.md).
#
#   bench/rotating-compare.sh [--fs ext4] [--set 'testdata-gen options'] [--rounds R] [--dir DIR]
#                             [--variant 'read options']... [-- rotating-disk.sh up options]
#
# Default set: --preset=flat (57,000 files of 100 B to 20 KB). Default variants, as `dirdump bench`'s:
# '--nosort -j1' (directory order, one file after another), '--order=inode -j1', '--order=physical -j1'
# and '' (the defaults). Before every run the file system is unmounted and mounted again (rotating-disk.sh
# cold: its pages, dentries and inodes go, nothing else of the machine's cache) and the disk's counters
# reset; then `dirdump --force --quiet OPTIONS SET` reads it. Rounds interleave the variants (A B C A B C);
# one line a run, then each variant's median, then what the defaults chose and why (their summary's
# device and readers lines, from one more read). Root only.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd -P)
fs=ext4 set="--preset=flat" rounds=3 dir=/tmp/rotating-compare variants=() up=()
while [ $# -gt 0 ]; do
    case $1 in
        --fs) fs=$2; shift 2 ;;
        --set) set=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;;
        --dir) dir=$2; shift 2 ;;
        --variant) variants+=("$2"); shift 2 ;;
        --) shift; up=("$@"); break ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "rotating-compare.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
[ ${#variants[@]} -gt 0 ] || variants=("--nosort -j1" "--order=inode -j1" "--order=physical -j1" "")
disk=$here/bench/rotating-disk.sh dirdump=$here/bin/dirdump
"$dirdump" --version >/dev/null  # builds the jar once, before anything is timed

"$disk" up --dir "$dir" --fs "$fs" "${up[@]}" >/dev/null
trap '"$disk" down --dir "$dir" 2>/dev/null' EXIT
# shellcheck disable=SC2086  # the set's options are words
"$disk" fill --dir "$dir" "$here/bin/testdata-gen $set $dir/mnt/set >/dev/null"
echo "# $fs, testdata-gen $set, overhead $(sed -n 's/^overhead_ms=//p' "$dir/state") ms a request taken out"
printf '%-24s %5s %9s %11s %11s %9s %7s\n' variant round wall_s modeled_s occupied_s requests seeks
results=$(mktemp)
for round in $(seq "$rounds"); do
    for v in "${variants[@]}"; do
        "$disk" cold --dir "$dir"
        t0=$(date +%s%N)
        # shellcheck disable=SC2086  # the variant's options are words
        "$dirdump" --force --quiet $v "$dir/mnt/set" >/dev/null
        t1=$(date +%s%N)
        stats=$("$disk" stats --dir "$dir")
        busy=$(sed -n 's/^busy_ms //p' <<<"$stats") req=$(sed -n 's/^requests //p' <<<"$stats")
        occ=$(sed -n 's/^occupied_ms //p' <<<"$stats")
        seeks=$(sed -n 's/^seeks //p' <<<"$stats")
        line=$(awk -v v="${v:-defaults}" -v r="$round" -v w=$((t1 - t0)) -v b="$busy" -v o="$occ" -v q="$req" \
            -v s="$seeks" 'BEGIN { printf "%-24s %5d %9.2f %11.2f %11.2f %9d %7d", v, r, w / 1e9, b / 1e3, o / 1e3, q, s }')
        echo "$line"
        echo "$line" >>"$results"
    done
done
echo "# medians"
for v in "${variants[@]}"; do
    name=${v:-defaults}
    awk -v n="$name" 'substr($0, 1, 24) == sprintf("%-24s", n) { w[++k] = $(NF-4); b[k] = $(NF-3); o[k] = $(NF-2) }
        function med(a, k,   i, j, t) { for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
            return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2 }
        END { printf "%-24s wall %8.2f s   modeled %8.2f s   occupied %8.2f s\n", n, med(w, k), med(b, k), med(o, k) }' "$results"
done
rm -f "$results"
# What the defaults chose there and why (the summary's order and readers lines), from one more read, untimed.
"$disk" cold --dir "$dir"
"$dirdump" --force "$dir/mnt/set" 2>&1 >/dev/null | sed -n 's/^ *\(device \|readers: \)/# defaults: \1/p'
