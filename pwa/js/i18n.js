// The phone's words in the phone's language. They are catalogue entries like the server's
// texts (msgctxt "phone": the shell's in tableapp/translations/<lang>/LC_MESSAGES/phone.po,
// a game screen's in its game's catalogue, in its package), served per language at
// /texts/<lang>.json and precached by the service worker. The browser's language picks one;
// the header button switches (and the choice is kept); app.js loads the texts before the
// first screen.

import { getPref, setPref } from "./store.js";

/** The languages the server has texts in. */
export const LANGUAGES = ["en", "fr"];

const loaded = new Map(); // language -> its texts (once fetched)
let texts = {};

/** The texts of ``code`` (English's where it has none: the server fills them in). */
function fetchTexts(code) {
  if (!loaded.has(code)) {
    const request = fetch(`/texts/${code}.json`).then((response) => {
      if (!response.ok) throw new Error(`texts ${code}: HTTP ${response.status}`);
      return response.json();
    }).then((body) => body.texts);
    request.catch(() => loaded.delete(code)); // a failed fetch is tried again next time
    loaded.set(code, request);
  }
  return loaded.get(code);
}

let current = pick();
const listeners = new Set();

function pick() {
  const saved = getPref("lang", null);
  if (LANGUAGES.includes(saved)) return saved;
  const wanted = [...(navigator.languages || []), navigator.language || "en"];
  return wanted.some((l) => String(l).toLowerCase().startsWith("fr")) ? "fr" : "en";
}

/** Loads the current language's texts (app.js waits for them before drawing anything). */
export async function ready() {
  texts = await fetchTexts(current);
}

/** Whether a text exists for ``key``. */
export const has = (key) => Object.hasOwn(texts, key);

/** The text for ``key`` in the current language, ``{name}`` placeholders filled in. */
export function t(key, vars = {}) {
  let text = has(key) ? texts[key] : key;
  if (current === "fr") text = elided(text, vars);
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

/** "Label: value" the language's way (French: a no-break space before the colon); for texts
 * put together in code, where no catalogue string can carry the space. */
export function labelled(label, value = "") {
  const colon = current === "fr" ? "\u00a0: " : ": ";
  return `${label}${colon}${value}`;
}

/** French elision before a name that starts with a vowel: "la place de {name}" with Owen is
 * "la place d’Owen", "que {name}" "qu’Owen" (as the server's texts do, typographic apostrophe). */
export function elided(text, vars) {
  return text.replace(/(^|[\s(«\u00a0])([Dd]|[Qq]u)e \{(\w+)\}/g, (all, before, stem, name) =>
    (/^[aeiouàâäéèêëîïôöûüùœæ]/i.test(String(vars[name] ?? "")) ? `${before}${stem}\u2019{${name}}` : all));
}

export const lang = () => current;

/** Switches to ``next`` once its texts are in (fetched once, or from the worker's cache). */
export async function setLang(next) {
  if (!LANGUAGES.includes(next) || next === current) return;
  const more = await fetchTexts(next);
  current = next;
  texts = more;
  setPref("lang", next);
  document.documentElement.lang = next;
  for (const listener of listeners) listener(next);
}

export function onLangChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
