package org.rocelab.sweep;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/** Command lines for JVMs a test starts: this JVM's java, class path and Spark's Java 17 flags. */
final class ChildJvm {
    private ChildJvm() {}

    static String java() {
        return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The --add-opens and -D flags this JVM was started with (surefire's argLine). */
    static List<String> sparkFlags() {
        List<String> out = new ArrayList<>();
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-opens")
                    || a.startsWith("-Djdk.reflect")
                    || a.startsWith("-Dio.netty")
                    || a.equals("-XX:+IgnoreUnrecognizedVMOptions")) {
                out.add(a);
            }
        }
        return out;
    }

    static List<String> command(String mainClass, List<String> args) {
        List<String> cmd = new ArrayList<>(List.of(java(), "-Xmx1g"));
        cmd.addAll(sparkFlags());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        cmd.addAll(args);
        return cmd;
    }

    static Path log(Path dir, String name) {
        return dir.resolve(name + ".log");
    }
}
