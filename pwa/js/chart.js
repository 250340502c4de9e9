// The end screen's chart: one stacked bar per player, one segment per part of the score
// (rounds, majorities…), drawn as SVG with DOM calls. Each part has its own colour (sixteen,
// each far from every seat colour and from the others: a part is not a player), each segment
// carries its number and a legend names each part: no reading depends on colour alone.

import { s } from "./dom.js";
import { labelled } from "./i18n.js";

const WIDTH = 360;
const LABEL = 104;
const ROW = 34;
const BAR = 22;
/** Parts with a colour of their own (app.css .seg-0 … .seg-15); more reuse them. */
export const SERIES = 16;
// The legend flows left to right and wraps: an item is its swatch, its label and a gap. A
// label's width is estimated generously (12 px type averages under 7 px a character).
const CHAR = 7.2;
const SWATCH = 22;
const GAP = 14;
const LINE = 24;

/** Where each legend item goes: [{x, y, text}], none overlapping, all within WIDTH. */
function legendLayout(labels, top) {
  const most = Math.floor((WIDTH - SWATCH) / CHAR);
  let x = 0;
  let y = top;
  return labels.map((label) => {
    const text = label.length > most ? `${label.slice(0, most - 1)}…` : label;
    const width = SWATCH + text.length * CHAR;
    if (x > 0 && x + width > WIDTH) {
      x = 0;
      y += LINE;
    }
    const item = { x, y, text };
    x += width + GAP;
    return item;
  });
}

/**
 * ``rows``: [{name, colour, total, parts: {key: points}}]; ``partLabel(key)`` names a part.
 */
export function breakdownChart(rows, partLabel, title) {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row.parts || {})))];
  const longest = Math.max(1, ...rows.map((row) => Object.values(row.parts || {}).reduce((a, v) => a + Math.max(0, v), 0)));
  const scale = (WIDTH - LABEL - 36) / longest;
  const legend = legendLayout(keys.map((key) => String(partLabel(key))), rows.length * ROW + 12);
  const height = (legend.length ? legend[legend.length - 1].y + LINE : rows.length * ROW + 12);
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
      svg.append(s("g", { class: `seg seg-${k % SERIES}`, data: { part: key } },
        s("title", {}, `${row.name} — ${labelled(partLabel(key), points)}`),
        s("rect", { x, y, width: Math.max(1, w - 1), height: BAR, rx: 3 }),
        w >= 16 ? s("text", { x: x + w / 2, y: y + BAR / 2 + 5, class: "seg-value" }, String(points)) : null));
      x += w;
    });
    svg.append(s("text", { x: x + 6, y: y + BAR / 2 + 5, class: "chart-total" }, String(row.total)));
  });

  keys.forEach((key, k) => {
    const { x, y, text } = legend[k];
    svg.append(s("g", { class: `seg seg-${k % SERIES} legend-item`, data: { part: key } },
      s("title", {}, String(partLabel(key))),
      s("rect", { x, y, width: 16, height: 16, rx: 3 }),
      s("text", { x: x + 22, y: y + 13, class: "legend" }, text)));
  });
  return svg;
}
