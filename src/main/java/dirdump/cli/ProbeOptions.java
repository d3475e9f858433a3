package dirdump.cli;

import dirdump.cache.ProbeMethod;
import picocli.CommandLine.Model.CommandSpec;

/** How page-cache residency is measured, for the commands that report it. */
public final class ProbeOptions {
    final Value<ProbeMethod> method = new Value<>(null);

    /** Adds --method to {@code command}'s model, as the mixin "probeOptions". */
    void addTo(CommandSpec command) {
        CommandSpec probe = CommandSpec.create();
        probe.addOption(method.option(ProbeMethod.class, "--method").paramLabel("METHOD").defaultValue("auto")
                .description("Residency by auto (cachestat, else mmap+mincore), cachestat or mincore (default ${DEFAULT-VALUE}).")
                .build());
        command.addMixin("probeOptions", probe);
    }
}
