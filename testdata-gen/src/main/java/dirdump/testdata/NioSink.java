package dirdump.testdata;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Files written through java.nio: no native code, so a plain run works wherever Java does. */
final class NioSink implements FileSink {
    private final FileChannel[] channels;

    NioSink(int slots) {
        channels = new FileChannel[slots];
    }

    @Override
    public void create(int slot, Path path) throws IOException {
        channels[slot] = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }

    @Override
    public void append(int slot, ByteBuffer data, long offset) throws IOException {
        while (data.hasRemaining()) {
            channels[slot].write(data);
        }
    }

    @Override
    public void close(int slot) throws IOException {
        FileChannel channel = channels[slot];
        channels[slot] = null;
        channel.close();
    }

    @Override
    public void close() {
        for (int slot = 0; slot < channels.length; slot++) {
            if (channels[slot] != null) {
                try {
                    close(slot);
                } catch (IOException ignored) {
                    // already failing: the first error is the one to report
                }
            }
        }
    }
}
