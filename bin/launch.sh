# Shared by the launchers in this directory (dirdump, testdata-gen), which set these and source this file:
#   bin   the directory the launcher really is in (symlinks resolved), so the checkout is $bin/..
#   tool  its name, for messages
#   main  the class to run
# Builds the jar with Maven when it is missing or older than the sources, then runs main from it.
# DIRDUMP_JAVA_OPTS replaces the JVM options below; JAVA_HOME picks the JVM.
set -u

home=$(cd "$bin/.." && pwd -P) || exit 2
jar=$home/target/dirdump.jar

if [ ! -f "$jar" ] || [ -n "$(find "$home/pom.xml" "$home/src/main" "$home/testdata-gen/src/main" \
        -newer "$jar" 2>/dev/null | head -n 1)" ]; then
    echo "$tool: building $jar (first run, or the sources changed)" >&2
    # Maven's output is shown only if the build fails, on stderr: stdout is for machine output. (Its
    # colour codes are stripped: Debian's Maven prints some even in batch mode.)
    if ! log=$(cd "$home" && mvn -q -B -DskipTests package 2>&1); then
        printf '%s\n' "$log" | sed 's/\x1b\[[0-9;]*m//g' >&2
        echo "$tool: build failed" >&2
        exit 2
    fi
fi

java=java
[ -n "${JAVA_HOME:-}" ] && java=$JAVA_HOME/bin/java
# Serial GC: no GC threads to start, and the work is I/O, not allocation. C1 only: it compiles at
# once, and C2's better code buys nothing when the time goes to system calls.
# --enable-native-access: what the jar's manifest grants under -jar, for a main class run with -cp.
opts="${DIRDUMP_JAVA_OPTS:--XX:+UseSerialGC -XX:TieredStopAtLevel=1} --enable-native-access=ALL-UNNAMED"

# A class-data-sharing archive of the classes a dirdump run loads, made once per build by a run over
# the sources: it saves about a fifth of the start. -Xlog:cds*=off keeps the JVM from printing on
# stdout when an archive does not fit (another JVM): it is then ignored.
jsa=$home/target/dirdump.jsa
if [ ! -f "$jsa" ] || [ "$jar" -nt "$jsa" ]; then
    # shellcheck disable=SC2086
    "$java" $opts -XX:ArchiveClassesAtExit="$jsa.$$" -Xlog:cds*=off -cp "$jar" dirdump.Main -q "$home/src" \
        >/dev/null 2>&1 && mv -f "$jsa.$$" "$jsa" || rm -f "$jsa.$$"
fi
[ -f "$jsa" ] && opts="$opts -XX:SharedArchiveFile=$jsa -Xlog:cds*=off"

# shellcheck disable=SC2086
exec "$java" $opts -cp "$jar" "$main" "$@"
