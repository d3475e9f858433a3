#!/usr/bin/env python3
"""The fixed cost of a dirdump run: interleaved rounds of installed trees' dirdump (and java -version).

  bench/startup.py warm|cold ROUNDS PREFIX... [-- DIRDUMP_ARGS...]

Each PREFIX is an installed tree (bin/install --prefix PREFIX); each runs PREFIX/bin/dirdump -q
/tmp/empty (or DIRDUMP_ARGS) once a round, after java -version, so that a slow spell of this shared
machine hits every command alike. warm: 2 runs of each first; cold: sync and drop_caches (root) before
every run. Prints the medians of wall time, user and system CPU (wait4) and, cold, the MiB the process
read from disk (ru_inblock). JAVA_HOME picks the JVM, as for dirdump.
"""
import os
import statistics
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 4 or sys.argv[1] not in ('warm', 'cold'):
        sys.exit(__doc__.strip())
    mode, rounds, prefixes = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    args = ['-q', '/tmp/empty']
    if '--' in prefixes:
        i = prefixes.index('--')
        prefixes, args = prefixes[:i], prefixes[i + 1:]
    os.makedirs('/tmp/empty', exist_ok=True)
    java = os.path.join(os.environ['JAVA_HOME'], 'bin', 'java') if os.environ.get('JAVA_HOME') else 'java'
    commands = [('java -version', [java, '-version'])] + [(p, [os.path.join(p, 'bin', 'dirdump')] + args) for p in prefixes]

    def run(command):
        if mode == 'cold':
            os.sync()
            with open('/proc/sys/vm/drop_caches', 'w') as drop:
                drop.write('3\n')
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(child.pid, 0)
        return time.perf_counter() - start, usage.ru_utime, usage.ru_stime, usage.ru_inblock * 512 / 1048576

    if mode == 'warm':
        for _, command in commands:
            run(command)
            run(command)
    runs = {name: [] for name, _ in commands}
    for _ in range(rounds):
        for name, command in commands:
            runs[name].append(run(command))
    for name, _ in commands:
        median = [statistics.median(r[i] for r in runs[name]) for i in range(4)]
        line = (f"{name:28s} wall {median[0] * 1000:6.1f} ms  user {median[1] * 1000:5.1f} ms"
                f"  sys {median[2] * 1000:5.1f} ms")
        print(line + (f"  read {median[3]:5.1f} MiB" if mode == 'cold' else ''))
    print('load average', ' '.join(open('/proc/loadavg').read().split()[:3]))


main()
