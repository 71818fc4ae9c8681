package org.rocelab.scenario;

/**
 * What a port classifies on: the IP DSCP (frames untagged) or the 802.1Q PCP (frames tagged),
 * as {@code mlnx_qos --trust} on a NIC and SONiC's port QoS map on a switch.
 */
public enum Trust {
    DSCP,
    PCP
}
