#!/usr/bin/env bash
# An emulated 7200 rpm disk with a real file system on it, to see what reading a data set would cost on a
# rotating disk (docs/performance.md, "The emulated rotating disk"). Root only: FUSE, a loop device, mount.
#
#   bench/rotating-disk.sh up [--dir DIR] [--fs ext4|ext3|xfs|btrfs] [--size SIZE] [--scheduler S]
#                             [--mkfs-options OPTS] [-- DISKEMU MODEL OPTIONS (--queue-depth 32, ...)]
#   bench/rotating-disk.sh fill --dir DIR CMD...   run CMD (sh -c) with the model off: no delay, no counts
#   bench/rotating-disk.sh cold [--dir DIR]        unmount and mount the file system: its page cache,
#                                                  dentries and inodes go; the disk's counters and cache reset
#   bench/rotating-disk.sh stats [--dir DIR]       the disk's counters: requests, seeks, busy_ms (modeled)
#   bench/rotating-disk.sh down [--dir DIR]        unmount, detach the loop device, stop the server, remove DIR
#
# up builds bench/diskemu/diskemu.c with gcc into DIR (default /tmp/rotating-disk, made 0700: the server
# is never run from a place another user can write), makes DIR/disk.img (sparse, default 4G), serves it
# through FUSE at DIR/fuse/disk, attaches a loop device to it (direct I/O, queue/rotational = 1), measures
# the server's own cost per request with the model off and has the server take it out of every delay,
# makes the file system and mounts it at DIR/mnt (printed on stdout). down undoes only what up made, by
# the pid and the loop device it wrote into DIR/state.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd -P)

die() { echo "rotating-disk.sh: $*" >&2; exit 2; }
cmd=${1:-}; [ $# -gt 0 ] && shift
dir=/tmp/rotating-disk fs=ext4 size=4G scheduler=mq-deadline mkfs_options="" model=()
while [ $# -gt 0 ]; do
    case $1 in
        --dir) dir=$2; shift 2 ;;
        --fs) fs=$2; shift 2 ;;
        --size) size=$2; shift 2 ;;
        --scheduler) scheduler=$2; shift 2 ;;
        --mkfs-options) mkfs_options=$2; shift 2 ;;
        --) shift; model=("$@"); break ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) [ "$cmd" = fill ] && break; die "unknown argument $1" ;;
    esac
done
[ "$(id -u)" = 0 ] || die "needs root (FUSE with a loop device on it, mount)"

state() { sed -n "s/^$1=//p" "$dir/state"; }

