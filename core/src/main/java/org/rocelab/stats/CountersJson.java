package org.rocelab.stats;

import java.math.BigDecimal;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * counters.json: the {@link CounterTable} as nested objects, node → port → priority → counter →
 * value, every level in {@link NaturalOrder}. See {@link CounterTable} for the keys.
 */
public final class CountersJson {
    private CountersJson() {}

    public static ObjectNode of(CounterTable table) {
        ObjectNode root = Json.object();
        for (Map.Entry<String, Map<String, Map<String, Map<String, Number>>>> node :
                table.view().entrySet()) {
            ObjectNode n = root.putObject(node.getKey());
            for (Map.Entry<String, Map<String, Map<String, Number>>> port :
                    node.getValue().entrySet()) {
                ObjectNode p = n.putObject(port.getKey());
                for (Map.Entry<String, Map<String, Number>> prio :
                        port.getValue().entrySet()) {
                    ObjectNode q = p.putObject(prio.getKey());
                    for (Map.Entry<String, Number> c : prio.getValue().entrySet()) {
                        Number v = c.getValue();
                        if (v instanceof Double) {
                            BigDecimal d = Decimal.round6(v.doubleValue());
                            q.put(c.getKey(), d);
                        } else {
                            q.put(c.getKey(), v.longValue());
                        }
                    }
                }
            }
        }
        return root;
    }
}
