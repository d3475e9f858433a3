# How every launcher of dirdump starts the JVM, in a checkout (bin/launch.sh, which builds the jar
# first) and installed (lib/dirdump/installed.sh). Sourced first thing, with
#   tool  the launcher's name, for messages
#   main  the class to run
# set. It makes the standard descriptors safe, finds java and checks that it is Java 17 or newer
# (else one line and exit 2), and defines make_archive and run_jar.
# DIRDUMP_JAVA_OPTS replaces the JVM options below; JAVA_HOME picks the JVM.
# shellcheck shell=sh
set -u

# The descriptors the caller passed, which run's COMMAND is to get and no other: the JVM's own (its
# lib/modules, the jar) have no close-on-exec. Each one open now without close-on-exec (the shell keeps
# its script open, with it), listed without a process; named to dirdump in -Ddirdump.caller.fds. A
# closed one is not listed (the glob's own descriptor, which may be one of them, is closed again).
fds=
for fd in "/proc/$$/fd/"*; do
    fd=${fd##*/} flags=
    [ -e "/proc/$$/fdinfo/$fd" ] || continue
    while read -r key value; do
        [ "$key" = flags: ] && flags=$value
    done <"/proc/$$/fdinfo/$fd"
    case $flags in
        '' | *[!0-7]*) ;;
        *) [ $((0$flags & 02000000)) -eq 0 ] && fds=${fds:+$fds,}$fd ;;
    esac
done

# First, before this shell opens anything else: a standard descriptor the caller closed (cmd <&-, cmd >&-)
# is taken by the first file opened after it, and the JVM's own files would then be read as a
# --files-from - list (its lib/modules became descriptor 0) or take the output. Only here, before
# java starts, can a closed descriptor be told from an open one: each is opened on /dev/null, so that
# nothing can take it, and named to dirdump in -Ddirdump.closed, which then fails a read of that stdin
# or a write to that stdout as the closed descriptor would have (EBADF). A closed stderr stays
# silent. (true, not ':': a failed redirection of a special built-in would end the shell.)
closed=
if ! true 2>/dev/null 3<&0; then closed=0; exec </dev/null; fi
if ! true 2>/dev/null 3>&1; then closed=${closed:+$closed,}1; exec >/dev/null; fi
if ! true 3>&2; then exec 2>/dev/null; fi

# A working directory that was deleted (cd d; rmdir ../d; dirdump -q /abs/path): the JVM cannot start
# in one ("Error occurred during initialization of VM ... Could not determine current working
# directory", exit 1). dirdump starts in / instead, with the deleted directory open on descriptor 8,
# named in -Ddirdump.cwd.fd; it moves back into it before it resolves any name, so that a relative
# name still means what it meant (in a deleted directory, nothing but "."). testdata-gen would write
# where a relative OUT now points, so it refuses. ($PWD names the directory while it exists: only
# otherwise is getcwd asked, by pwd(1), since the shell's pwd may just repeat $PWD.)
cwd_fd=
# -ef is not POSIX, but every sh has it (dash, bash, busybox, ksh, zsh); tool and main: the launcher's (above).
# shellcheck disable=SC3013,SC2154
if ! [ . -ef "${PWD:-}" ] && ! env pwd -P >/dev/null 2>&1; then
    if [ "$main" != dirdump.Main ]; then
        echo "$tool: the working directory was deleted; run $tool from an existing directory" >&2
        exit 2
    fi
    exec 8<. && cd / && cwd_fd=8
fi

# What run's COMMAND is to get back unchanged (proc.ChildCommand): the signals the caller ignored and
# blocked (this shell inherited them, and the JVM changes some), read here without a process, and each
# variable the launcher changes below, in DIRDUMP_CALLER_VAR: "=VALUE" if the caller set it, "" if not.
# Such records are the launcher's alone: one the caller set would make dirdump hand COMMAND a variable
# the caller never had, so every DIRDUMP_CALLER_ variable is unset first (export -p lists them; a
# word of a value that looks like one only unsets what is not set, or another such record).
# The effective uid too, for trusted() below (no id(1) to start).
set -f
for word in $(export -p); do
    case ${word%%=*} in
        *[!A-Za-z0-9_]*) ;;
        DIRDUMP_CALLER_*) unset "${word%%=*}" ;;
    esac
