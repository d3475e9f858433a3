package dirdump.scan;

/**
 * A table whose rows are kept as parallel primitive arrays, one array a column, so that a row costs no
 * object of its own: the walk's directories and files. The columns grow together, by half again when
 * they are full.
 */
abstract class ParallelArrays {
    private int size;
    private int capacity;

    /** {@code capacity}: the length every column starts with. */
    ParallelArrays(int capacity) {
        this.capacity = capacity;
    }

    /** The index of a new row, every column grown first if it is full; the caller fills the row. */
    final int newRow() {
        if (size == capacity) {
            grow();
        }
        return size++;
    }

    private void grow() {
        capacity = size + (size >> 1);
        resize(capacity);
    }

    /** Copies every column to {@code length}. */
    abstract void resize(int length);

    public final int size() {
        return size;
    }
}
