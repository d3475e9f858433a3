# Shared by the launchers in this directory (dirdump, testdata-gen), which set these and source this file:
#   bin   the directory the launcher really is in (symlinks resolved), so the checkout is $bin/..
#   tool  its name, for messages
#   main  the class to run
# Builds the jar with Maven when it is missing or older than the sources, then runs main from it.
# DIRDUMP_JAVA_OPTS replaces the JVM options below; JAVA_HOME picks the JVM.
set -u

# First, before this shell opens anything: a standard descriptor the caller closed (cmd <&-, cmd >&-)
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
if ! [ . -ef "${PWD:-}" ] && ! env pwd -P >/dev/null 2>&1; then
    if [ "$main" != dirdump.Main ]; then
        echo "$tool: the working directory was deleted; run $tool from an existing directory" >&2
        exit 2
    fi
    exec 8<. && cd / && cwd_fd=8
fi

home=$(cd "$bin/.." && pwd -P) || exit 2
target=$home/target
jar=$target/dirdump.jar
jsa=$target/dirdump.jsa
log=$target/build.log

# -q anywhere before "--", alone or in a cluster of short options (-Lq): no "building" line then.
quiet=
for arg; do
    case $arg in
        --) break ;;
        -q | --quiet | -[!-]*q*) quiet=1 ;;
    esac
done

# The first source file newer than $1, if any.
newer_source() {
    find "$home/pom.xml" "$home/src/main" "$home/testdata-gen/src/main" -newer "$1" 2>/dev/null | head -n 1
}

# The jar is missing or older than the sources, and no build of these sources failed already
# (target/build.log is kept from a failed build: delete it to try again without changing a source).
needs_build() {
    { [ ! -f "$jar" ] || [ -n "$(newer_source "$jar")" ]; } && { [ ! -f "$log" ] || [ -n "$(newer_source "$log")" ]; }
}

# The class-data archive is missing or older than the jar.
needs_archive() {
    [ ! -f "$jsa" ] || [ "$jar" -nt "$jsa" ]
}

# Error texts in English whatever the locale: the JDK's own (java.nio's in the fallback, a failed
# write's) are strerror(3)'s, in the language of LC_MESSAGES, which LC_ALL would override. So LC_ALL
# becomes LANG (it overrode every LC_* anyway) and LC_MESSAGES is C; every other category stays what it
# was. Set before java starts, before it has any thread (setlocale(3) is not thread-safe). dirdump's
# own libc calls use a C locale object of their own (strerror_l), also when run without this launcher.
if [ -n "${LC_ALL:-}" ]; then
    LANG=$LC_ALL
    export LANG
    unset LC_ALL LC_CTYPE LC_NUMERIC LC_TIME LC_COLLATE LC_MONETARY LC_PAPER LC_NAME LC_ADDRESS \
        LC_TELEPHONE LC_MEASUREMENT LC_IDENTIFICATION
fi
LC_MESSAGES=C
export LC_MESSAGES

java=java
[ -n "${JAVA_HOME:-}" ] && java=$JAVA_HOME/bin/java
# The JVM's own output goes to stderr, never into the machine output on stdout: a thread dump
# (SIGQUIT), "Error occurred during initialization of VM" and a crash's summary (all "VM output"),
# and the unified log's warnings (a thread that cannot be created, say), which go to stdout by default.
# These come first, so that DIRDUMP_JAVA_OPTS can still say otherwise. A thread that cannot be
# created is not logged: dirdump goes on with the readers it has and says so once itself.
# Serial GC: no GC threads to start, and the work is I/O, not allocation. C1 only: it compiles at
# once, and C2's better code buys nothing when the time goes to system calls.
# --enable-native-access: what the jar's manifest grants under -jar, for a main class run with -cp.
opts="-XX:+DisplayVMOutputToStderr -Xlog:disable -Xlog:all=warning:stderr -Xlog:os+thread=off:stderr"

# jffi (jnr-ffi's native part) unpacks its library on every start into java.io.tmpdir, and where that
# is mounted noexec, into the working directory: neither is the tool's, and on a noexec /tmp the
# native path was lost. It gets a directory of the tool's own: target/jffi next to the jar, or where
# target/ cannot be written ${XDG_CACHE_HOME:-$HOME/.cache}/dirdump (HOME may be unset), else $TMPDIR
# or /tmp as before, but never the working directory. Each run unpacks its own copy there and deletes
# it once loaded (one fixed name would be rewritten by a run under another that has it mapped). If it
# cannot be loaded from there either, dirdump says why in its summary and JSON (the java.nio fallback).
cache=${XDG_CACHE_HOME:-${HOME:+$HOME/.cache}}
for jffi in "$target/jffi" ${cache:+"$cache/dirdump"} "${TMPDIR:-/tmp}"; do
    mkdir -p "$jffi" 2>/dev/null && [ -w "$jffi" ] && break
