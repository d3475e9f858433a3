package dirdump.sys;

import com.kenai.jffi.internal.StubLoader;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Binds libc once per process, on a thread of its own: started early, the binding (jffi, jnr-ffi's
 * stubs: docs/performance.md, "Start-up") overlaps picocli's parsing of the command line on another core.
 */
final class LibcBinding {
    private static FutureTask<LibcOs> binding;

    private LibcBinding() {
    }

    static synchronized FutureTask<LibcOs> start() {
        if (binding == null) {
            binding = new FutureTask<>(LibcOs::create);
            Thread thread = new Thread(binding, "bind-libc");
            thread.setDaemon(true);
            thread.start();
        }
        return binding;
    }

    /**
     * One line on why binding failed. Where jffi's native stub did not load (it is unpacked into
     * jffi.extract.dir, which may not exist or be mounted noexec), jnr-ffi's error says only "could not
     * load FFI provider": the words are jffi's own failure, its first line and the root cause's last
     * words ("could not load jffi library from /tmp/x: failed to map segment from shared object").
     */
    static String reason(Throwable e) {
        Throwable stub = StubLoader.getFailureCause();
        if (stub == null) {
            return e.getClass().getSimpleName() + ": " + firstLine(e.getMessage());
        }
        Throwable root = stub;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String why = firstLine(stub.getMessage());
        if (root == stub) {
            return why;
        }
        String rootWhy = firstLine(root.getMessage());
        return why + ": " + rootWhy.substring(rootWhy.lastIndexOf(": ") + 1).trim();  // its path is said already
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no reason given";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    /** The bound libc; throws what binding threw (a LinkageError or a RuntimeException). */
    static LibcOs get() {
        FutureTask<LibcOs> task = start();
        while (true) {
            try {
                return task.get();
            } catch (InterruptedException e) {
                // binding is short and cannot be abandoned half way: wait on
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof LinkageError) {
                    throw (LinkageError) cause;
                }
                throw cause instanceof RuntimeException ? (RuntimeException) cause : new IllegalStateException(cause);
            }
        }
    }
}
