#!/usr/bin/env bash
# Compares dirdump with other ways of reading every file of a tree, from a cold and from a warm page
# cache, on the standard data sets, made unless they exist: flat (57,000 files of 100 B to 20 KB in
# one directory) and tree (200,000 in 2,000 directories), by bin/testdata-gen; bigfiles (200 files of
# 1 to 64 MiB, by testdata-gen) and bigfile (one file of 4 GiB from /dev/urandom). Where fio is
# installed, it first measures what the disk under DIR can do itself (O_DIRECT, no page cache): random
# 4 KiB reads at queue depth 32, the most small files a second any reader could get, and sequential
# reads. One command from a fresh clone:
#
#   bench/compare.sh [--rounds N] [--data DIR] [--sets "flat tree bigfiles bigfile"] [--only cold|warm]
#
# Commands run interleaved (A B C ... A B C ...), so that a slow spell of this shared machine hits
# every command alike; each figure is the median of the rounds, with min and max, and each ratio is the
# median of the ratios within the same round. Cold: before every command the page cache is emptied,
# as root with `sync; echo 3 > /proc/sys/vm/drop_caches` (metadata too), else with `dirdump evict`.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd -P)
rounds=5
data=/tmp/dirdump-bench
sets="flat tree bigfiles bigfile"
only=""
while [ $# -gt 0 ]; do
    case $1 in
        --rounds) rounds=$2; shift 2 ;;
        --data) data=$2; shift 2 ;;
        --sets) sets=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "compare.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

dirdump=$here/bin/dirdump
"$dirdump" --version >/dev/null  # builds the jar and the class-data archive once, before timing

if ! command -v vmtouch >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "installing vmtouch (Debian package) to compare with it" >&2
        apt-get install -y -qq vmtouch >/dev/null 2>&1 || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq vmtouch >/dev/null 2>&1; } || true
    fi
    command -v vmtouch >/dev/null || echo "vmtouch not available: its row is left out" >&2
fi

make_set() {  # name -> directory holding the set
    local dir=$data/$1
    if [ ! -d "$dir" ] || [ -z "$(ls -A "$dir")" ]; then
        echo "making the $1 set in $dir" >&2
        mkdir -p "$dir"
        case $1 in
            flat | tree) "$here/bin/testdata-gen" "$dir" --preset "$1" --seed 1 >&2 ;;
            bigfiles) "$here/bin/testdata-gen" "$dir" --files 200 --min-size 1M --max-size 64M --mean 16M \
                          --seed 1 >&2 ;;
            bigfile) head -c 4G /dev/urandom > "$dir/4GiB.part" && mv "$dir/4GiB.part" "$dir/4GiB" ;;
            *) echo "compare.sh: no set named $1 (flat, tree, bigfiles, bigfile)" >&2; exit 2 ;;
        esac
        sync
    fi
    echo "$dir"
}

# device_limits DIR: what the disk itself does, measured with fio on a 1 GiB file of its own beside the
# sets (made once, kept for the next run), with O_DIRECT so that the page cache plays no part.
device_limits() {
    local file=$1/fio-1GiB rand seq
    if ! command -v fio >/dev/null; then
        echo "fio not installed: the disk's own limits are not measured (apt install fio)" >&2
        return
    fi
    mkdir -p "$1"
    # --minimal: one line of ';'-separated fields; field 7 is the read bandwidth in KiB/s, 8 the IOPS.
    rand=$(fio --name=rand --filename="$file" --size=1G --rw=randread --bs=4k --iodepth=32 --ioengine=libaio \
        --direct=1 --runtime=10 --time_based --minimal 2>/dev/null | cut -d';' -f8) || rand=
    seq=$(fio --name=seq --filename="$file" --size=1G --rw=read --bs=1M --iodepth=8 --ioengine=libaio \
        --direct=1 --runtime=10 --time_based --minimal 2>/dev/null | cut -d';' -f7) || seq=
    if [ -z "$rand" ] || [ -z "$seq" ]; then
        echo "fio failed on $file: the disk's own limits are not measured" >&2
        return
    fi
    echo
    echo "### The disk itself (fio, O_DIRECT, 10 s each, on $(df --output=source "$1" | tail -n 1))"
    echo
    echo "| what | fio |"
    echo "|---|---|"
    echo "| random 4 KiB reads, queue depth 32 | $rand a second: at best $rand files of 4 KiB or less a second |"
    echo "| sequential 1 MiB reads, queue depth 8 | $((seq / 1024)) MiB/s |"
}