done
opts="$opts -Djffi.extract.dir=$jffi"
opts="$opts ${DIRDUMP_JAVA_OPTS:--XX:+UseSerialGC -XX:TieredStopAtLevel=1} --enable-native-access=ALL-UNNAMED"

# Runs "$@" holding the checkout's build lock, so that runs started together do not build over each
# other. flock(1) (util-linux) frees the lock when its holder ends, however it ends; without it,
# mkdir is atomic, and a lock whose holder is gone (killed while building) is taken over.
locked() {
    if command -v flock >/dev/null 2>&1; then
        ( flock 9 && "$@" ) 9>"$target/.lock"
        return
    fi
    until mkdir "$target/.lock.d" 2>/dev/null; do
        holder=$(cat "$target/.lock.d/pid" 2>/dev/null) || holder=
        if [ -n "$holder" ] && ! kill -0 "$holder" 2>/dev/null; then
            rm -rf "$target/.lock.d"
        else
            sleep 1
        fi
    done
    echo $$ >"$target/.lock.d/pid"
    "$@"
    held=$?
    rm -rf "$target/.lock.d"
    return "$held"
}

# Under the lock: builds the jar if it still needs it (another run may have built it meanwhile),
# under a name of its own, then renames it over dirdump.jar in one step, so that a run that has the
# old jar open reads on from it. Maven's output is kept in target/build.log only if the build fails,
# and shown only when there is no jar to run (stdout is for machine output; its colour codes are
# stripped: Debian's Maven prints some even in batch mode). Then the class-data archive (below).
prepare() {
    if needs_build; then
        [ -n "$quiet" ] || echo "$tool: building $jar (first run, or the sources changed)" >&2
        part=dirdump-build-$$
        if out=$(cd "$home" && mvn -q -B -Dmaven.test.skip=true -Ddirdump.jar.name="$part" package 2>&1) \
                && mv -f "$target/$part.jar" "$jar"; then
            rm -f "$log"
        else
            printf '%s\n' "$out" | sed 's/\x1b\[[0-9;]*m//g' >"$log"
        fi
        rm -f "$target/$part.jar" "$target/original-$part.jar"
    fi
    [ -f "$jar" ] || return
    # A class-data-sharing archive of the classes a dirdump run loads, made once per build by a run
    # over the sources: it saves about a fifth of the start. -Xlog:cds*=off keeps the JVM quiet when
    # an archive does not fit (another JVM): it is then ignored.
    if needs_archive; then
        # shellcheck disable=SC2086
        "$java" $opts -XX:ArchiveClassesAtExit="$jsa.$$" -Xlog:cds*=off -cp "$jar" dirdump.Main -q "$home/src" \
            >/dev/null 2>&1 && mv -f "$jsa.$$" "$jsa" || rm -f "$jsa.$$"
    fi
}

# Only where target/ can be written: a user who cannot write it (a checkout of another user's) runs
# the jar as it is, without paying a build or the archive's training run on every start.
stale=
needs_build && stale=1
if { [ -n "$stale" ] || needs_archive; } && mkdir -p "$target" 2>/dev/null && [ -w "$target" ] \
        && { [ -z "$stale" ] || command -v mvn >/dev/null 2>&1; }; then
    locked prepare
fi
if [ ! -f "$jar" ]; then
    [ -f "$log" ] && cat "$log" >&2
    if ! command -v mvn >/dev/null 2>&1; then
        echo "$tool: cannot build $jar: Maven (mvn) is not installed" >&2
    elif [ ! -w "$target" ]; then
        echo "$tool: cannot build $jar: $target is not writable" >&2
    else
        echo "$tool: build failed" >&2
    fi
    exit 2
fi
if [ -n "$(newer_source "$jar")" ]; then
    if [ -f "$log" ] && [ -z "$(newer_source "$log")" ]; then
        why="the build failed ($log says why)"
    elif ! command -v mvn >/dev/null 2>&1; then
        why="Maven (mvn) is not installed"
    else
        why="$target is not writable"
    fi
    echo "$tool: warning: the sources changed, but $why: running the jar built before" >&2
fi

[ -f "$jsa" ] && ! needs_archive && opts="$opts -XX:SharedArchiveFile=$jsa -Xlog:cds*=off"
[ -n "$closed" ] && opts="$opts -Ddirdump.closed=$closed"
[ -n "$cwd_fd" ] && opts="$opts -Ddirdump.cwd.fd=$cwd_fd"

# shellcheck disable=SC2086
exec "$java" $opts -cp "$jar" "$main" "$@"
