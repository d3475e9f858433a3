# The installed launcher's part. bin/install, the .deb and the release tarball put it in
# PREFIX/lib/dirdump, the jar in PREFIX/share/dirdump, and PREFIX/bin/dirdump and
# PREFIX/bin/testdata-gen (which set bin, tool and main) source it. Nothing is built and Maven is never run; the jar is found from the
# launcher's own place, so that a DESTDIR tree or an unpacked package runs where it is.
# shellcheck shell=sh disable=SC2154  # bin: the launcher's
lib=${bin%/*}/lib/dirdump  # $bin has its symlinks resolved: this is the name the archives were made for
# shellcheck source=../../../bin/start.sh  # installed beside this file
. "$lib/start.sh"
jar=${bin%/*}/share/dirdump/dirdump.jar
native_library "$lib"  # the install's, as its jar is

# The class-data archive (start.sh): the one make-archive made at install time for this JVM, which the
# installers remake with each jar. Else one in the user's cache directory, made by the first run
# that finds none for this install and JVM, and made again when the jar is replaced (its inode
# changes: the jar's ctime is newer than the archive); the archives of JVMs not used for 30 days go
# then. Where there is no trusted cache directory (start.sh: HOME unset or relative, a read-only home,
# one another user can write), there is none: never a training run on every start.
jsa=${jvm:+$lib/dirdump-$jvm.jsa}
if [ -n "$jsa" ] && [ ! -f "$jsa" ]; then
    jsa=
    if cache_directory "dirdump$lib"; then
        jsa=$cache/$jvm.jsa
        if [ ! -f "$jsa" ] || [ -n "$(find "$jar" -cnewer "$jsa")" ]; then
            if make_archive "$jsa" "$jar" "$lib"; then
                find "$cache" -name '*.jsa' -atime +30 -exec rm -f {} + 2>/dev/null
            else
                jsa=
            fi
        fi
    fi
fi
run_jar "$jar" "$jsa" "$@"