done
set +f
blocked='' ignored='' uid=''
while read -r key value; do
    case $key in
        SigBlk:) blocked=$value ;;
        SigIgn:) ignored=$value ;;
        Uid:) uid=${value#*[!0-9]} uid=${uid%%[!0-9]*} ;;
    esac
done </proc/$$/status 2>/dev/null
remember() {
    for var; do
        if eval "[ -n \"\${$var+set}\" ]"; then eval "DIRDUMP_CALLER_$var==\$$var"; else eval "DIRDUMP_CALLER_$var="; fi
        export "DIRDUMP_CALLER_$var"
    done
}

# Error texts in English whatever the locale: the JDK's own (java.nio's in the fallback, a failed
# write's) are strerror(3)'s, in the language of LC_MESSAGES, which LC_ALL would override. So LC_ALL
# becomes LANG (it overrode every LC_* anyway) and LC_MESSAGES is C; every other category stays what it
# was. Set before java starts, before it has any thread (setlocale(3) is not thread-safe). dirdump's
# own libc calls use a C locale object of their own (strerror_l), also when run without this launcher.
if [ -n "${LC_ALL:-}" ]; then
    remember LANG LC_ALL LC_CTYPE LC_NUMERIC LC_TIME LC_COLLATE LC_MONETARY LC_PAPER LC_NAME LC_ADDRESS \
        LC_TELEPHONE LC_MEASUREMENT LC_IDENTIFICATION
    LANG=$LC_ALL
    export LANG
    unset LC_ALL LC_CTYPE LC_NUMERIC LC_TIME LC_COLLATE LC_MONETARY LC_PAPER LC_NAME LC_ADDRESS \
        LC_TELEPHONE LC_MEASUREMENT LC_IDENTIFICATION
fi
remember LC_MESSAGES
LC_MESSAGES=C
export LC_MESSAGES
# The JVM's options are the launcher's and DIRDUMP_JAVA_OPTS only: the JDK's variables would make it
# say "Picked up ..." on stderr, also under -q, and could load an agent into a dirdump run as root.
for var in JAVA_TOOL_OPTIONS JDK_JAVA_OPTIONS _JAVA_OPTIONS; do
    if eval "[ -n \"\${$var+set}\" ]"; then remember "$var"; unset "$var"; fi
done

# The JVM: $JAVA_HOME/bin/java, else the first java on PATH.
if [ -n "${JAVA_HOME:-}" ]; then
    java=$JAVA_HOME/bin/java
    if [ ! -x "$java" ]; then
        echo "$tool: needs Java 17 or newer (found none at $java); set JAVA_HOME" >&2
        exit 2
    fi
elif ! java=$(command -v java); then
    echo "$tool: needs Java 17 or newer (found no java on PATH); install one or set JAVA_HOME" >&2
    exit 2
fi

# Its version, and the exact build (jvm), which names the class-data archives: an archive made by one
# JVM is refused by another. Read from the release file of the JVM's home, where there is one, since
# starting java to ask costs 40 ms a run; else (java is a wrapper script, say) from java -version.
version='' jvm=''
real=$java
[ -L "$java" ] && real=$(readlink -f -- "$java")  # a process only where there is a link to follow (/usr/bin/java)
case $real in
    */bin/java) release=${real%/bin/java}/release ;;
    *) release= ;;
esac
if [ -n "$release" ] && [ -f "$release" ]; then
    while IFS='=' read -r key value; do
        value=${value#\"} value=${value%\"}
        case $key in
            JAVA_VERSION) version=$value ;;
            JAVA_RUNTIME_VERSION) jvm=$value ;;
        esac
    done <"$release"
