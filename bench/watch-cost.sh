#!/bin/bash
# What follow mode (--watch) costs per event: dirdump's CPU time (utime + stime of /proc/PID/stat, in
# clock ticks of 10 ms) while a shell makes about 10,000 inotify events in a tree of 100 files of 8 KiB
# in 10 directories, for `lock --watch` and `dirdump --watch`; ROUNDS rounds, interleaved.
#   bench/watch-cost.sh [DIRDUMP] [WORKDIR] [ROUNDS]
# DIRDUMP: the launcher to time (default bin/dirdump; an installed one, or a copy of bin/ and target/,
# keeps the launcher from building while it runs). WORKDIR: an empty directory of one's own.
set -u
dirdump=${1:-bin/dirdump}
work=${2:-$(mktemp -d)}
rounds=${3:-3}
cd "$work" || exit 2

cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }

tree() {
    rm -rf tree && mkdir tree
    for d in 0 1 2 3 4 5 6 7 8 9; do
        mkdir "tree/d$d"
        for i in $(seq 10); do head -c 8192 /dev/urandom > "tree/d$d/f$i"; done
    done
}

events() {
    case $1 in
        append) for i in $(seq 5000); do printf x >> "tree/d$((i % 10))/f$((i % 10 + 1))"; done ;;  # MODIFY, CLOSE_WRITE
        create) for i in $(seq 3334); do echo x > "tree/d$((i % 10))/n$i"; done ;;  # CREATE, MODIFY, CLOSE_WRITE
        rename) for _ in $(seq 2500); do mv tree/d0/f1 tree/d0/g; mv tree/d0/g tree/d0/f1; done ;;  # MOVED_FROM, MOVED_TO
        paced) for i in $(seq 500); do printf x >> "tree/d$((i % 10))/f$((i % 10 + 1))"; sleep 0.06; done ;;  # 1,000: a batch each
    esac
}

one() {  # MODE (lock or warm) WORKLOAD
    tree
    if [ "$1" = lock ]; then "$dirdump" lock --watch tree 2> err & else "$dirdump" --watch tree 2> err & fi
    for _ in $(seq 100); do grep -q 'SIGHUP (pid' err && break; sleep 0.1; done
    pid=$(grep -o 'pid [0-9]*' err | awk '{print $2}')
    sleep 1
    before=$(cpu "$pid")
    events "$2"
    last=-1
    now=$(cpu "$pid")
    while [ "$now" != "$last" ]; do sleep 1.5; last=$now; now=$(cpu "$pid"); done  # until it is done
    kill -TERM "$pid"
    wait "$pid"
    echo "$1 $2 ticks $((now - before)) $(tail -n 1 err)"
}

for _ in $(seq "$rounds"); do
    for mode in lock warm; do
        for workload in append create rename paced; do one "$mode" "$workload"; done
    done
done
