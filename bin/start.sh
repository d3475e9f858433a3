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
# These come first, so that DIRDUMP_JAVA_OPTS can still say otherwise.
# Serial GC: no GC threads to start, and the work is I/O, not allocation. C1 only: it compiles at
# once, and C2's better code buys nothing when the time goes to system calls.
# --enable-native-access: what the jar's manifest grants under -jar, for a main class run with -cp.
opts="-XX:+DisplayVMOutputToStderr -Xlog:disable -Xlog:all=warning:stderr"
opts="$opts ${DIRDUMP_JAVA_OPTS:--XX:+UseSerialGC -XX:TieredStopAtLevel=1} --enable-native-access=ALL-UNNAMED"

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
    shift 2
    # shellcheck disable=SC2086
    exec "$java" $opts -cp "$run_jar" "$main" "$@"
}
