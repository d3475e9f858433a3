package dirdump.report;

import dirdump.bench.BenchResults;
import dirdump.bench.TimedRun;
import dirdump.bench.VariantResult;
import dirdump.outcome.Units;
import java.awt.BasicStroke;
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
import java.util.Locale;
import javax.imageio.ImageIO;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.block.ColumnArrangement;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.HorizontalAlignment;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.VerticalAlignment;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * The runs as a picture for a report (bench --plot): the seconds of each variant's runs, round by
 * round, a line a variant, so that the spread and any drift over the rounds show as well as the
 * medians; the machine and the files under the title. SVG or PNG by the file's name, onto a stream:
 * the file is the command's to open.
 */
public final class BenchPlot {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 560;
    /** What jfreesvg's own file writer puts before the picture. */
    private static final String SVG_DOCTYPE = "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
            + "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n";
    /** The legend's distance from the image's edges, and the room its line and marker take before a label. */
    private static final int MARGIN = 12;
    private static final int MARKER = 40;
    private static final Font SMALL = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    /** Colours told apart on paper and on screen (Tableau 10); JFreeChart's own include a pale yellow. */
    private static final Color[] COLOURS = {new Color(0x4e79a7), new Color(0xf28e2b), new Color(0xe15759),
        new Color(0x76b7b2), new Color(0x59a14f), new Color(0xedc948), new Color(0xb07aa1), new Color(0xff9da7),
        new Color(0x9c755f), new Color(0xbab0ac)};

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
        XYSeriesCollection series = new XYSeriesCollection();
        FontMetrics metrics = metrics();
        for (VariantResult v : r.variants()) {
            // A label may repeat (two identical --vs): series keys must not.
            XYSeries s = new XYSeries(fit(v.label + (v.settings != null ? " (" + v.settings.text() + ")" : ""), metrics),
                    false, true);
            for (TimedRun run : v.runs) {
                if (run.endedWell()) {
                    s.add(run.round(), run.seconds());
                }
            }
            series.addSeries(s);
        }
        NumberAxis rounds = new NumberAxis("round");
        rounds.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        rounds.setRange(0.8, r.rounds() + 0.2);
        NumberAxis seconds = new NumberAxis("seconds (" + r.prep().asked.key() + " cache; lower is faster)");
        seconds.setAutoRangeIncludesZero(true);
        XYLineAndShapeRenderer lines = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < series.getSeriesCount(); i++) {
            lines.setSeriesStroke(i, new BasicStroke(2f));
            lines.setSeriesPaint(i, COLOURS[i % COLOURS.length]);
        }
        XYPlot plot = new XYPlot(series, rounds, seconds, lines);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        JFreeChart chart = new JFreeChart(String.format(Locale.ROOT, "dirdump bench: %s, %s",
                Units.count(r.files(), "file", "files"), Units.bytes(r.bytes())),
                new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, false);
        chart.setBackgroundPaint(Color.WHITE);
        for (String line : MachineLines.of(r.machine())) {
            chart.addSubtitle(new TextTitle(line, SMALL));
        }
        chart.addLegend(legend(plot));
        return chart;
    }

    /**
     * One entry a line, from the left, below the plot: JFreeChart's default flows the entries in rows
     * centred on the image, and a row wider than the image (long --vs commands) ran off both its sides.
     */
    private static LegendTitle legend(XYPlot plot) {
        ColumnArrangement oneALine = new ColumnArrangement(HorizontalAlignment.LEFT, VerticalAlignment.TOP, 0, 2);
        LegendTitle legend = new LegendTitle(plot, oneALine, oneALine);
        legend.setItemFont(SMALL);
        legend.setPosition(RectangleEdge.BOTTOM);
        legend.setHorizontalAlignment(HorizontalAlignment.LEFT);
        legend.setMargin(new RectangleInsets(4, MARGIN, MARGIN, MARGIN));
        legend.setBackgroundPaint(Color.WHITE);
        return legend;
    }

    /** {@code label} cut (with "...") to the width an entry of the legend has for it. */
    static String fit(String label, FontMetrics metrics) {
        int room = WIDTH - 2 * MARGIN - MARKER;
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
