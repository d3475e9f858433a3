package dirdump.testdata;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** The words for a failed file operation, as strerror(3) would say them: java.nio often gives only the path. */
final class Failure {
    private Failure() {
    }

    static IOException at(Object path, IOException e) {
        return new IOException(path + ": " + reason(e), e);
    }

    static String reason(IOException e) {
        if (!(e instanceof FileSystemException)) {
            return e.getMessage();
        }
        String reason = ((FileSystemException) e).getReason();
        if (reason != null) {
            return reason;
        }
        return e instanceof FileAlreadyExistsException ? "File exists"
                : e instanceof NoSuchFileException ? "No such file or directory"
                : e instanceof AccessDeniedException ? "Permission denied"
                : e instanceof NotDirectoryException ? "Not a directory"
                : e.getClass().getSimpleName();
    }
}