empty_cache() {  # dir
    if [ "$(id -u)" = 0 ]; then
        sync
        echo 3 > /proc/sys/vm/drop_caches
    else
        "$dirdump" evict -q "$1"
    fi
}

now_ns() { date +%s%N; }

# run_round MODE DIR: times each command once, in order; prints "name<TAB>seconds" lines.
run_round() {
    local mode=$1 dir=$2 i
    for i in "${!names[@]}"; do
        if [ "$mode" = cold ]; then empty_cache "$dir"; fi
        local start end
        start=$(now_ns)
        bash -c "${commands[$i]}" >/dev/null 2>&1 || echo "warning: '${names[$i]}' exited $?" >&2
        end=$(now_ns)
        printf '%s\t%s\n' "${names[$i]}" "$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.3f", (b - a) / 1e9}')"
    done
}

# report FILE: the table of one set and mode from "round<TAB>name<TAB>seconds" lines.
report() {
    awk -F'\t' -v base="${names[0]}" '
        { t[$2, $1] = $3; if (!($2 in seen)) { seen[$2] = 1; order[n++] = $2 } rounds[$1] = 1 }
        function median(a, k,   i, j, x) {
            for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { x = a[i]; a[i] = a[j]; a[j] = x }
            return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
        }
        END {
            printf "| command | median s | min s | max s | ratio to dirdump default (median of rounds) |\n|---|---|---|---|---|\n"
            for (c = 0; c < n; c++) {
                name = order[c]; k = 0; min = 1e9; max = 0
                for (r in rounds) { k++; s[k] = t[name, r]; q[k] = t[name, r] / t[base, r]
                                    if (s[k] < min) min = s[k]; if (s[k] > max) max = s[k] }
                printf "| %s | %.2f | %.2f | %.2f | %.2f |\n", name, median(s, k), min, max, median(q, k)
            }
        }' "$1"
}

echo "dirdump benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, kernel $(uname -r), $rounds rounds"
device_limits "$data"
for set in $sets; do
    dir=$(make_set "$set")
    files=$(find "$dir" -type f | wc -l)
    bytes=$(du -sb "$dir" | cut -f1)
    # Names are Markdown table cells: a pipe is written \|. vmtouch is last, to be left out if missing.
    case $set in
        bigfile)
            names=("dirdump (default)" "dd bs=256k" "cat" "vmtouch -t")
            commands=("'$dirdump' -q '$dir'"
                      "dd if='$dir/4GiB' of=/dev/null bs=256k status=none"
                      "cat '$dir/4GiB' > /dev/null"
                      "vmtouch -tq '$dir'") ;;
        bigfiles)
            names=("dirdump (default)" "find \\| xargs cat" "find \\| xargs -P8 cat" "tar \\| cat" "vmtouch -t")
            commands=("'$dirdump' -q '$dir'"
                      "find '$dir' -type f -print0 | xargs -0 cat > /dev/null"
                      "find '$dir' -type f -print0 | xargs -0 -P8 cat > /dev/null"
                      "tar cf - '$dir' | cat > /dev/null"
                      "vmtouch -tq '$dir'") ;;
        *)
            names=("dirdump (default)" "dirdump --nosort -j1" "find \\| xargs cat" "find \\| xargs -P8 cat" "tar \\| cat" "vmtouch -t")
            commands=("'$dirdump' -q '$dir'"
                      "'$dirdump' -q --nosort -j 1 '$dir'"
                      "find '$dir' -type f -print0 | xargs -0 cat > /dev/null"
                      "find '$dir' -type f -print0 | xargs -0 -P8 cat > /dev/null"
                      "tar cf - '$dir' | cat > /dev/null"
                      "vmtouch -tq '$dir'") ;;
    esac
    if ! command -v vmtouch >/dev/null; then
        unset "names[$((${#names[@]} - 1))]" "commands[$((${#commands[@]} - 1))]"
    fi
    for mode in cold warm; do
        [ -n "$only" ] && [ "$only" != "$mode" ] && continue
        results=$(mktemp)
        [ "$mode" = warm ] && run_round warm "$dir" >/dev/null  # fill the cache once
        for r in $(seq "$rounds"); do
            run_round "$mode" "$dir" | sed "s/^/$r\t/" >> "$results"
        done
        echo
        echo "### $set: $files files, $((bytes / 1000000)) MB, $mode cache"
        echo
        report "$results"
        rm -f "$results"
    done
done