fi
if [ -z "$version" ]; then
    # openjdk version "17.0.15" 2025-04-15, then: OpenJDK Runtime Environment (build 17.0.15+6-Debian-1deb12u1)
    said=$("$java" -version 2>&1) || said=
    case $said in
        *' version "'*) version=${said#*' version "'} version=${version%%\"*} ;;
    esac
    case $said in
        *'(build '*) jvm=${said#*'(build '} jvm=${jvm%%)*} ;;
    esac
fi
major=${version#1.}  # 1.8.0_402 is Java 8
major=${major%%[!0-9]*}
case $major in
    '' | ?????*)  # no number, or one too long for test(1)'s integers
        echo "$tool: needs Java 17 or newer (cannot tell the version of $java); set JAVA_HOME" >&2
        exit 2 ;;
esac
if [ "$major" -lt 17 ]; then
    echo "$tool: needs Java 17 or newer (found $major at $java); set JAVA_HOME" >&2
    exit 2
fi
# A name for files: anything else than these characters, and no archive is named after it.
case $jvm in
    *[!A-Za-z0-9._+-]*) jvm= ;;
esac
# DIRDUMP_JAVA_OPTS that says how classes are shared (-Xshare:off, an archive of its own) gets no
# archive of the launcher's, none named (a JVM refuses to start with an AOT cache beside those).
case ${DIRDUMP_JAVA_OPTS:-} in
    *-Xshare:* | *SharedArchiveFile=* | *SharedClassListFile=* | *DumpLoadedClassList=* | *ArchiveClassesAtExit=* | *-XX:AOT*) jvm= ;;
esac
# The class-data archive's kind (make_archive, run_jar): from JDK 25 on an AOT cache (JEP 483, 514),
# which holds the classes loaded and linked, not only parsed; before, a dynamic archive. Both are named .jsa.
aot=
[ "$major" -ge 25 ] && aot=1

# The JVM fitted to the limits it starts under, in $fitted (options before DIRDUMP_JAVA_OPTS, which
# win), or one line and exit 2 where it cannot start (the JVM would print its own text, exit 1 as
# if files could not be read, or die of SIGSEGV without a word). Sizes in MiB.
#  - Its heap: the JVM's default is a quarter of the memory it finds, too little for the per-file state
#    of a large tree in a small memory cgroup (1,000,000 files of 240-byte names keep 265 MiB live:
#    docs/performance.md). It gets the lowest memory limit up the cgroup hierarchy (Slurm and systemd
#    set it on a parent), or the machine's memory, less 96 MiB for the rest of the JVM (~45 MiB) and
#    the readers' buffers (16 MiB by default), but at least the quarter, at most three quarters and 31 GiB.
#    Only a bound: the heap grows with what is live, and the page cache dirdump fills is reclaimed.
#  - The address-space limit (ulimit -v): the JVM reserves 1 GiB for class metadata, 240 MiB for
#    compiled code and 64 MiB of address space for each of glibc's malloc arenas (one per thread, up
#    to 8 per core), more than the 640 MiB it needs under this fitting: 64 MiB and 32 MiB, two arenas
#    (MALLOC_ARENA_MAX, which run's COMMAND gets back as the caller had it), and a heap of half of
#    what is left above 576 MiB. Below 640 MiB it cannot start.
#  - The process limit (ulimit -u), which counts threads, of a user other than root: the JVM starts
#    about 18 of its own; below 20 it cannot start.
# Where a limit applies, java -version is started with these options first, and if it fails, what
# it said is the one line (a DIRDUMP_JAVA_OPTS that asks for more than there is, say).
fitted='' limited=''
memory=0 space='' processes=''
while read -r key value; do
    [ "$key" = MemTotal: ] && memory=$((${value%% *} / 1024))
