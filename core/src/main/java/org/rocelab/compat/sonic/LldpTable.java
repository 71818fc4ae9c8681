package org.rocelab.compat.sonic;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * One switch's LLDP neighbours, as SONiC shows them, in either of two forms:
 *
 * <ul>
 *   <li>the output of {@code show lldp table} (sonic-utilities scripts/lldpshow: a tabulate
 *       "simple" table of LocalPort, RemoteDevice, RemotePortID, Capability, RemotePortDescr under
 *       a dashed rule, closed by a rule and {@code Total entries displayed: N});
 *   <li>a JSON dump of APPL_DB's {@code LLDP_ENTRY_TABLE} (written by sonic-dbsyncd's lldp_syncd):
 *       keys {@code LLDP_ENTRY_TABLE:<port>} with the fields {@code lldp_rem_sys_name},
 *       {@code lldp_rem_port_id}, {@code lldp_rem_port_desc}, … directly, or wrapped as
 *       sonic-db-dump writes a hash ({@code {"type": "hash", "value": {…}}}).
 * </ul>
 *
 * @param file how messages name the file
 * @param neighbours local port → what LLDP sees there, in file order
 */
record LldpTable(String file, Map<String, Neighbour> neighbours) {
    /**
     * The neighbour on one local port.
     *
     * @param where how messages name the entry ({@code leaf0.lldp.txt:5}, {@code leaf1.json: LLDP_ENTRY_TABLE:Ethernet0})
     * @param sysName the remote system name (lldp_rem_sys_name, RemoteDevice)
     * @param portId the remote port id (lldp_rem_port_id, RemotePortID): a SONiC neighbour sends
     *     its port's alias (lldpmgrd {@code portidsubtype local <alias>}), a host its interface
     * @param capability the enabled capabilities as lldpshow prints them ({@code BR}); empty when unknown
     */
    record Neighbour(String where, String sysName, String portId, String capability) {}

    private static final List<String> COLUMNS =
            List.of("LocalPort", "RemoteDevice", "RemotePortID", "Capability", "RemotePortDescr");
    private static final String KEY_PREFIX = "LLDP_ENTRY_TABLE:";

    /** Reads {@code path}; {@code shown} is how messages name it. */
    static LldpTable read(Path path, String shown) {
        String text = SonicJson.read(path, shown, "LLDP file");
        return parse(text, shown);
    }

    static LldpTable parse(String text, String shown) {
        String t = text.strip();
        if (t.startsWith("{")) {
            return json(t, shown);
        }
        return table(text, shown);
    }

