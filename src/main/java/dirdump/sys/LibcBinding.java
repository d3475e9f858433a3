package dirdump.sys;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Binds libc once per process, on a thread of its own: started early, the binding (about 0.1 s: jffi,
 * jnr-ffi's stubs) overlaps picocli's parsing of the command line on the other core.
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
