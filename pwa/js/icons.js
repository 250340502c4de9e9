// The app's symbols as inline SVG, drawn with DOM calls: a font's symbol (a play triangle, a
// heart, a tick) shows as an empty box on a phone whose fonts lack it, a path never does. ``icon(name)`` is decorative
// (the words beside it say the same); ``icon(name, label)`` carries meaning and says it to a
// screen reader. Icons take the text's colour and size (1em).

import { s } from "./dom.js";

/** name -> [SVG path data in a 24×24 box, "fill" | "stroke"]. */
const PATHS = {
  play: ["M7 4.5v15l12-7.5z", "fill"],
  pause: ["M6 4h4v16H6zM14 4h4v16h-4z", "fill"],
  out: ["M6 6l12 12M18 6L6 18", "stroke"],
  turn: ["M3 4l18 8l-18 8l4-8z", "fill"],
  dealer: ["M12 2.5a9.5 9.5 0 1 0 0 19a9.5 9.5 0 1 0 0-19zM9 7.5v9h2.6a4.5 4.5 0 0 0 0-9z", "stroke"],
  box: ["M4.5 4.5h15v15h-15z", "stroke"],
  down: ["M5 4h7a6 6 0 0 1 0 12H9M12 12.5L8.5 16l3.5 3.5", "stroke"],
  heart: ["M12 21s-8.5-5.2-8.5-11.2A4.8 4.8 0 0 1 12 7a4.8 4.8 0 0 1 8.5 2.8C20.5 15.8 12 21 12 21z", "fill"],
  wound: ["M12 20s-7.5-4.8-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.2C19.5 15.2 12 20 12 20z", "stroke"],
  bolt: ["M13.5 2L4.5 13.5h6.5L9.5 22l10-12.5h-6.5z", "fill"],
  flask: ["M9 3h6M10 3v6l-5.5 9.5A2 2 0 0 0 6.2 21h11.6a2 2 0 0 0 1.7-2.5L14 9V3M7.5 15h9", "stroke"],
  check: ["M4.5 12.5l5 5l10-11", "stroke"],
  cross: ["M6 6l12 12M18 6L6 18", "stroke"],
  star: ["M12 2.5l2.9 6.3l6.9.7l-5.2 4.6l1.5 6.8L12 17.4l-6.1 3.5l1.5-6.8l-5.2-4.6l6.9-.7z", "fill"],
  undo: ["M9 5L4 10l5 5M4 10h10a6 6 0 0 1 0 12h-3", "stroke"],
  hand: ["M8 12V5.5a1.5 1.5 0 0 1 3 0V11M11 10V4a1.5 1.5 0 0 1 3 0v7M14 10.5V5.5a1.5 1.5 0 0 1 3 0V13M8 12.5a1.5 1.5 0 0 0-3 0V15a7 7 0 0 0 14 0v-3", "stroke"],
  dot: ["M12 6a6 6 0 1 0 0 12a6 6 0 1 0 0-12z", "fill"],
  ring: ["M12 6.5a5.5 5.5 0 1 0 0 11a5.5 5.5 0 1 0 0-11z", "stroke"],
  waiting: ["M12 6.5a5.5 5.5 0 1 0 0 11a5.5 5.5 0 1 0 0-11z", "dashed"],
};

/** Every icon's name (tests draw them all). */
export const ICONS = Object.keys(PATHS);

/** An icon; with ``label`` it is an image with that name, else hidden from screen readers. */
export function icon(name, label = null) {
  const [d, how] = PATHS[name];
  const paint = how === "fill"
    ? { fill: "currentColor", stroke: "none" }
    : { fill: "none", stroke: "currentColor", "stroke-width": 2.4, "stroke-linecap": "round", "stroke-linejoin": "round",
      "stroke-dasharray": how === "dashed" ? "3 3" : null };
  const meaning = label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" };
  return s("svg", { class: `icon icon-${name}`, viewBox: "0 0 24 24", width: "1em", height: "1em", focusable: "false", ...meaning },
    label ? s("title", {}, label) : null, s("path", { d, ...paint }));
}

/** ``n`` icons of one kind in a row (health pips), hidden: the number is said in words. */
export const repeat = (name, n) => Array.from({ length: Math.max(0, n) }, () => icon(name));
