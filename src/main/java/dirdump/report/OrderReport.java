package dirdump.report;

import dirdump.order.SeekDistance;
import dirdump.order.DeviceOrder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dirdump.outcome.PathText;
import dirdump.sys.DeviceNumbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The order part of a summary: each device's order and why, and the seek distance when it was computed. */
public final class OrderReport implements SummarySection {
    private final List<DeviceOrder> devices;
    private final SeekDistance seek;

    /** {@code seek}: null when the seek figures were not asked for. */
    public OrderReport(List<DeviceOrder> devices, SeekDistance seek) {
        this.devices = devices;
        this.seek = seek;
    }

    @Override
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        for (DeviceOrder d : devices) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "device %s (%s, %s): order %s (%s)",
                    DeviceNumbers.text(d.dev()), d.fileSystem(), PathText.of(d.where()), d.order().key(), d.reason()));
            if (d.locatedBy() != null) {
                line.append(String.format(Locale.ROOT, "; %,d of %,d files located by %s",
                        d.filesLocated(), d.files(), d.locatedBy().name()));
            } else if (d.locateError() != null) {
                line.append("; not located: ").append(d.locateError());
            }
            lines.add(line.toString());
        }
        if (seek != null) {
            lines.add(seek.filesLocated() == 0 ? "seek distance: not known (no file could be located)"
                    : String.format(Locale.ROOT,
                            "seek distance: %,.1f MiB in this order, %,.1f MiB in directory order (%,d of %,d files located)",
                            seek.mib(), seek.directoryOrderMib(), seek.filesLocated(), seek.files()));
        }
        return lines;
    }

    @Override
    public void addTo(JsonObject json) {
        JsonArray array = new JsonArray();
        for (DeviceOrder d : devices) {
            JsonObject o = new JsonObject();
            o.addProperty("device", DeviceNumbers.text(d.dev()));
            o.addProperty("file_system", d.fileSystem());
            o.addProperty("path", PathText.of(d.where()));
            o.addProperty("files", d.files());
            o.addProperty("order", d.order().key());
            o.addProperty("reason", d.reason());
            if (d.locatedBy() != null) {
                o.addProperty("located_by", d.locatedBy().key());
                o.addProperty("files_located", d.filesLocated());
            }
            if (d.locateError() != null) {
                o.addProperty("locate_error", d.locateError());
            }
            array.add(o);
        }
        json.add("devices", array);
        if (seek != null) {
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
