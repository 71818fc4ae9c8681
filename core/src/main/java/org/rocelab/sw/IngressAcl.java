package org.rocelab.sw;

import org.rocelab.packet.DropReason;
import org.rocelab.packet.Packet;

/**
 * Stage 2 of a {@link Switch}'s ingress pipeline: the ingress ACL (SONiC {@code ACL_TABLE} of type
 * L3 bound to the ports, {@link AclTable}) over IPv4 frames; a frame a rule denies is discarded.
 * The table can be replaced during a run. Drops owned: {@code acl}.
 */
final class IngressAcl {
    private final SwitchDrops drops;
    private final L3Router next;
    private AclTable table;
    /** Whether the table has rules: an empty one permits without a look (SONiC binds no table). */
    private boolean hasRules;

    IngressAcl(AclTable table, SwitchDrops drops, L3Router next) {
        this.table = table;
        this.hasRules = table.size() > 0;
        this.drops = drops;
        this.next = next;
    }

    AclTable table() {
        return table;
    }

    void table(AclTable t) {
        this.table = t;
        this.hasRules = t.size() > 0;
    }

    void accept(Packet p, SwitchPort ip, boolean isIp, int vid, int cls) {
        if (isIp && hasRules && !table.permit(p)) {
            drops.atIngress(ip, p, DropReason.ACL);
            return;
        }
        next.accept(p, ip, isIp, vid, cls);
    }
}
