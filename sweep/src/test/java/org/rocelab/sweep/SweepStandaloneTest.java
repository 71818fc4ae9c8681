package org.rocelab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Spark standalone cluster on 127.0.0.1 — the Master and Worker classes of spark-core, no
 * download — with SPARK_HOME/jars laid out from the test class path (the worker builds its
 * executors' class path from it; rocelab's class folders are packed into jars there): a sweep with
 * {@code --master spark://127.0.0.1:PORT} writes the same Parquet rows, results.csv and point
 * summaries as the same sweep on local[2].
 */
class SweepStandaloneTest {
    @TempDir
    Path dir;

    private final List<Process> cluster = new ArrayList<>();

    @AfterEach
    void stopCluster() throws InterruptedException {
        for (Process p : cluster) {
            p.destroy();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }

    @Test
    void aStandaloneClusterGivesTheSameResultsAsLocalMode() throws Exception {
        Path home = sparkHome();
        int masterPort = freePort();
        cluster.add(start(
                "master",
                home,
                List.of(
                        "org.apache.spark.deploy.master.Master",
                        "--host",
                        "127.0.0.1",
                        "--port",
                        Integer.toString(masterPort),
                        "--webui-port",
                        Integer.toString(freePort()))));
        awaitPort(masterPort);
        cluster.add(start(
                "worker",
                home,
                List.of(
                        "org.apache.spark.deploy.worker.Worker",
                        "spark://127.0.0.1:" + masterPort,
                        "--host",
                        "127.0.0.1",
                        "--cores",
                        "2",
                        "--memory",
                        "2g",
                        "--webui-port",
                        Integer.toString(freePort()),
                        "--work-dir",
                        dir.resolve("work").toString())));

        Path file = SweepFiles.write(dir, "cluster.yaml", """
                duration: 500us
                axes:
                  - {key: switch.ecn.3.kmin, values: [50KB, 400KB]}
                seeds: [1, 3]
                figures: [workloads.roce.goodput_gbps, ecn.marked]
                """);
        Path local = dir.resolve("local");
        Path remote = dir.resolve("cluster");
        assertThat(SweepMain.run("sweep", file.toString(), "--master", "local[2]", "--out", local.toString()))
                .isZero();
        System.setProperty("spark.executor.extraJavaOptions", String.join(" ", ChildJvm.sparkFlags()));
        System.setProperty("spark.executor.memory", "1g");
        try {
            assertThat(SweepMain.run(
                            "sweep",
                            file.toString(),
                            "--master",
                            "spark://127.0.0.1:" + masterPort,
                            "--out",
                            remote.toString()))
                    .isZero();
        } finally {
            System.clearProperty("spark.executor.extraJavaOptions");
            System.clearProperty("spark.executor.memory");
        }
        assertThat(Files.readString(remote.resolve("results.csv")))
                .isEqualTo(Files.readString(local.resolve("results.csv")));
        for (String id : List.of("p0000", "p0001", "p0002", "p0003")) {
            assertThat(Files.readAllBytes(remote.resolve("points").resolve(id).resolve("summary.json")))
                    .isEqualTo(Files.readAllBytes(
                            local.resolve("points").resolve(id).resolve("summary.json")));
        }
        try (SparkSession spark = SweepRunner.session("local[1]")) {
            List<Row> a = spark.read()
                    .parquet(local.resolve("results.parquet").toString())
                    .orderBy("id")
                    .collectAsList();
            List<Row> b = spark.read()
                    .parquet(remote.resolve("results.parquet").toString())
                    .orderBy("id")
                    .collectAsList();
            assertThat(b).hasSize(4).isEqualTo(a);
        }
        // the points really ran on the cluster's executors: the worker's folder holds the application
        try (Stream<Path> s = Files.list(dir.resolve("work"))) {
            assertThat(s.map(p -> p.getFileName().toString()).toList())
                    .anySatisfy(n -> assertThat(n).startsWith("app-"));
        }
    }

    /** SPARK_HOME with jars/: every jar of the test class path, and each class folder packed as a jar. */
    private Path sparkHome() throws IOException {
        Path jars = Files.createDirectories(dir.resolve("spark-home").resolve("jars"));
        int n = 0;
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(e);
            if (Files.isDirectory(p)) {
                pack(p, jars.resolve("classes-" + n++ + ".jar"));
            } else if (e.endsWith(".jar") && Files.isRegularFile(p)) {
                Path link = jars.resolve(p.getFileName());
                if (!Files.exists(link)) {
                    Files.createSymbolicLink(link, p.toAbsolutePath());
                }
            }
        }
        return dir.resolve("spark-home");
    }

    private static void pack(Path folder, Path jar) throws IOException {
        try (OutputStream o = Files.newOutputStream(jar);
                JarOutputStream j = new JarOutputStream(o);
                Stream<Path> files = Files.walk(folder)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                j.putNextEntry(new JarEntry(folder.relativize(f).toString().replace(File.separatorChar, '/')));
                Files.copy(f, j);
                j.closeEntry();
            }
        }
    }

    private Process start(String name, Path home, List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(ChildJvm.java(), "-Xmx512m"));
        cmd.addAll(ChildJvm.sparkFlags());
        cmd.addAll(List.of("-cp", home.resolve("jars").toString() + File.separator + "*"));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile());
        pb.environment().put("SPARK_HOME", home.toString());
        pb.environment().put("SPARK_SCALA_VERSION", "2.13");
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        return pb.start();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static void awaitPort(int port) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (System.nanoTime() < deadline) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException e) {
                Thread.sleep(200);
            }
        }
        throw new AssertionError("the Spark master did not listen on 127.0.0.1:" + port + " within 3 minutes");
    }
}