    private static LldpTable json(String text, String shown) {
        JsonNode root = SonicJson.tree(text, shown, "an APPL_DB LLDP_ENTRY_TABLE dump (JSON)");
        Map<String, Neighbour> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : root.properties()) {
            if (!e.getKey().startsWith(KEY_PREFIX)) {
                continue;
            }
            String port = e.getKey().substring(KEY_PREFIX.length());
            String where = shown + ": " + e.getKey();
            JsonNode f = e.getValue();
            if (f.isObject()
                    && "hash".equals(f.path("type").asString(null))
                    && f.path("value").isObject()) {
                f = f.get("value");
            }
            if (!f.isObject()) {
                throw new SonicFormatException(where + ": expected an object of lldp_rem_* fields");
            }
            String name = text(f, "lldp_rem_sys_name");
            if (name == null || name.isBlank()) {
                throw new SonicFormatException(where + ": lldp_rem_sys_name: expected the neighbour's system name"
                        + " (its hostname), got " + (name == null ? "none" : "''"));
            }
            String portId = text(f, "lldp_rem_port_id");
            out.put(port, new Neighbour(where, name.strip(), portId == null ? "" : portId.strip(), ""));
        }
        if (out.isEmpty()) {
            throw new SonicFormatException(shown + ": expected LLDP_ENTRY_TABLE:<port> entries (an APPL_DB dump of"
                    + " LLDP_ENTRY_TABLE), found none");
        }
        return new LldpTable(shown, out);
    }

    private static String text(JsonNode f, String field) {
        JsonNode v = f.get(field);
        return v == null || v.isNull() ? null : v.isString() ? v.stringValue() : v.toString();
    }

    /** {@code show lldp table}: columns are where the dashed rule under the header puts them. */
    private static LldpTable table(String text, String shown) {
        List<String> lines = text.lines().toList();
        int header = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().startsWith("LocalPort")) {
                header = i;
                break;
            }
        }
        List<String> names =
                header < 0 ? List.of() : List.of(lines.get(header).strip().split("\\s+"));
        if (!names.equals(COLUMNS)
                || header + 1 >= lines.size()
                || !lines.get(header + 1).strip().startsWith("-")) {
            throw new SonicFormatException(shown + (header < 0 ? "" : ":" + (header + 1))
                    + ": expected the output of 'show lldp table' (a header LocalPort RemoteDevice RemotePortID"
                    + " Capability RemotePortDescr over a dashed rule) or an APPL_DB LLDP_ENTRY_TABLE dump (JSON)");
        }
        String rule = lines.get(header + 1);
        List<int[]> spans = new ArrayList<>();
        for (int i = 0; i < rule.length(); ) {
            if (rule.charAt(i) != '-') {
                i++;
                continue;
            }
            int start = i;
            while (i < rule.length() && rule.charAt(i) == '-') {
                i++;
            }
            spans.add(new int[] {start, i});
        }
        if (spans.size() != COLUMNS.size()) {
            throw new SonicFormatException(shown + ":" + (header + 2) + ": expected a dashed rule of " + COLUMNS.size()
                    + " columns under the header, found " + spans.size());
        }
        Map<String, Neighbour> out = new LinkedHashMap<>();
        Integer total = null;
        int i = header + 2;
        for (; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            if (line.strip().matches("-+")) {
                break;
            }
            String where = shown + ":" + (i + 1);
            String[] f = new String[COLUMNS.size()];
            for (int c = 0; c < f.length; c++) {
                int from = Math.min(spans.get(c)[0], line.length());
                int to = c + 1 < f.length ? Math.min(spans.get(c + 1)[0], line.length()) : line.length();
                f[c] = line.substring(from, Math.max(from, to)).strip();
            }
            if (f[0].isEmpty() || f[0].contains(" ")) {
                throw new SonicFormatException(
                        where + ": LocalPort: expected a port name in the LocalPort column," + " got '" + f[0] + "'");
            }
            if (f[1].isEmpty()) {
                throw new SonicFormatException(where + ": RemoteDevice: expected the neighbour's system name on " + f[0]
                        + " (its hostname), got none");
            }
            if (out.containsKey(f[0])) {
                throw new SonicFormatException(where + ": LocalPort " + f[0] + " is listed twice (expected one"
                        + " neighbour per port; a port with two LLDP neighbours is not a point-to-point cable)");
            }
            out.put(f[0], new Neighbour(where, f[1], f[2], f[3]));
        }
        for (i++; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith("Total entries displayed:")) {
                String n = line.substring("Total entries displayed:".length()).strip();
                if (!n.matches("\\d{1,6}")) {
                    throw new SonicFormatException(
                            shown + ":" + (i + 1) + ": expected 'Total entries displayed: N'," + " got '" + line + "'");
                }
                total = Integer.parseInt(n);
            }
        }
        if (total != null && total != out.size()) {
            throw new SonicFormatException(shown + ": Total entries displayed: " + total + " but the table has "
                    + out.size() + " rows (expected the whole output of 'show lldp table')");
        }
        if (out.isEmpty()) {
            throw new SonicFormatException(shown + ": expected at least one LLDP neighbour row under the header");
        }
        return new LldpTable(shown, out);
    }
}
