# How every launcher of dirdump starts the JVM, in a checkout (bin/launch.sh, which builds the jar
# first) and installed (lib/dirdump/installed.sh, beside the jar). Sourced first thing, with
#   tool  the launcher's name, for messages
#   main  the class to run
# set. It makes the standard descriptors safe, finds java and checks that it is Java 17 or newer
# (else one line and exit 2), and defines make_archive and run_jar.
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
version= jvm=
real=$(readlink -f -- "$java")
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
if [ -z "$major" ]; then
    echo "$tool: needs Java 17 or newer ($java -version tells no version); set JAVA_HOME" >&2
    exit 2
elif [ "$major" -lt 17 ]; then
    echo "$tool: needs Java 17 or newer (found $major at $java); set JAVA_HOME" >&2
    exit 2
fi
# A name for files: anything else than these characters, and no archive is named after it.
case $jvm in
    *[!A-Za-z0-9._+-]*) jvm= ;;
esac

# The JVM's own output goes to stderr, never into the machine output on stdout: a thread dump
# (SIGQUIT), "Error occurred during initialization of VM" and a crash's summary (all "VM output"),
# and the unified log's warnings (a thread that cannot be created, say), which go to stdout by default.
# These come first, so that DIRDUMP_JAVA_OPTS can still say otherwise. A thread that cannot be
# created is not logged: dirdump goes on with the readers it has and says so once itself.
# Serial GC: no GC threads to start, and the work is I/O, not allocation. C1 only: it compiles at
# once, and C2's better code buys nothing when the time goes to system calls.
# --enable-native-access: what the jar's manifest grants under -jar, for a main class run with -cp.
opts="-XX:+DisplayVMOutputToStderr -Xlog:disable -Xlog:all=warning:stderr -Xlog:os+thread=off:stderr"
opts="$opts ${DIRDUMP_JAVA_OPTS:--XX:+UseSerialGC -XX:TieredStopAtLevel=1} --enable-native-access=ALL-UNNAMED"

# extract_native_library_into DIR: jffi (jnr-ffi's native part) unpacks its library on every start into
# java.io.tmpdir, and where that is mounted noexec, into the working directory: neither is the tool's,
# and on a noexec /tmp the native path was lost. It gets a directory of the tool's own: DIR (the
# checkout's target/jffi, next to the jar; none installed), else ${XDG_CACHE_HOME:-$HOME/.cache}/dirdump
# (HOME may be unset), else $TMPDIR or /tmp as before, but never the working directory. Each run
# unpacks its own copy there and deletes it once loaded (one fixed name would be rewritten by a run
# under another that has it mapped). If it cannot be loaded from there either, dirdump says why in its
# summary and JSON (the java.nio fallback).
extract_native_library_into() {
    cache=${XDG_CACHE_HOME:-${HOME:+$HOME/.cache}}
    for jffi in ${1:+"$1"} ${cache:+"$cache/dirdump"} "${TMPDIR:-/tmp}"; do
        { [ -d "$jffi" ] || mkdir -p "$jffi" 2>/dev/null; } && [ -w "$jffi" ] && break  # no mkdir process a run
    done
    opts="-Djffi.extract.dir=$jffi $opts"  # before DIRDUMP_JAVA_OPTS, which may name another
}

# make_archive JSA JAR DIR: a class-data-sharing archive of the classes a dirdump run loads, made by a
# run of JAR over DIR: it saves about a fifth of the start. Written under a name of its own, then
# renamed, so that a run never maps half an archive. -Xlog:cds*=off:stderr keeps the JVM quiet (its
# warnings go to stderr, above) when an archive does not fit: it is then ignored.
make_archive() {
    # shellcheck disable=SC2086
    "$java" $opts -XX:ArchiveClassesAtExit="$1.$$" -Xlog:cds*=off:stderr -cp "$2" dirdump.Main -q "$3" \
        >/dev/null 2>&1 && mv -f "$1.$$" "$1" || { rm -f "$1.$$"; return 1; }
}

# run_jar JAR JSA ARGS...: runs main from JAR, with the archive JSA if it is not empty.
run_jar() {
    run_jar=$1
    [ -n "$2" ] && opts="$opts -XX:SharedArchiveFile=$2 -Xlog:cds*=off:stderr"
    [ -n "$closed" ] && opts="$opts -Ddirdump.closed=$closed"
    [ -n "$cwd_fd" ] && opts="$opts -Ddirdump.cwd.fd=$cwd_fd"
    shift 2
    # shellcheck disable=SC2086
    exec "$java" $opts -cp "$run_jar" "$main" "$@"
}
