# Parses a scrape with prometheus_client's strict parser (OpenMetrics 1.0 when the text ends with
# "# EOF", else the Prometheus text format) and prints one sample a line: name{k="v",...} value,
# labels sorted. A malformed scrape raises, and the exit code is not 0.
import sys
from prometheus_client.openmetrics.parser import text_string_to_metric_families as openmetrics
from prometheus_client.parser import text_string_to_metric_families as prometheus

text = sys.stdin.read()
parse = openmetrics if text.rstrip().endswith("# EOF") else prometheus
for family in parse(text):
    for s in family.samples:
        labels = ",".join('%s="%s"' % (k, s.labels[k]) for k in sorted(s.labels))
        print("%s{%s} %r" % (s.name, labels, float(s.value)))
