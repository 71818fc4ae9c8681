package org.rocelab.rc;

/** Memory-region access rights, as libibverbs' {@code enum ibv_access_flags} (IBA vol. 1 §10.6.3). */
public final class AccessFlags {
    public static final int LOCAL_WRITE = 1;
    public static final int REMOTE_WRITE = 1 << 1;
    public static final int REMOTE_READ = 1 << 2;
    public static final int REMOTE_ATOMIC = 1 << 3;
    /** Everything, as perftest registers its buffers. */
    public static final int ALL = LOCAL_WRITE | REMOTE_WRITE | REMOTE_READ | REMOTE_ATOMIC;

    private AccessFlags() {}
}
