package dirdump.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dirdump.bench.BenchResults;
import dirdump.bench.KnownRuns;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.CategoryTextAnnotation;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.statistics.BoxAndWhiskerCategoryDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What bench --plot draws, read from the chart's own model: a row a variant with its median, the
 * middle half and the extremes of its rounds, and beside it the median and the speedup the table
 * gives, so that a reader sees them at a glance (the runs of the issue: three variants between 0.39
 * and 0.47 s).
 */
class BenchPlotTest {
    @TempDir
    Path tmp;

    private static BenchResults issuesRuns() {
        Map<String, double[]> seconds = new LinkedHashMap<>();
        seconds.put("dirdump --nosort", new double[] {0.47, 0.45, 0.46, 0.44});
        seconds.put("dirdump -j4", new double[] {0.41, 0.39, 0.40, 0.42});
        seconds.put("vmtouch -t DIR", new double[] {0.44, 0.43, 0.47, 0.45});
        seconds.put("false", new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN});
        return KnownRuns.of(seconds);
    }

    @Test
    void eachVariantsMedianSpreadAndSpeedupAreDrawn() throws Exception {
        BenchResults r = issuesRuns();
        JFreeChart chart = BenchPlot.chart(r);
        CategoryPlot plot = chart.getCategoryPlot();
        assertEquals(PlotOrientation.HORIZONTAL, plot.getOrientation(), "a row a variant");
        BoxAndWhiskerCategoryDataset drawn = (BoxAndWhiskerCategoryDataset) plot.getDataset();
        assertEquals(List.of("1. dirdump --nosort", "2. dirdump -j4", "3. vmtouch -t DIR", "4. false"), drawn.getColumnKeys());
        // median, middle half (the medians of the faster and the slower half), fastest, slowest
        double[][] expected = {{0.455, 0.445, 0.465, 0.44, 0.47}, {0.405, 0.395, 0.415, 0.39, 0.42},
            {0.445, 0.435, 0.46, 0.43, 0.47}};
        for (int i = 0; i < expected.length; i++) {
            double[] e = expected[i];
            assertEquals(e[0], drawn.getMedianValue(0, i).doubleValue(), 1e-9, "median of " + i);
            assertEquals(e[1], drawn.getQ1Value(0, i).doubleValue(), 1e-9, "first quartile of " + i);
            assertEquals(e[2], drawn.getQ3Value(0, i).doubleValue(), 1e-9, "third quartile of " + i);
            assertEquals(e[3], drawn.getMinRegularValue(0, i).doubleValue(), 1e-9, "fastest of " + i);
            assertEquals(e[4], drawn.getMaxRegularValue(0, i).doubleValue(), 1e-9, "slowest of " + i);
        }
        assertNull(drawn.getMedianValue(0, 3), "no box for a variant whose every run failed");
        assertEquals(0.0, plot.getRangeAxis().getLowerBound(), "lengths from zero");
        // Beside each box, at its slowest run: the median and the speedup, as the table says them.
        List<CategoryTextAnnotation> figures = plot.getAnnotations().stream().map(a -> (CategoryTextAnnotation) a).toList();
        assertEquals(List.of("  0.455 s, the baseline", "  0.405 s, 1.15x", "  0.445 s, 1.01x", "  failed: no run ended well"),
                figures.stream().map(CategoryTextAnnotation::getText).toList());
        assertEquals(List.of(0.47, 0.42, 0.47, 0.0), figures.stream().map(CategoryTextAnnotation::getValue).toList());
        assertEquals(1.148, r.variants().get(1).speedup, 1e-9, "the table's speedup: the median of the rounds' ratios");

        // For a look at it: mvn ... -Ddirdump.plot=FILE.png
        String look = System.getProperty("dirdump.plot");
        Path png = look != null ? Path.of(look) : tmp.resolve("bench.png");
        try (OutputStream out = Files.newOutputStream(png)) {
            BenchPlot.write(r, png.toString(), out);
        }
    }
}
