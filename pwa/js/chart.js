// The end screen's chart: one stacked bar per player, one segment per part of the score
// (rounds, majorities…), drawn as SVG with DOM calls. Segments alternate two greys (never the
// seats' colours) and carry their number, and a legend names each part: no reading depends on
// colour.

import { s } from "./dom.js";

const WIDTH = 360;
const LABEL = 104;
const ROW = 34;
const BAR = 22;

/**
 * ``rows``: [{name, colour, total, parts: {key: points}}]; ``partLabel(key)`` names a part.
 */
export function breakdownChart(rows, partLabel, title) {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row.parts || {})))];
  const longest = Math.max(1, ...rows.map((row) => Object.values(row.parts || {}).reduce((a, v) => a + Math.max(0, v), 0)));
  const scale = (WIDTH - LABEL - 36) / longest;
  const legendRows = Math.ceil(keys.length / 3);
  const height = rows.length * ROW + 12 + legendRows * 24;
  const svg = s("svg", { class: "chart", viewBox: `0 0 ${WIDTH} ${height}`, role: "img", "aria-label": title },
    s("title", {}, title));

  rows.forEach((row, i) => {
    const y = i * ROW + 6;
    svg.append(s("text", { x: 0, y: y + BAR / 2 + 5, class: "chart-name" }, row.name.length > 14 ? `${row.name.slice(0, 13)}…` : row.name));
    let x = LABEL;
    keys.forEach((key, k) => {
      const points = Math.max(0, row.parts?.[key] || 0);
      if (!points) return;
      const w = points * scale;
      svg.append(s("g", { class: `seg seg-${k % 8}` },
        s("title", {}, `${row.name} — ${partLabel(key)}: ${points}`),
        s("rect", { x, y, width: Math.max(1, w - 1), height: BAR, rx: 3 }),
        w >= 16 ? s("text", { x: x + w / 2, y: y + BAR / 2 + 5, class: "seg-value" }, String(points)) : null));
      x += w;
    });
    svg.append(s("text", { x: x + 6, y: y + BAR / 2 + 5, class: "chart-total" }, String(row.total)));
  });

  keys.forEach((key, k) => {
    const x = (k % 3) * (WIDTH / 3);
    const y = rows.length * ROW + 12 + Math.floor(k / 3) * 24;
    svg.append(s("g", { class: `seg seg-${k % 8}` },
      s("rect", { x, y, width: 16, height: 16, rx: 3 }),
      s("text", { x: x + 22, y: y + 13, class: "legend" }, partLabel(key))));
  });
  return svg;
}
