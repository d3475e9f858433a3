#!/usr/bin/env bash
# Peak memory of a dirdump run over a tree, with the heap its launcher chooses (no DIRDUMP_JAVA_OPTS):
#
#   bench/peak-memory.sh [--launcher FILE] [--runs N] [--evict] [--files N] TREE [-- ARG...]
#
# Runs `LAUNCHER -q ARG... TREE` (ARGs default to none: a read; `-- status`, `-- --order=name`)
# N times (default 3), each under GNU time, and the same over an empty directory, interleaved (tree,
# empty, tree, empty...), and prints for each run and as medians: peak RSS (time's %M, the largest
# resident set the process had), wall, user and system time; then the tree's RSS less the empty run's,
# per file. The files are counted with find(1) unless --files gives their number. With --evict, each
# run over the tree is preceded by `LAUNCHER evict -q TREE` (a cold run without dropping the machine's
# page cache; the evict's own time is not counted). Also the JVM options the launcher chose (read
# from the running java's command line) and what the JVM made of them: its maximum and initial heap
# and its collector (java -XX:+PrintFlagsFinal with the same options). JAVA_HOME picks the JVM, as
# for the launcher. A run that exits other than 0 or 1 (files not read is 1) stops the script.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd -P)
launcher=$here/bin/dirdump
runs=3
evict=''
files=''
while [ $# -gt 0 ]; do
    case $1 in
        --launcher) launcher=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --evict) evict=1; shift ;;
        --files) files=$2; shift 2 ;;
        -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "peak-memory.sh: unknown option $1" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -ge 1 ] || { echo "peak-memory.sh: no TREE given (--help)" >&2; exit 2; }
tree=$1
shift
[ "${1:-}" != -- ] || shift
args=("$@")
[ -d "$tree" ] || { echo "peak-memory.sh: $tree is no directory" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "peak-memory.sh: needs GNU time (/usr/bin/time; Debian: apt-get install time)" >&2; exit 2; }
unset DIRDUMP_JAVA_OPTS

empty=$(mktemp -d)
options_file=$(mktemp)
trap 'rmdir "$empty"; rm -f "$options_file"' EXIT
"$launcher" -q "$empty" >/dev/null  # builds the jar and the class-data archive once, before measuring

# run DIR: one measured run; prints "rss_kib wall user sys", and the first time writes java's command
# line to $options_file, one word a line.
run() {
    local dir=$1 out pid child='' status
    out=$(mktemp)
    /usr/bin/time -f '%M %e %U %S' -o "$out" "$launcher" -q "${args[@]}" "$dir" >/dev/null &
    pid=$!
    # The launcher (below time, which may be below a subshell) execs java in its process: the command
    # line of the first process under $pid that is java's.
    if [ ! -s "$options_file" ]; then
        while kill -0 "$pid" 2>/dev/null; do
            if java_line "$pid" >"$options_file"; then
                break
            fi
            sleep 0.02
        done
    fi
    status=0
    wait "$pid" || status=$?
    if [ "$status" -gt 1 ]; then
        echo "peak-memory.sh: $launcher -q ${args[*]} $dir exited $status" >&2
        rm -f "$out"
        exit 1
    fi
    tail -n 1 "$out"
    rm -f "$out"
}

# java_line PID: the command line (one word a line) of PID or the first process below it that runs java.
java_line() {
    local first='' child children=''
    IFS= read -r -d '' first <"/proc/$1/cmdline" 2>/dev/null || true
    if [[ $first == */java ]]; then
        tr '\0' '\n' <"/proc/$1/cmdline"
        return
    fi
    # (one line without a newline: read fails at its end, having read it)
    read -r -a children <"/proc/$1/task/$1/children" 2>/dev/null || true
    for child in "${children[@]}"; do
        java_line "$child" && return
    done
    return 1
}

median() {  # the median of the numbers on stdin
    sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores, $(awk '/MemTotal/ { print int($2 / 1024) " MiB" }' /proc/meminfo)"
echo "# $launcher -q ${args[*]} $tree${evict:+ (each after $launcher evict -q $tree)}"
tree_rows=() empty_rows=()
for ((i = 1; i <= runs; i++)); do
    if [ -n "$evict" ]; then
        "$launcher" evict -q "$tree" >/dev/null || [ $? -eq 1 ]
    fi
    row=$(run "$tree")
    tree_rows+=("$row")
    echo "tree  run $i: peak RSS $(awk '{ printf "%.1f MiB, wall %s s, user %s s, sys %s s", $1 / 1024, $2, $3, $4 }' <<<"$row")"
    row=$(run "$empty")
    empty_rows+=("$row")
    echo "empty run $i: peak RSS $(awk '{ printf "%.1f MiB, wall %s s, user %s s, sys %s s", $1 / 1024, $2, $3, $4 }' <<<"$row")"
done

column() {  # N ROW...: the median of field N of the rows
    local n=$1
    shift
    printf '%s\n' "$@" | awk -v n="$n" '{ print $n }' | median
}
tree_rss=$(column 1 "${tree_rows[@]}")
empty_rss=$(column 1 "${empty_rows[@]}")
[ -n "$files" ] || files=$(find "$tree" -type f | wc -l)
echo "median tree:  peak RSS $(awk -v k="$tree_rss" 'BEGIN { printf "%.1f MiB", k / 1024 }'), wall $(column 2 "${tree_rows[@]}") s," \
    "user $(column 3 "${tree_rows[@]}") s, sys $(column 4 "${tree_rows[@]}") s"
echo "median empty: peak RSS $(awk -v k="$empty_rss" 'BEGIN { printf "%.1f MiB", k / 1024 }'), wall $(column 2 "${empty_rows[@]}") s"
awk -v t="$tree_rss" -v e="$empty_rss" -v n="$files" \
    'BEGIN { printf "per file: %.0f bytes of peak RSS above the empty run (%d files)\n", (t - e) * 1024 / (n > 0 ? n : 1), n }'

# What the launcher gave the JVM (its options, before -cp), and what the JVM made of them.
jvm_options=()
java=''
while IFS= read -r word; do
    if [ -z "$java" ]; then
        java=$word
    elif [ "$word" = -cp ]; then
        break
    else
        jvm_options+=("$word")
    fi
done <"$options_file"
if [ -n "$java" ]; then
    echo "java: $java"
    echo "heap options the launcher chose: $(printf '%s\n' "${jvm_options[@]}" | grep -E '^-(Xm[xs]|XX:.*(GC|Heap|RAM))' | tr '\n' ' ')"
    "$java" "${jvm_options[@]}" -XX:+PrintFlagsFinal -version 2>&1 |  # (DisplayVMOutputToStderr: the flags on stderr)
        awk '$2 ~ /^(MaxHeapSize|InitialHeapSize|UseSerialGC|UseG1GC|UseParallelGC)$/ && $4 != "false" {
                 printf "  %s = %s%s\n", $2, $4, $2 ~ /Size$/ ? sprintf(" (%d MiB)", $4 / 1048576) : "" }'
else
    echo "java: the run ended before its command line could be read"
fi
