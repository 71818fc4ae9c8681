package org.rocelab.topo;

/** A node of the fabric graph: an RDMA host or a switch. */
public enum NodeKind {
    HOST,
    SWITCH
}
