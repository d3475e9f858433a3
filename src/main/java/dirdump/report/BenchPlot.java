package dirdump.report;

import dirdump.bench.BenchResults;
import dirdump.bench.TimedRun;
import dirdump.bench.VariantResult;
import dirdump.outcome.Units;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.CategoryTextAnnotation;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.CategoryAnchor;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BoxAndWhiskerRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.statistics.BoxAndWhiskerItem;
import org.jfree.data.statistics.DefaultBoxAndWhiskerCategoryDataset;
import org.jfree.svg.SVGGraphics2D;

/**
 * The runs as a picture for a report (bench --plot): a row a variant, its median seconds with their
 * spread (a box of the middle half of the rounds, whiskers to the fastest and slowest run) on an axis
 * from zero, and beside it the median and the speedup against the first variant, as the table gives
 * them; the machine and the files under the title. SVG or PNG by the file's name, onto a stream:
 * the file is the command's to open.
 */
public final class BenchPlot {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 560;
    /** What jfreesvg's own file writer puts before the picture. */
    private static final String SVG_DOCTYPE = "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
            + "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n";
    /** The bottom line's distance from the image's edges; the share of the width the variants' names may take. */
    private static final int MARGIN = 12;
    private static final double NAMES = 0.4;
    private static final Font SMALL = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    private static final Font FIGURES = new Font(Font.SANS_SERIF, Font.BOLD, 12);
    /** Light enough for the median's line to show on it. */
    private static final Color BOX = new Color(0xa0cbe8);
    /** The one series: the variants are the categories. */
    private static final String SERIES = "seconds";

    private BenchPlot() {
    }

    /** Whether {@code file} names a kind of picture this writes: .svg or .png. */
    public static boolean writes(String file) {
        String name = file.toLowerCase(Locale.ROOT);
        return name.endsWith(".svg") || name.endsWith(".png");
    }

