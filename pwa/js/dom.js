// Tiny DOM helpers. Every string child becomes a text node: player names and server texts are
// never parsed as HTML anywhere in the app: no HTML-string sink is used (a test checks).

const SVG_NS = "http://www.w3.org/2000/svg";

/** Set props on an element: class, text, data, on* listeners, properties or attributes. */
function apply(el, props) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else if (key === "text") el.textContent = String(value);
    else if (key === "data") for (const [k, v] of Object.entries(value)) el.dataset[k] = String(v);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2).toLowerCase(), value);
    else if (key in el && !(el instanceof SVGElement) && !key.includes("-") && key !== "list" && key !== "form") el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: h("button", {class: "primary", onClick}, "Draw"). */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  apply(el, props);
  return append(el, children);
}

/** An SVG element, same calling convention. */
export function s(tag, props, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  apply(el, props);
  return append(el, children);
}

/** Replace every child of ``el``. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** The element with this id (the shell's fixed parts). */
export const $ = (id) => document.getElementById(id);
