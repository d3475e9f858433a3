# The checkout's launcher part, shared by the launchers in this directory (dirdump, testdata-gen),
# which set these and source this file when they run from a checkout:
#   bin   the directory the launcher really is in (symlinks resolved), so the checkout is $bin/..
#   tool  its name, for messages
#   main  the class to run
# Builds the jar with Maven when it is missing or older than the sources, then runs main from it.
# Starting java (the standard descriptors, the Java version, the JVM options) is bin/start.sh, which
# the installed launcher shares.
# shellcheck shell=sh
# shellcheck source=start.sh disable=SC2154  # bin: the launcher's
. "$bin/start.sh"

home=$(cd "$bin/.." && pwd -P) || exit 2
target=$home/target
jar=$target/dirdump.jar
# The class-data archive, one for each JVM (none for a JVM that tells no build: see bin/start.sh).
jsa=${jvm:+$target/dirdump-$jvm.jsa}
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
    find "$home/pom.xml" "$home/src/main" "$home/src/build" "$home/testdata-gen/src/main" -newer "$1" 2>/dev/null | head -n 1
}

# The jar is missing or older than the sources, and no build of these sources failed already
# (target/build.log is kept from a failed build: delete it to try again without changing a source).
needs_build() {
    { [ ! -f "$jar" ] || [ -n "$(newer_source "$jar")" ]; } && { [ ! -f "$log" ] || [ -n "$(newer_source "$log")" ]; }
}

# There is to be a class-data archive, and it is missing or older than the jar.
needs_archive() {
    # -nt is not POSIX, but every sh has it (dash, bash, busybox, ksh, zsh).
    # shellcheck disable=SC3013
    [ -n "$jsa" ] && { [ ! -f "$jsa" ] || [ "$jar" -nt "$jsa" ]; }
}

# target/ belongs to whoever built it: its native library (the build unpacks it into target/jni) and
# class-data archive are used only where it is trusted (start.sh); else jffi's library comes from the
# cache directory, and there is no archive. Sets $jsa empty then.
use_target() {
    if trusted "$target"; then
        native_library "$target"
    else
        native_library ""
        jsa=
    fi
}

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
        if out=$(cd "$home" && mvn -q -B -Dmaven.test.skip=true -Ddirdump.dist=false -Ddirdump.jar.name="$part" package 2>&1) \
                && mv -f "$target/$part.jar" "$jar"; then
            rm -f "$log"
        else
            printf '%s\n' "$out" | sed 's/\x1b\[[0-9;]*m//g' >"$log"
        fi
        rm -f "$target/$part.jar" "$target/original-$part.jar"
    fi
    [ -f "$jar" ] || return
    # The class-data archive (bin/start.sh), made once per build by a run over the sources.
    use_target
    if needs_archive; then
        make_archive "$jsa" "$jar" "$home/src"
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
# Only where the jar can be older than the sources (it was, or a build failed): else the sources are
# walked once a run, not twice (from a cold cache, 0.1 s each time).
if { [ -n "$stale" ] || [ -f "$log" ]; } && [ -n "$(newer_source "$jar")" ]; then
    if [ -f "$log" ] && [ -z "$(newer_source "$log")" ]; then
        why="the build failed ($log says why)"
    elif ! command -v mvn >/dev/null 2>&1; then
        why="Maven (mvn) is not installed"
    else
        why="$target is not writable"
    fi
    echo "$tool: warning: the sources changed, but $why: running the jar built before" >&2
fi

use_target
{ [ -z "$jsa" ] || needs_archive; } && jsa=
run_jar "$jar" "$jsa" "$@"
