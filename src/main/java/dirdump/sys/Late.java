package dirdump.sys;

import java.util.function.Supplier;

/** A value made on its first use, once, by whichever thread asks first: a binding most runs never need. */
final class Late<T> implements Supplier<T> {
    private final Supplier<T> make;
    private volatile T value;

    Late(Supplier<T> make) {
        this.make = make;
    }

    @Override
    public T get() {
        T made = value;
        if (made == null) {
            synchronized (this) {
                made = value;
                if (made == null) {
                    made = make.get();
                    value = made;
                }
            }
        }
        return made;
    }
}
