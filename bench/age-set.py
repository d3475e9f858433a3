#!/usr/bin/env python3
"""Ages a flat data set in place, as a long-lived one ages: in one shuffled, interleaved sequence, a
quarter of the files deleted, a quarter appended to (1 to 12 KB), 15 % rewritten (a new size of 100 B to
20 KB) and a third as many new files written, so that inode order and disk order part. Seeded: the same
set gets the same operations and sizes (the bytes written are random). Until testdata-gen has an --age
of its own (issue 30, item 3).

    bench/age-set.py DIR [SEED]
"""
import os
import random
import sys

d = sys.argv[1]
r = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 7)
names = sorted(os.listdir(d))
ops = []
for name in names:
    x = r.random()
    if x < 0.25:
        ops.append(("delete", name))
    elif x < 0.5:
        ops.append(("append", name))
    elif x < 0.65:
        ops.append(("rewrite", name))
ops += [("new", "n%06d" % i) for i in range(len(names) // 3)]
r.shuffle(ops)
for op, name in ops:
    path = os.path.join(d, name)
    if op == "delete":
        os.unlink(path)
    elif op == "append":
        with open(path, "ab") as f:
            f.write(os.urandom(r.randint(1000, 12000)))
    else:
        with open(path, "wb") as f:
            f.write(os.urandom(int(100 * 200 ** r.random())))
print(len(os.listdir(d)), "files after aging", file=sys.stderr)
