package org.rocelab.rc;

/**
 * The named retransmission profiles: {@code go-back-n} (IBA default, ConnectX), {@code go-back-0}
 * (restart the message: the livelock of Guo et al. SIGCOMM 2016 §4.2) and {@code adaptive}
 * (mlx5 adaptive retransmission: a short first timeout that doubles up to the configured one) and
 * {@code irn} (selective repeat with BDP-FC, {@link IrnPolicy}).
 */
public final class RetransmitProfile {
    /** The adaptive profile's first timeout: 4.096 µs × 2^5 ≈ 131 µs (model assumption). */
    public static final long ADAPTIVE_INITIAL_PS = 4_096_000L << 5;

    public static final RetransmitPolicy GO_BACK_N = new Fixed("go-back-n", false);
    public static final RetransmitPolicy GO_BACK_0 = new Fixed("go-back-0", true);
    public static final RetransmitPolicy ADAPTIVE = new Adaptive();

    private RetransmitProfile() {}

    /**
     * The profile called {@code name}.
     *
     * @throws IllegalArgumentException naming the known profiles
     */
    public static RetransmitPolicy byName(String name) {
        return switch (name) {
            case "go-back-n" -> GO_BACK_N;
            case "go-back-0" -> GO_BACK_0;
            case "adaptive" -> ADAPTIVE;
            case "irn" -> IrnPolicy.DEFAULT;
            default ->
                throw new IllegalArgumentException(
                        "retransmission profile '" + name + "': expected go-back-n, go-back-0, adaptive or irn");
        };
    }

    private record Fixed(String name, boolean restartMessage) implements RetransmitPolicy {
        @Override
        public long timeoutPs(long configuredPs, int consecutiveTimeouts) {
            return configuredPs;
        }

        @Override
        public boolean countsAgainstRetry(long configuredPs, int consecutiveTimeouts) {
            return true;
        }
    }

    private static final class Adaptive implements RetransmitPolicy {
        @Override
        public String name() {
            return "adaptive";
        }

        @Override
        public boolean restartMessage() {
            return false;
        }

        @Override
        public long timeoutPs(long configuredPs, int consecutiveTimeouts) {
            if (configuredPs == 0) {
                return 0;
            }
            int shift = Math.min(consecutiveTimeouts, 40);
            long t = ADAPTIVE_INITIAL_PS << shift;
            return t <= 0 || t > configuredPs ? configuredPs : t;
        }

        @Override
        public boolean countsAgainstRetry(long configuredPs, int consecutiveTimeouts) {
            return timeoutPs(configuredPs, consecutiveTimeouts) >= configuredPs;
        }

        @Override
        public boolean adaptive() {
            return true;
        }
    }
}
