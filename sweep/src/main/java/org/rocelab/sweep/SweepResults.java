package org.rocelab.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.rocelab.stats.Csv;
import org.rocelab.stats.Decimal;

/**
 * A sweep's results table, one row per point in id order: {@code id}, {@code status},
 * {@code error}, {@code seed}, one column per axis (the level as written) and one per figure
 * (empty / null where the run had none). Written as {@code results.csv} (figures rounded to six
 * decimals, as every rocelab output) and as a Spark DataFrame to {@code results.parquet}.
 * Parquet column names are the axis keys and figure paths with the characters Parquet refuses
 * (space, {@code ,;{}()=} and control characters) replaced by {@code _}. Deterministic: wall
 * times stay in each point's {@code point.json}.
 */
public final class SweepResults {
    static final String CSV = "results.csv";
    static final String PARQUET = "results.parquet";

    private SweepResults() {}

    static List<String> columns(SweepSpec spec) {
        List<String> cols = new ArrayList<>(List.of("id", "status", "error", "seed"));
        spec.axes().forEach(a -> cols.add(a.key()));
        cols.addAll(spec.figures());
        return cols;
    }

    static void writeCsv(Path out, SweepSpec spec, List<SweepPoint> points, List<PointResult> results)
            throws IOException {
        StringBuilder sb = new StringBuilder();
        sb.append(String.join(",", columns(spec).stream().map(Csv::field).toList()))
                .append('\n');
        for (int i = 0; i < points.size(); i++) {
            SweepPoint p = points.get(i);
            PointResult r = results.get(i);
            List<String> row = new ArrayList<>(List.of(
                    p.id(),
                    r.status(),
                    Csv.field(r.error()),
                    p.seed() == null ? "" : p.seed().toString()));
            for (int a = 0; a < spec.axes().size(); a++) {
                row.add(Csv.field(p.value(spec, a)));
            }
            for (int f = 0; f < spec.figures().size(); f++) {
                row.add(r.ok() ? Decimal.text(r.figures().get(f)) : "");
            }
            sb.append(String.join(",", row)).append('\n');
        }
        Files.writeString(out.resolve(CSV), sb.toString(), StandardCharsets.UTF_8);
    }

    static Dataset<Row> frame(SparkSession spark, SweepSpec spec, List<SweepPoint> points, List<PointResult> results) {
        List<StructField> fields = new ArrayList<>();
        fields.add(DataTypes.createStructField("id", DataTypes.StringType, false));
        fields.add(DataTypes.createStructField("status", DataTypes.StringType, false));
        fields.add(DataTypes.createStructField("error", DataTypes.StringType, false));
        fields.add(DataTypes.createStructField("seed", DataTypes.LongType, true));
        spec.axes()
                .forEach(a ->
                        fields.add(DataTypes.createStructField(parquetName(a.key()), DataTypes.StringType, false)));
        spec.figures()
                .forEach(f -> fields.add(DataTypes.createStructField(parquetName(f), DataTypes.DoubleType, true)));
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            SweepPoint p = points.get(i);
            PointResult r = results.get(i);
            List<Object> v = new ArrayList<>(List.of(p.id(), r.status(), r.error()));
            v.add(p.seed());
            for (int a = 0; a < spec.axes().size(); a++) {
                v.add(p.value(spec, a));
            }
            for (int f = 0; f < spec.figures().size(); f++) {
                double x = r.ok() ? r.figures().get(f) : Double.NaN;
                v.add(Double.isNaN(x) ? null : x);
            }
            rows.add(RowFactory.create(v.toArray()));
        }
        return spark.createDataFrame(rows, DataTypes.createStructType(fields));
    }

    static void writeParquet(Dataset<Row> frame, Path out) {
        frame.coalesce(1)
                .write()
                .mode(SaveMode.Overwrite)
                .parquet(out.resolve(PARQUET).toString());
    }

    static String parquetName(String key) {
        return key.replaceAll("[ ,;{}()\\n\\t=]", "_");
    }

    static StructType schema(Dataset<Row> frame) {
        return frame.schema();
    }
}
