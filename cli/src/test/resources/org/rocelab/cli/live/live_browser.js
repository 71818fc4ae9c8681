// Drives the live view of `rocelab run --live` in Chromium (playwright-core): sees the progress and a
// chart update at least twice, submits a changed --set key, waits for the second run's figures beside
// the first, and saves a screenshot. Prints one JSON line with what it saw; exits 1 on a failed wait.
// Usage: node live_browser.js URL CHROMIUM SCREENSHOT.png SET_LINE   (PLAYWRIGHT_CORE: the module's path)
const { chromium } = require(process.env.PLAYWRIGHT_CORE);
const [url, executablePath, shot, setLine] = process.argv.slice(2);
const WAIT = { timeout: 240000, polling: 100 };

function view(n) {
  const box = document.getElementById("run-" + n);
  if (!box) return null;
  const chart = echarts.getInstanceByDom(box.querySelector(".chart"));
  const series = chart.getOption().series;
  return {
    updates: Number(box.dataset.updates || 0),
    done: box.dataset.done === "true",
    status: box.querySelector(".status").textContent,
    bar: box.querySelector(".bar div").style.width,
    points: series.length ? series[0].data.length : 0,
  };
}

(async () => {
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage({ viewport: { width: 1500, height: 1100 } });
    await page.goto(url);
    await page.waitForFunction(() => {
      const b = document.getElementById("run-1");
      return b && Number(b.dataset.updates || 0) >= 1;
    }, null, WAIT);
    const seen = [await page.evaluate(view, 1)];
    for (let i = 0; i < 2; i++) {
      const before = seen[seen.length - 1];
      await page.waitForFunction(
        (b) => { const box = document.getElementById("run-1"); return Number(box.dataset.updates) > b.updates
          && box.querySelector(".status").textContent !== b.status; }, before, WAIT);
      seen.push(await page.evaluate(view, 1));
    }
    await page.fill("#set", setLine);
    await page.click("#rerun-button");
    await page.waitForSelector("#run-2", WAIT);
    await page.waitForFunction(() => {
      const a = document.getElementById("run-1"), b = document.getElementById("run-2");
      return a && b && a.dataset.done === "true" && b.dataset.done === "true";
    }, null, WAIT);
    await page.waitForTimeout(500);
    const compare = await page.evaluate(() => Array.from(document.querySelectorAll("#compare tbody tr")).map(
      tr => Array.from(tr.cells).map(c => c.textContent)));
    const heads = await page.evaluate(() => Array.from(document.querySelectorAll("#compare thead th")).map(c => c.textContent));
    const second = await page.evaluate(() => document.querySelector("#run-2 .sets").textContent);
    await page.screenshot({ path: shot, fullPage: true });
    console.log(JSON.stringify({ seen, run1: await page.evaluate(view, 1), run2: await page.evaluate(view, 2),
      compare, heads, second }));
  } finally {
    await browser.close();
  }
})().catch(e => { console.error(String(e && e.message || e).split("\n")[0]); process.exit(1); });