    /**
     * The picture, SVG or PNG as {@code file} (FILE's name, checked by {@link #writes}) says, onto
     * {@code out}, which is flushed, not closed.
     */
    public static void write(BenchResults r, String file, OutputStream out) throws IOException {
        System.setProperty("java.awt.headless", "true");  // no display needed, none looked for
        JFreeChart chart = chart(r);
        if (file.toLowerCase(Locale.ROOT).endsWith(".svg")) {
            SVGGraphics2D g = new SVGGraphics2D(WIDTH, HEIGHT);
            chart.draw(g, new Rectangle2D.Double(0, 0, WIDTH, HEIGHT));
            Writer text = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            text.write(SVG_DOCTYPE + g.getSVGElement() + "\n");
            text.flush();
        } else {
            // As ChartUtils.writeChartAsPNG draws it, but cached in memory: ImageIO's default cache is a
            // temporary file.
            ImageOutputStream png = new MemoryCacheImageOutputStream(out);
            if (!ImageIO.write(chart.createBufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_ARGB, null), "png", png)) {
                throw new IOException("this Java has no PNG writer");
            }
            png.close();  // flushes into out, which stays open
            out.flush();
        }
    }

    static JFreeChart chart(BenchResults r) {
        FontMetrics metrics = metrics();
        DefaultBoxAndWhiskerCategoryDataset spreads = new DefaultBoxAndWhiskerCategoryDataset();
        double longest = 0;
        List<CategoryTextAnnotation> figures = new ArrayList<>();
        for (int i = 0; i < r.variants().size(); i++) {
            VariantResult v = r.variants().get(i);
            // A label may repeat (two identical --vs): category keys must not, so each has its number.
            String key = fit((i + 1) + ". " + v.label + (v.settings != null ? " (" + v.settings.text() + ")" : ""), metrics);
            spreads.add(spread(v), SERIES, key);
            if (!v.failed()) {
                longest = Math.max(longest, v.maxSeconds);
            }
            CategoryTextAnnotation text = new CategoryTextAnnotation(figures(v, i == 0), key, v.failed() ? 0 : v.maxSeconds);
            text.setFont(FIGURES);
            text.setTextAnchor(TextAnchor.CENTER_LEFT);
            text.setCategoryAnchor(CategoryAnchor.MIDDLE);
            figures.add(text);
        }
        NumberAxis seconds = new NumberAxis("seconds, " + r.prep().asked.key() + " cache (shorter is faster)");
        seconds.setRange(0, longest > 0 ? longest * 1.45 : 1);  // from zero, so that lengths compare; room for the figures
        CategoryAxis variants = new CategoryAxis();
        variants.setTickLabelFont(SMALL);
        variants.setMaximumCategoryLabelWidthRatio((float) NAMES);
        variants.setMaximumCategoryLabelLines(3);
        BoxAndWhiskerRenderer boxes = new BoxAndWhiskerRenderer();
        boxes.setSeriesPaint(0, BOX);
        boxes.setMeanVisible(false);
        boxes.setMaxOutlierVisible(false);
        boxes.setMinOutlierVisible(false);
        boxes.setMaximumBarWidth(0.3);
        boxes.setWhiskerWidth(0.6);
        boxes.setDefaultOutlinePaint(Color.BLACK);
        boxes.setUseOutlinePaintForWhiskers(true);
        CategoryPlot plot = new CategoryPlot(spreads, variants, seconds, boxes);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.setRangeAxisLocation(AxisLocation.BOTTOM_OR_RIGHT);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        figures.forEach(plot::addAnnotation);
        JFreeChart chart = new JFreeChart(String.format(Locale.ROOT, "dirdump bench: %s, %s, %s",
                Units.count(r.files(), "file", "files"), Units.bytes(r.bytes()), Units.count(r.rounds(), "round", "rounds")),
                new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, false);
        chart.setBackgroundPaint(Color.WHITE);
        // Room on the right for half the last tick label of the seconds axis, centred on the axis's end
        // when a tick falls on it (which the medians decide): it reached the picture's edge.
        chart.setPadding(new RectangleInsets(0, 0, 0, 3 * MARGIN));
        for (String line : MachineLines.of(r.machine())) {
            chart.addSubtitle(new TextTitle(line, SMALL));
        }
        TextTitle speedup = new TextTitle("Box: the middle half of the rounds, the line in it their median; whiskers: the "
                + "fastest and the slowest run. Speedup: the first variant's seconds over the variant's, the median of the "
                + "rounds' ratios (above 1x: faster).", SMALL);
        speedup.setPosition(RectangleEdge.BOTTOM);
        speedup.setMargin(new RectangleInsets(4, MARGIN, MARGIN, MARGIN));
        chart.addSubtitle(speedup);
        return chart;
    }

    /**
     * What a variant's box shows: its median, the middle half of its runs (from the median of the
     * faster half to that of the slower half) and the fastest and slowest; nothing for a variant none
     * of whose runs ended well.
     */
    static BoxAndWhiskerItem spread(VariantResult v) {
        double[] s = v.runs.stream().filter(TimedRun::endedWell).mapToDouble(TimedRun::seconds).sorted().toArray();
        if (s.length == 0) {
            return new BoxAndWhiskerItem(null, null, null, null, null, null, null, null, List.of());
        }
        int half = Math.max(1, s.length / 2);
        return new BoxAndWhiskerItem(null, v.medianSeconds, median(Arrays.copyOfRange(s, 0, half)),
                median(Arrays.copyOfRange(s, s.length - half, s.length)), v.minSeconds, v.maxSeconds, null, null, List.of());
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The figures beside a variant's box: its median seconds and its speedup, or that it failed. */
    static String figures(VariantResult v, boolean first) {
        if (v.failed()) {
            return "  failed: no run ended well";
        }
        String speedup = first ? "the baseline" : v.speedup == null ? "no speedup (the baseline failed)"
                : String.format(Locale.ROOT, "%.2fx", v.speedup);
        return String.format(Locale.ROOT, "  %s s, %s", BenchTable.seconds(v.medianSeconds), speedup);
    }

    /** {@code label} cut (with "...") to the room the variants' names have: three lines of their share of the width. */
    static String fit(String label, FontMetrics metrics) {
        int room = (int) (3 * NAMES * WIDTH) - 3 * 40;  // each line breaks at a space, wasting up to a word
        if (metrics.stringWidth(label) <= room) {
            return label;
        }
        int n = label.length();
        while (n > 0 && metrics.stringWidth(label.substring(0, n) + "...") > room) {
            n--;
        }
        return label.substring(0, n) + "...";
    }

    /** The legend font's measures, as a PNG or SVG draws it. */
    private static FontMetrics metrics() {
        Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        try {
            return g.getFontMetrics(SMALL);
        } finally {
            g.dispose();
        }
    }
}
