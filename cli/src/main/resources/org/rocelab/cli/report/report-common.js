// Browser-side helpers shared by rocelab's pages (report.html of a run, the compare page):
// elements with text (never markup), number formats, a chart that marks its container rendered
// when ECharts finished drawing, and the time chart with its note. Inlined by HtmlPage.
var rocelab = (function () {
  'use strict';
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) { Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); }); }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function fmt(v) {
    if (v === null || v === undefined) { return '–'; }
    if (typeof v !== 'number') { return String(v); }
    return Math.abs(v) >= 1000 ? v.toLocaleString('en-US', { maximumFractionDigits: 3 }) : String(+v.toFixed(6));
  }
  function nsText(ns) {
    if (ns >= 1e6) { return fmt(ns / 1e6) + ' ms'; }
    if (ns >= 1e3) { return fmt(ns / 1e3) + ' µs'; }
    return fmt(ns) + ' ns';
  }
  var rendered = 0;
  function chart(id, option) {
    var node = document.getElementById(id);
    var c = echarts.init(node, null, { renderer: 'canvas' });
    c.on('finished', function () {
      if (node.getAttribute('data-rendered') !== '1') {
        node.setAttribute('data-rendered', '1');
        rendered++;
        document.body.setAttribute('data-charts-rendered', String(rendered));
      }
    });
    option.animation = false;
    c.setOption(option);
    window.addEventListener('resize', function () { c.resize(); });
    return c;
  }
  function empty(text) {
    return { title: { text: text, left: 'center', top: 'middle', textStyle: { color: '#8a94a6', fontSize: 14, fontWeight: 'normal' } },
             xAxis: { show: false }, yAxis: { show: false }, series: [] };
  }
  function timeChart(id, noteId, block, title, step) {
    var note = document.getElementById(noteId);
    if (block.omitted) {
      note.textContent = block.omitted;
      var box = document.getElementById(id);
      box.style.display = 'none';
      box.setAttribute('data-omitted', '1');
      return;
    }
    var named = block.series.filter(function (sr) { return sr.picked === 'named'; }).length;
    var lost = block.series.filter(function (sr) { return sr.picked === 'lost most'; }).length;
    var why = [];
    if (named) { why.push(named + ' named in outputs.report'); }
    if (lost) { why.push(lost + ' of the flows that lost most against their ideal'); }
    note.textContent = block.series.length
      ? 'Showing ' + block.series.length + ' of ' + block.available + ' ' + block.metric + ' series (' + block.unit + ')' +
        (why.length ? ': ' + why.join(', ') + ', then the busiest.' : ', the busiest.')
      : (block.available ? 'No activity in ' + block.available + ' ' + block.metric + ' series.' : 'No ' + block.metric + ' samples in timeseries.csv.');
    if (!block.series.length) { chart(id, empty('no ' + block.metric + ' samples')); return; }
    chart(id, {
      tooltip: { trigger: 'axis' },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 70, right: 30, top: 40, bottom: 50 },
      xAxis: { type: 'value', name: 'time (µs)', nameLocation: 'middle', nameGap: 28 },
      yAxis: { type: 'value', name: title, max: step ? 1 : null },
      series: block.series.map(function (sr) {
        return { name: sr.name, type: 'line', showSymbol: false, step: step ? 'end' : false, data: sr.data, sampling: 'lttb' };
      })
    });
  }
  return { el: el, fmt: fmt, nsText: nsText, chart: chart, empty: empty, timeChart: timeChart };
})();
