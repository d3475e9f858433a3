package dirdump.order;

import dirdump.scan.FoundDirectories;
import dirdump.scan.FoundFiles;
import dirdump.scan.IndexSort;
import dirdump.scan.WalkResult;
import java.util.Arrays;

/** --order=name: each directory's files in byte order, the directories in a depth-first walk by name. */
final class NameOrder {
    private NameOrder() {
    }

    /** Every listed file, in name order. */
    static int[] of(WalkResult walk) {
        FoundFiles files = walk.files;
        int[] rank = sortedWalkRank(walk.directories);
        int[] sequence = IndexSort.identity(files.size());
        IndexSort.sort(sequence, 0, sequence.length, (a, b) -> {
            int c = Integer.compare(rank[files.dir(a)], rank[files.dir(b)]);
            return c != 0 ? c : files.compareNames(a, b);
        });
        return sequence;
    }

    /** Each directory's position in a depth-first walk that visits subdirectories by name. */
    private static int[] sortedWalkRank(FoundDirectories dirs) {
        int n = dirs.size();
        // Children of each directory, as ranges of one array (compressed adjacency).
        int[] start = new int[n + 1];
        for (int d = 0; d < n; d++) {
            if (dirs.parent(d) >= 0) {
                start[dirs.parent(d) + 1]++;
            }
        }
        for (int d = 0; d < n; d++) {
            start[d + 1] += start[d];
        }
        int[] child = new int[start[n]];
        int[] fill = Arrays.copyOf(start, n);
        for (int d = 0; d < n; d++) {
            if (dirs.parent(d) >= 0) {
                child[fill[dirs.parent(d)]++] = d;
            }
        }
        for (int d = 0; d < n; d++) {
            IndexSort.sort(child, start[d], start[d + 1], (a, b) -> Arrays.compareUnsigned(dirs.name(a), dirs.name(b)));
        }
        int[] rank = new int[n];
        int next = 0;
        int[] stack = new int[n];
        for (int root = 0; root < n; root++) {
            if (dirs.parent(root) >= 0) {
                continue;  // roots keep the order of the PATHs
            }
            int top = 0;
            stack[top++] = root;
            while (top > 0) {
                int d = stack[--top];
                rank[d] = next++;
                for (int i = start[d + 1] - 1; i >= start[d]; i--) {
                    stack[top++] = child[i];
                }
            }
        }
        return rank;
    }
}
