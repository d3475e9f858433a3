package dirdump.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dirdump.order.DeviceOrder;
import dirdump.order.LocateAll;
import dirdump.order.LocateOutcome;
import dirdump.order.SeekDistance;
import dirdump.outcome.PathText;
import dirdump.sys.DeviceNumbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The order part of a summary: each device's order and why, and the seek distance when it was computed. */
public final class OrderReport implements SummarySection {
    /** The directories named on a device's line, at most: --files-from makes a root of each directory it names. */
    private static final int NAMED = 3;
    private final List<DeviceOrder> devices;
    private final LocateAll.Result all;

    /** {@code all}: every file located after the order, for the seek figures; null when they were not asked for. */
    public OrderReport(List<DeviceOrder> devices, LocateAll.Result all) {
        this.devices = devices;
        this.all = all;
    }

    /** How device {@code i}'s files were located, by the order or after it; null if they were not. */
    private LocateOutcome located(int i) {
        return all != null ? all.devices().get(i) : devices.get(i).located();
    }

    @Override
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < devices.size(); i++) {
            DeviceOrder d = devices.get(i);
            LocateOutcome located = located(i);
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "device %s (%s, %s): order %s (%s)",
                    DeviceNumbers.text(d.dev()), d.fileSystem(), named(d), d.order().key(), d.reason()));
            if (located != null && located.method() != null) {
                line.append(String.format(Locale.ROOT, "; %,d of %,d files located by %s",
                        located.files(), d.files(), located.method().name()));
                if (located.elsewhere() >= 0) {
                    line.append(String.format(Locale.ROOT, ", %,d of them in more than one place", located.elsewhere()));
                }
            } else if (located != null && located.refusal() != null) {
                line.append("; not located: ").append(located.refusal());
            }
            lines.add(line.toString());
        }
        if (all != null) {
            SeekDistance seek = all.seek();
            lines.add(seek.filesLocated() == 0 ? "seek distance: not known (no file could be located)"
                    : String.format(Locale.ROOT,
                            "seek distance: %,.1f MiB in this order, %,.1f MiB in directory order (%,d of %,d files located)",
                            seek.mib(), seek.directoryOrderMib(), seek.filesLocated(), seek.files()));
        }
        return lines;
    }

    /** The directories that name a device, each PATH on it: up to {@link #NAMED}, then how many more. */
    private static String named(DeviceOrder d) {
        List<String> names = new ArrayList<>();
        d.named().stream().limit(NAMED).forEach(p -> names.add(PathText.of(p)));
        if (d.named().size() > NAMED) {
            names.add(String.format(Locale.ROOT, "%,d more", d.named().size() - NAMED));
        }
        return String.join(", ", names);
    }

    @Override
    public void addTo(JsonObject json) {
        JsonArray array = new JsonArray();
        for (int i = 0; i < devices.size(); i++) {
            DeviceOrder d = devices.get(i);
            LocateOutcome located = located(i);
            JsonObject o = new JsonObject();
            o.addProperty("device", DeviceNumbers.text(d.dev()));
            o.addProperty("file_system", d.fileSystem());
            o.addProperty("path", PathText.of(d.where()));
            o.addProperty("files", d.files());
            o.addProperty("order", d.order().key());
            o.addProperty("reason", d.reason());
            if (located != null && located.method() != null) {
                o.addProperty("located_by", located.method().key());
                o.addProperty("files_located", located.files());
                if (located.elsewhere() >= 0) {
                    o.addProperty("files_elsewhere", located.elsewhere());
                }
            }
            if (located != null && located.refusal() != null) {
                o.addProperty("locate_error", located.refusal());
            }
            array.add(o);
        }
        json.add("devices", array);
        if (all != null) {
            SeekDistance seek = all.seek();
            JsonObject s = new JsonObject();
            if (seek.filesLocated() > 0) {
                s.addProperty("order", seek.mib());
                s.addProperty("directory_order", seek.directoryOrderMib());
            }
            s.addProperty("files_located", seek.filesLocated());
            s.addProperty("files", seek.files());
            json.add("seek_distance_mib", s);
        }
    }
}
