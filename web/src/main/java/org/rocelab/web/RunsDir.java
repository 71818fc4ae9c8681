package org.rocelab.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A folder of past runs ({@code out/} by default): each subfolder with a summary.json is a run, its
 * id the folder's name. Ids are checked against a strict pattern and resolved inside the folder, so
 * a request can name no file outside it ({@code ../}, absolute paths, links out are refused).
 */
public final class RunsDir {
    /** What a run id may look like: a folder name, no separators, not starting with a dot. */
    static final Pattern ID = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.+-]{0,127}");

    private final Path root;

    public RunsDir(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path root() {
        return root;
    }

    /** The runs, by id. The root itself counts as a run named {@code .}-less when it holds summary.json. */
    public List<String> ids() throws IOException {
        List<String> ids = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return ids;
        }
        try (Stream<Path> s = Files.list(root)) {
            s.filter(p -> Files.isRegularFile(p.resolve("summary.json")))
                    .map(p -> p.getFileName().toString())
                    .filter(id -> ID.matcher(id).matches())
                    .sorted()
                    .forEach(ids::add);
        }
        return ids;
    }

    /** The folder of run {@code id}, or empty when the id is malformed or names no run here. */
    public Optional<Path> run(String id) throws IOException {
        if (id == null || !ID.matcher(id).matches()) {
            return Optional.empty();
        }
        Path p = root.resolve(id).normalize();
        if (!p.getParent().equals(root) || !Files.isRegularFile(p.resolve("summary.json"))) {
            return Optional.empty();
        }
        if (!p.toRealPath().startsWith(root.toRealPath())) {
            return Optional.empty();
        }
        return Optional.of(p);
    }
}
