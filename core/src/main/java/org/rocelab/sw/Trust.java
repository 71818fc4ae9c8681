package org.rocelab.sw;

/**
 * Which header field a switch port trusts to classify a frame into a traffic class (SONiC
 * {@code PORT_QOS_MAP|<port>: dscp_to_tc_map} vs {@code dot1p_to_tc_map}, roce-facts.md §3.3).
 * A port that trusts PCP puts untagged frames, and a port that trusts DSCP puts non-IP frames
 * without a tag, into the port's default traffic class.
 */
public enum Trust {
    DSCP,
    PCP
}
