package org.rocelab.sim;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Why a file could not be read or written, in the words {@code ls} and {@code touch} use ("no such
 * file", "permission denied", "read-only file system"), for the one-line messages of bad input;
 * never the exception's class name.
 */
public final class IoReason {
    private IoReason() {}

    /** The reason of {@code e} in plain words, without the path. */
    public static String of(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NotDirectoryException) {
            return "not a folder";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "already exists";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "folder not empty";
        }
        if (e instanceof CharacterCodingException) {
            return "not UTF-8 text";
        }
        String m = e instanceof FileSystemException fs ? fs.getReason() : e.getMessage();
        if (m == null || m.isBlank()) {
            return "input/output error";
        }
        m = m.strip().split("\\R", 2)[0];
        return Character.toLowerCase(m.charAt(0)) + m.substring(1);
    }
}
