package dirdump.testdata;

import java.io.IOException;

/** OUT must not be written to (exit 2); the message says why. Nothing has been written. */
final class Refused extends IOException {
    Refused(String message) {
        super(message);
    }
}