done </proc/meminfo 2>/dev/null
# The lowest limit up the hierarchy: cgroup v1's memory controller, else v2's unified hierarchy.
lowest_limit() {  # DIR TOP FILE...: each FILE in DIR and each directory above it up to TOP
    dir=$1 top=$2
    shift 2
    while :; do
        for file; do
            value=
            [ -r "$dir/$file" ] && read -r value <"$dir/$file"
            case $value in
                '' | *[!0-9]* | ????????????????????*) ;;
                *) { [ "$memory" -eq 0 ] || [ $((value / 1048576)) -lt "$memory" ]; } && memory=$((value / 1048576)) ;;
            esac
        done
        [ "$dir" = "$top" ] || [ "${dir%/*}" = "$dir" ] && break
        dir=${dir%/*}
    done
}
while IFS=: read -r _ controllers path; do
    case $controllers in
        memory | *,memory | memory,* | *,memory,*) v1=$path ;;
        '') v2=$path ;;
    esac
done </proc/$$/cgroup 2>/dev/null
if [ -n "${v1:-}" ] && [ -d "/sys/fs/cgroup/memory${v1%/}" ]; then
    lowest_limit "/sys/fs/cgroup/memory${v1%/}" /sys/fs/cgroup/memory memory.limit_in_bytes
elif [ -n "${v2:-}" ] && [ -d "/sys/fs/cgroup${v2%/}" ] && [ -f /sys/fs/cgroup/cgroup.controllers ]; then
    lowest_limit "/sys/fs/cgroup${v2%/}" /sys/fs/cgroup memory.max memory.high
fi
heap=$((memory - 96))
[ "$heap" -lt $((memory / 4)) ] && heap=$((memory / 4))
[ "$heap" -gt $((memory * 3 / 4)) ] && heap=$((memory * 3 / 4))
[ "$heap" -gt 31744 ] && heap=31744  # compressed object pointers end at 32 GiB, and each would take twice the room
while read -r line; do
    case $line in
        'Max address space '*) value=${line#Max address space} ;;
        'Max processes '*) value=${line#Max processes} ;;
        *) continue ;;
    esac
    value=${value#"${value%%[! ]*}"} value=${value%% *}
    case $value in
        '' | *[!0-9]* | ????????????????????*) ;;
        *) case $line in
               'Max address space '*) space=$value ;;
               *) processes=$value ;;
           esac ;;
    esac
done </proc/$$/limits 2>/dev/null
if [ -n "$space" ]; then
    if [ $((space / 1048576)) -lt 640 ]; then
        echo "$tool: cannot start: the address-space limit (ulimit -v $((space / 1024))) is below the $((640 * 1024)) KiB the JVM needs; raise it" >&2
        exit 2
    fi
    [ $(((space / 1048576 - 576) / 2)) -lt "$heap" ] && heap=$(((space / 1048576 - 576) / 2))
    fitted="-XX:CompressedClassSpaceSize=64m -XX:ReservedCodeCacheSize=32m" limited=1
    remember MALLOC_ARENA_MAX
    MALLOC_ARENA_MAX=2
    export MALLOC_ARENA_MAX
fi
if [ -n "$processes" ] && [ "$uid" != 0 ] && [ "$processes" -lt 256 ]; then
    if [ "$processes" -lt 20 ]; then
        echo "$tool: cannot start: the process limit (ulimit -u $processes) is below the 20 threads the JVM needs; raise it" >&2
        exit 2
    fi
    limited=1
fi
case ${DIRDUMP_JAVA_OPTS:-} in
    *-Xmx* | *-Xms* | *HeapSize=* | *MaxRAM*) ;;  # the user's say on the heap
    *) [ "$heap" -gt 0 ] && fitted="$fitted -Xmx${heap}m" ;;
esac

# trusted DIR: whether DIR and every directory above it belong to this user or root and no one else
# can write to them (ssh's StrictModes; a sticky directory above, as /tmp, is safe: no one else can
# rename what is this user's in it), so that no other user can change what is in DIR. Then DIR, with
# its symbolic links resolved, is in $trusted.
trusted() {
    trusted=$(cd -- "$1" 2>/dev/null && pwd -P) && [ -n "$uid" ] || return 1
    set -- "$trusted"
    up=$trusted
    while [ -n "$up" ]; do
        up=${up%/*}
        set -- "$@" "${up:-/}"
    done
    [ -z "$(find "$1" -maxdepth 0 ! \( \( -uid 0 -o -uid "$uid" \) ! -perm /022 \) -print 2>/dev/null)" ] && shift &&
        [ -z "$(find "$@" -maxdepth 0 ! \( \( -uid 0 -o -uid "$uid" \) \( ! -perm /022 -o -perm -1000 \) \) -print 2>/dev/null)" ]
}

# cache_directory NAME: $XDG_CACHE_HOME/NAME, else $HOME/.cache/NAME, in $cache, made if missing (mode
# 0700), but only below an existing HOME, or XDG_CACHE_HOME's existing parent (absolute ones: a
# relative one is ignored, the XDG rule; HOME is never made), and only in a trusted directory: the
# deepest one of the way that exists (XDG_CACHE_HOME itself, if it does: sudo -E hands root a user's),
# where mkdir makes the first missing one. The cache directory must be trusted itself; else it fails,
# and there is no cache directory.
cache_directory() {
    case ${XDG_CACHE_HOME:-} in
        /*) base=${XDG_CACHE_HOME%/*} cache=$XDG_CACHE_HOME/$1 ;;
        *) case ${HOME:-} in
               /*) base=$HOME cache=$HOME/.cache/$1 ;;
               *) return 1 ;;
           esac ;;
    esac
    if [ ! -d "$cache" ]; then
        [ -d "${base:-/}" ] || return 1
        up=$cache  # base is a prefix of it and exists: the walk ends there at the latest
        until [ -d "${up:-/}" ]; do up=${up%/*}; done
        trusted "${up:-/}" && (umask 077 && mkdir -p -- "$cache") 2>/dev/null || return 1
    fi
    trusted "$cache" && cache=$trusted  # it and every directory above it, base too: one check a run, where it exists
}

# native_library DIR: jffi (jnr-ffi's native part) loads its library from DIR/jni (jffi.boot.library.path),
# where the build or the install put it for each architecture: an installed dirdump extracts nothing.
# Without DIR or DIR/jni (a jar built before there was one), jffi unpacks it from the jar into the user's cache directory (above), and where there
# is none, nowhere: dirdump then runs on java.nio, after a warning that says why. Never into a
# directory another user can write, whose owner could swap the file before it is loaded, nor into
# java.io.tmpdir or the working directory, where jffi would go by itself.
jffi_boot='' jffi_extract=''
native_library() {
    if [ -n "$1" ] && [ -d "$1/jni" ]; then
        jffi_boot=$1/jni jffi_extract=$1/jni  # what jffi would unpack there if loading failed is its own too
    elif cache_directory dirdump; then
        jffi_extract=$cache
    else
        jffi_extract=/nonexistent  # jffi fails at once: "could not load jffi library from /nonexistent"
    fi
}

# jvm exec|command ARG...: java with dirdump's JVM options, then ARGs. The JVM's own output goes to
# stderr, never into the machine output on stdout: a thread dump (SIGQUIT), "Error occurred during
# initialization of VM" and a crash's summary (all "VM output"), and the unified log's warnings (a
# thread that cannot be created, say), which go to stdout by default. These come first, so that
# DIRDUMP_JAVA_OPTS can still say otherwise. A thread that cannot be created is not logged: dirdump
# goes on with the readers it has and says so once itself. No option file is read from the working
# directory (.hotspotrc, .hotspot_compiler: HotSpot warns of them otherwise). Serial GC: no GC threads
# to start, and the work is I/O, not allocation. C1 only: it compiles at once, and C2's better code
# buys nothing when the time goes to system calls; and an interpreter without the profiling that only
# C2 uses, as the client VM had (-XX:-ProfileInterpreter: 3 to 6 % less CPU on a warm re-check of
# 57,000 files, docs/performance.md). --enable-native-access: what the jar's manifest
# grants under -jar, for a main class run with -cp; only from JDK 22 on, where it grants what dirdump
# needs (JDK 24 warns of jffi's native library without it): before, it concerns only the incubating
# foreign API, which dirdump does not use, and JDK 17 turns off the class-data archive's optimized
# module handling for it (its module graph then built at each start: about 15 ms of CPU, 8 % of a
# run over an empty directory, docs/performance.md). No performance-counter file (-XX:-UsePerfData):
# the JVM would otherwise create /tmp/hsperfdata_USER/PID at every start. No file of a crash in the
# working directory, where the JVM would write hs_err_pidPID.log, a core and a compiler's replay file:
# the summary on stderr says what happened, the report goes nowhere (DIRDUMP_JAVA_OPTS may name an
# -XX:ErrorFile). The options fitted to the limits ($fitted, above) come next. Each option one word,
# whatever spaces the paths hold; DIRDUMP_JAVA_OPTS is split at blanks, never expanded as a pattern.
jvm() {
    how=$1
    shift
    if [ "$major" -ge 22 ]; then
        set -- --enable-native-access=ALL-UNNAMED "$@"
    fi
    set -f
    # shellcheck disable=SC2086  # split at blanks on purpose (above)
    set -- ${DIRDUMP_JAVA_OPTS:--XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-ProfileInterpreter} "$@"
    set +f
    [ -n "$jffi_extract" ] && set -- "-Djffi.extract.dir=$jffi_extract" "$@"  # before DIRDUMP_JAVA_OPTS, which may name another
    # From JDK 18 on, reflection spins method handles on first use; picocli reads its model by
    # reflection once, where native calls cost less than spinning them.
    [ "$major" -ge 18 ] && set -- -Djdk.reflect.useNativeAccessorOnly=true "$@"
    [ -n "$jffi_boot" ] && set -- "-Djffi.boot.library.path=$jffi_boot" "$@"
    set -f
    # shellcheck disable=SC2086  # one word an option
    set -- $fitted "$@"  # before DIRDUMP_JAVA_OPTS, which win
    set +f
    "$how" "$java" -XX:+DisplayVMOutputToStderr -XX:-UsePerfData -Xlog:disable -Xlog:all=warning:stderr -Xlog:os+thread=off:stderr \
        -XX:Flags=/dev/null -XX:CompileCommandFile=/dev/null -XX:ErrorFile=/dev/null -XX:-CreateCoredumpOnCrash \
        -XX:-DumpReplayDataOnError "$@"
}

# starts: where a limit applies (above), whether the JVM starts at all with these options (java
# -version); if not, one line says what it said, and the launcher exits 2. ("Error occurred during
# initialization of VM" is followed by the reason; a JVM killed by a signal says nothing.)
starts() {
    said=$(jvm command -version 2>&1 >/dev/null) && return
    status=$?
    case $said in
        'Error occurred during initialization of VM'?*) said=${said#*
} ;;
    esac
    said=${said%%
*}
    [ -n "$said" ] || said="killed by signal $((status - 128))"
    echo "$tool: cannot start the JVM under the limits it has (ulimit -v, ulimit -u): $said" >&2
    exit 2
}

# quiet exec|command ARG...: jvm, quiet (its warnings go to stderr, above) about a class-data archive
# that does not fit: it is then ignored. (Quoted: a pattern would be matched against the working directory.)
quiet() {
    how=$1
    shift
    [ -n "$aot" ] && set -- '-Xlog:aot*=off:stderr' "$@"
    jvm "$how" '-Xlog:cds*=off:stderr' "$@"
}

# make_archive JSA JAR DIR: a class-data-sharing archive of the classes a dirdump run loads, made by a
# run of JAR over DIR (for an AOT cache, the JVM then starts a second one that writes it). Written
# under a name of its own, then renamed, so that a run never maps half an archive.
make_archive() {
    if [ -n "$aot" ]; then
        set -- "$1" "$2" "$3" -XX:AOTCacheOutput="$1.$$"
    else
        set -- "$1" "$2" "$3" -XX:ArchiveClassesAtExit="$1.$$"
    fi
    if ! { quiet command "$4" -cp "$2" dirdump.Main -q "$3" >/dev/null 2>&1 && mv -f "$1.$$" "$1"; }; then
        rm -f "$1.$$" "$1.$$.config"
        return 1
    fi
}

# run_jar JAR JSA ARGS...: runs main from JAR, with the archive JSA if it is not empty, and what the
# JVM is to know of how it was started (above).
run_jar() {
    run_jar=$1 run_jsa=$2
    shift 2
    set -- -cp "$run_jar" "$main" "$@"
    [ -n "$cwd_fd" ] && set -- "-Ddirdump.cwd.fd=$cwd_fd" "$@"
    [ -n "$fds" ] && set -- "-Ddirdump.caller.fds=$fds" "$@"
    [ -n "$closed" ] && set -- "-Ddirdump.closed=$closed" "$@"
    [ -n "$ignored" ] && set -- "-Ddirdump.caller.ignored=$ignored" "-Ddirdump.caller.blocked=$blocked" "$@"
    [ -z "$limited" ] || starts
    if [ -z "$run_jsa" ]; then
        jvm exec "$@"
    elif [ -n "$aot" ]; then
        quiet exec "-XX:AOTCache=$run_jsa" "$@"
    else
        quiet exec "-XX:SharedArchiveFile=$run_jsa" "$@"
    fi
}
