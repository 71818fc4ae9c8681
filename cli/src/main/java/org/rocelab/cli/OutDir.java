package org.rocelab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.rocelab.sim.IoReason;
import org.rocelab.stats.OutputFolder;

/**
 * The {@code --out} folder of {@code run}: staged before the simulation starts, so a folder that
 * cannot be written is one line of bad input (exit 2) before any work, not a stack trace after it.
 */
final class OutDir {
    private OutDir() {}

    /** Stages {@code target}; a folder that cannot be created or written is a {@link UserError}. */
    static OutputFolder stage(Path target) {
        if (Files.exists(target) && !Files.isDirectory(target)) {
            throw new UserError("--out " + target + ": exists and is not a folder");
        }
        try {
            return OutputFolder.stage(target);
        } catch (IOException e) {
            throw new UserError("--out " + target + ": cannot create the output folder there: " + where(target, e));
        }
    }

    /** A write that failed after staging (a full disk, a folder removed under the run). */
    static UserError failed(Path target, IOException e) {
        return new UserError("--out " + target + ": cannot write the outputs: " + IoReason.of(e));
    }

    /** The reason, naming the nearest existing parent folder when that is where it failed. */
    private static String where(Path target, IOException e) {
        Path p = target.toAbsolutePath().normalize().getParent();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        String reason = IoReason.of(e);
        if (p != null && (!Files.isWritable(p) || reason.equals("no such file or folder"))) {
            return p + " is not writable (" + reason + ")";
        }
        return reason;
    }
}
