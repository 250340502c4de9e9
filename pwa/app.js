// tableapp's phone app: reads the path, mounts one screen, registers the service worker.
// Paths: /  (home), /join/CODE (lobby, then the player screen), /table/CODE (table screen).

import { Offline, Problem } from "./js/api.js";
import { $, h, replace } from "./js/dom.js";
import { lang, onLangChange, ready, setLang, t } from "./js/i18n.js";
import { panel, relabel, showConnection, showOffline } from "./js/ui.js";

const SCREENS = {
  home: () => import("./js/screens/home.js"),
  join: () => import("./js/screens/join.js"),
  table: () => import("./js/screens/table.js"),
};

let current = null;
let generation = 0;

function route() {
  const match = /^\/(join|table)\/([A-Za-z0-9]{3,12})\/?$/.exec(location.pathname);
  return match ? [match[1], match[2].toUpperCase()] : ["home", null];
}

/** Go to an app path without reloading the page. */
export function navigate(path, { replace = false } = {}) {
  history[replace ? "replaceState" : "pushState"](null, "", path);
  render();
}

async function render() {
  const mine = ++generation;
  current?.unmount?.();
  current = null;
  showConnection(null);
  const [name, code] = route();
  const root = $("app");
  const module = await SCREENS[name]();
  if (mine !== generation) return;
  root.dataset.screen = name;
  try {
    current = await module.mount(root, { code, navigate });
  } catch (error) {
    // The table could not be reached: say why; coming back online tries again.
    if (error instanceof Offline) showOffline(true);
    root.dataset.screen = "error";
    const text = error instanceof Problem && error.status === 404 ? t("gone", { code })
      : error instanceof Problem ? error.message : t("error.offline");
    replace(root, panel(null, h("p", {}, text), h("a", { class: "button secondary", href: "/" }, t("end.home"))));
    current = { retry: true };
  }
  if (mine !== generation) current?.unmount?.();
  root.dataset.ready = "1";
  if (!performance.getEntriesByName("tableapp:interactive").length) performance.mark("tableapp:interactive");
}

function labelLanguageButton() {
  const button = $("lang");
  button.textContent = t("lang.other");
  button.setAttribute("aria-label", `${t("lang.other")}: ${t("lang.other.name")}`);
  button.lang = lang() === "fr" ? "en" : "fr";
}

// Same-origin links to app paths change the screen in place.
document.addEventListener("click", (event) => {
  const link = event.target.closest?.("a[href]");
  if (!link || link.target || link.hasAttribute("download") || event.ctrlKey || event.metaKey) return;
  const url = new URL(link.href);
  if (url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  event.preventDefault();
  if (url.pathname !== location.pathname || url.hash) navigate(url.pathname + url.hash);
});

addEventListener("popstate", render);
addEventListener("online", () => {
  showOffline(false);
  if (current?.retry) render();
});
$("lang").addEventListener("click", () => setLang(lang() === "fr" ? "en" : "fr"));
onLangChange(() => {
  labelLanguageButton();
  relabel();
  render(); // the server speaks the new language from the next request on: fetch it again
});

// The texts come first: every screen is drawn in the phone's language from its first frame.
try {
  await ready();
} catch (error) {
  console.warn("tableapp: no texts", error); // the screens show their texts' ids
}
document.documentElement.lang = lang();
labelLanguageButton();
if (!navigator.onLine) showOffline(true);
render();

// The service worker caches the shell so the app opens without a network (secure contexts).
if ("serviceWorker" in navigator) {
  // A new version took over: reload into it (every screen restores itself from the server).
  const updating = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => updating && location.reload());
  navigator.serviceWorker.register("/sw.js").then(
    () => { document.body.dataset.sw = "registered"; },
    () => { document.body.dataset.sw = "failed"; },
  );
} else {
  document.body.dataset.sw = "unsupported";
}