up() {
    [ ! -e "$dir" ] || die "$dir exists: down it first, or choose another --dir"
    case $fs in ext3|ext4|xfs|btrfs) ;; *) die "--fs: ext3, ext4, xfs or btrfs" ;; esac
    for tool in gcc pkg-config losetup "mkfs.$fs" mount umount; do
        command -v "$tool" >/dev/null || die "$tool is missing"
    done
    pkg-config --exists fuse3 || die "libfuse3's header is missing (Debian: apt-get install fuse3 libfuse3-dev)"
    mkdir -m 0700 "$dir"
    : >"$dir/state"
    # shellcheck disable=SC2046  # pkg-config's flags are words
    gcc -O2 -Wall -o "$dir/diskemu" "$here/bench/diskemu/diskemu.c" $(pkg-config --cflags --libs fuse3) -lm
    truncate -s "$size" "$dir/disk.img"
    mkdir "$dir/fuse" "$dir/mnt"
    # Real-time priority (FIFO 1) where chrt can give it: the server mostly sleeps, and on a busy machine
    # its wake-ups would otherwise come late and add to every request's wall time (docs/performance.md).
    local rt=()
    chrt -f 1 true 2>/dev/null && rt=(chrt -f 1)
    "${rt[@]}" "$dir/diskemu" "${model[@]}" --stats "$dir/stats.at-exit" serve "$dir/disk.img" "$dir/fuse" -f \
        -o max_threads=64 >/dev/null 2>"$dir/diskemu.log" &
    echo "pid=$!" >>"$dir/state"
    for _ in $(seq 100); do [ -e "$dir/fuse/disk" ] && break; sleep 0.1; done
    [ -e "$dir/fuse/disk" ] || die "the server did not come up: $(cat "$dir/diskemu.log")"
    echo "fuse=$dir/fuse" >>"$dir/state"
    loop=$(losetup -f --show --direct-io=on "$dir/fuse/disk")
    echo "loop=$loop" >>"$dir/state"
    echo 1 >"/sys/block/${loop#/dev/}/queue/rotational"
    echo "$scheduler" >"/sys/block/${loop#/dev/}/queue/scheduler"
    # The server's own cost a request (kernel -> FUSE -> server -> back), measured with no modeled delay:
    # the least of three means of 1000 direct 4 KiB reads (the least: this machine is shared, and a busy
    # spell only adds); the server sleeps that much less for every modeled request.
    echo off >"$dir/fuse/ctl"
    local t0 t1 ns best=""
    for i in 1 2 3; do
        t0=$(date +%s%N)
        dd if="$loop" of=/dev/null bs=4k count=1000 skip=$((i * 1000)) iflag=direct status=none
        t1=$(date +%s%N)
        ns=$((t1 - t0))
        if [ -z "$best" ] || [ "$ns" -lt "$best" ]; then best=$ns; fi
    done
    overhead=$(awk -v ns="$best" 'BEGIN { printf "%.4f", ns / 1000 / 1e6 }')
    echo "overhead $overhead" >"$dir/fuse/ctl"
    echo "overhead_ms=$overhead" >>"$dir/state"
    # shellcheck disable=SC2086  # --mkfs-options is a list of words for mkfs, split on purpose
    case $fs in
        # Inode tables and journal written now, not by a kernel thread during the measurements.
        ext3|ext4) "mkfs.$fs" -q -F -E lazy_itable_init=0,lazy_journal_init=0 $mkfs_options "$loop" ;;
        xfs) mkfs.xfs -q -f $mkfs_options "$loop" ;;
        btrfs) mkfs.btrfs -q -f $mkfs_options "$loop" >/dev/null ;;
    esac
    mount -o noatime "$loop" "$dir/mnt"
    echo "mnt=$dir/mnt" >>"$dir/state"
    echo on >"$dir/fuse/ctl"
    echo reset >"$dir/fuse/ctl"
    echo "$dir/mnt"
}

down() {
    [ -f "$dir/state" ] || die "$dir/state: nothing set up there"
    local mnt loop pid fuse
    mnt=$(state mnt) loop=$(state loop) pid=$(state pid) fuse=$(state fuse)
    if [ -n "$mnt" ] && mountpoint -q "$mnt"; then umount "$mnt" || umount -l "$mnt"; fi
    if [ -n "$loop" ] && losetup "$loop" 2>/dev/null | grep -q "$dir/fuse/disk"; then losetup -d "$loop"; fi
    if [ -n "$fuse" ] && mountpoint -q "$fuse"; then
        # The loop device lets go of the file asynchronously: the FUSE unmount is retried a while.
        for _ in $(seq 50); do umount "$fuse" 2>/dev/null && break; sleep 0.1; done
        mountpoint -q "$fuse" && umount -l "$fuse"
    fi
    if [ -n "$pid" ] && [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$dir/diskemu" ]; then
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill "$pid" 2>/dev/null || true
    fi
    [ -f "$dir/stats.at-exit" ] && cat "$dir/stats.at-exit" >&2
    rm -f "$dir/disk.img" "$dir/diskemu" "$dir/state" "$dir/stats.at-exit" "$dir/diskemu.log"
    rmdir "$dir/fuse" "$dir/mnt" "$dir"
}

cold() {
    local mnt loop
    mnt=$(state mnt) loop=$(state loop)
    umount "$mnt"
    blockdev --flushbufs "$loop"
    mount -o noatime "$loop" "$mnt"
    echo reset >"$dir/fuse/ctl"
}

case $cmd in
    up) up ;;
    down) down ;;
    cold) cold ;;
    stats) cat "$(state fuse)/stats" ;;
    fill)
        [ $# -gt 0 ] || die "fill: a command to run"
        echo off >"$(state fuse)/ctl"
        rc=0; sh -c "$*" || rc=$?
        sync
        echo on >"$(state fuse)/ctl"
        echo reset >"$(state fuse)/ctl"
        exit $rc ;;
    *) die "up, fill, cold, stats or down (--help)" ;;
esac
