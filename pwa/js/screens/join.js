// /join/CODE: claim a re-issued seat (#claim=TOKEN), return to this phone's seat, or pick a
// name and a colour in the lobby. The claim token is read from the fragment, which never
// reaches the server, kept in storage, and removed from the address bar at once. Joining
// sends this phone's own random contribution to the seed (kept to check it at the end). A
// phone whose seat the host moved to a new phone is told so.

import { api, Offline, Problem, randomHex } from "../api.js";
import { h, replace } from "../dom.js";
import { rendererFor } from "../games/index.js";
import { t } from "../i18n.js";
import { forgetSeat, saveSeat, tokensFor } from "../store.js";
import { TableSession } from "../session.js";
import { SHAPES, presenceMark, seatLabel, shape } from "../seats.js";
import { panel, reportError, showConnection, showOffline, toast } from "../ui.js";
import { mountPlayer } from "./player.js";

const COLOURS = Object.keys(SHAPES);

function claimFromFragment(code) {
  const match = /^#claim=([A-Za-z0-9_\-.~%]+)$/.exec(location.hash);
  if (!match) return;
  saveSeat(code, decodeURIComponent(match[1]), null);
  history.replaceState(history.state, "", location.pathname + location.search);
}

/** The colours offered, and how the game names each: a game with colours in its box sends
 * ``{seat colour: box colour}`` (Eat Zem All: vermilion is the Red Horde), and the lobby says
 * the box's word, as the game will; a plain list is named with the seat colours' words. */
export function colourChoices(view, renderer) {
  const wanted = view.game_view?.colours;
  const box = wanted && !Array.isArray(wanted) ? wanted : {};
  const offered = Array.isArray(wanted) ? wanted : wanted ? Object.keys(wanted) : COLOURS;
  return offered.map((colour) => [colour, (box[colour] && renderer.colourName?.(box[colour])) || t(colour)]);
}

function joinForm(view, code, onJoined, renderer) {
  const taken = new Set(view.seats.map((seat) => seat.colour));
  // A game with colours in its box offers those: your colour is your Horde's.
  const choices = colourChoices(view, renderer);
  const offered = choices.map(([colour]) => colour);
  const first = offered.find((c) => !taken.has(c));
  const name = h("input", { id: "name", name: "name", required: true, maxlength: 40, autocomplete: "nickname",
    "aria-describedby": "name-hint" });
  const colours = h("div", { class: "colours", role: "radiogroup", "aria-labelledby": "colour-label" },
    choices.map(([colour, word]) => h("label", { class: ["colour", taken.has(colour) && "taken"] },
      h("input", { type: "radio", name: "colour", value: colour, disabled: taken.has(colour), checked: colour === first }),
      shape(colour, 28), h("span", {}, word), taken.has(colour) ? h("span", { class: "tag" }, t("join.taken")) : null)));
  const submit = h("button", { type: "submit", class: "primary" }, t("join.submit"));
  const form = h("form", { class: "stack", id: "join" },
    h("label", { class: "field", for: "name" }, h("span", {}, t("join.name")), name),
    h("p", { class: "hint", id: "name-hint" }, t("join.name.hint")),
    h("p", { class: "field-label", id: "colour-label" }, t("join.colour")), colours, submit);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = form.elements.colour.value || null;
    if (!name.value.trim()) return name.focus();
    submit.disabled = true;
    try {
      const contribution = randomHex(32); // 32 bytes from crypto.getRandomValues
      const joined = await api.join(code, name.value.trim(), chosen, contribution);
      saveSeat(code, joined.token, joined.seat.id, view.game, contribution);
      onJoined();
    } catch (error) {
      // A name the server refuses: say why in the phone's language, next to the field.
      if (error instanceof Problem && error.errors?.name) {
        toast(t("join.name.refused"), "error");
        name.setAttribute("aria-invalid", "true");
        name.focus();
      } else reportError(error);
      submit.disabled = false;
    }
  });
  return form;
}

/** The lobby before taking a seat: the form and who is there, kept live. */
async function mountLobby(root, code, onJoined) {
  const session = await new TableSession(code, null).open();
  const renderer = await rendererFor(session.view.game);
  const draw = () => {
    const view = session.view;
    root.dataset.screen = "join";
    root.dataset.seq = String(view.seq);
    const heading = h("h1", {}, t("join.title", { code }));
    if (view.status !== "lobby") {
      return replace(root, heading, panel(null, h("p", {}, t(view.status === "finished" ? "join.finished" : "join.started")),
        h("a", { class: "button secondary", href: `/table/${code}` }, t("table.host"))));
    }
    const keep = root.querySelector("#name")?.value;
    const colour = root.querySelector("input[name=colour]:checked")?.value;
    replace(root, heading, panel(null, joinForm(view, code, onJoined, renderer)),
      panel(t("lobby.players"), view.seats.length ? h("ul", { class: "seats" }, view.seats.map((seat) =>
        h("li", {}, seatLabel(view, seat.id), presenceMark(seat.connected)))) : h("p", { class: "muted" }, t("table.nobody"))));
    if (keep) root.querySelector("#name").value = keep;
    const again = colour && root.querySelector(`input[name=colour][value=${colour}]:not(:disabled)`);
    if (again) again.checked = true;
  };
  session.on((kind, detail) => {
    if (kind === "view") draw();
    else if (kind === "connection") showConnection(detail);
  });
  draw();
  return { relabel: draw, unmount: () => session.close() };
}

export async function mount(root, { code }) {
  claimFromFragment(code);
  let current = null;
  const show = async () => {
    current?.unmount();
    const token = tokensFor(code).seat;
    try {
      current = token
        ? await mountPlayer(root, { code, token, onRevoked: revoked })
        : await mountLobby(root, code, show);
    } catch (error) {
      if (error instanceof Problem && error.status === 401 && token) return revoked();
      if (error instanceof Offline) showOffline(true);
      else if (error instanceof Problem && error.status === 404) toast(t("gone", { code }), "error");
      else reportError(error);
      replace(root, panel(null, h("p", {}, error instanceof Problem ? error.message : t("error.offline"))));
      current = null;
    }
  };
  /** This phone's token stopped working: say why (the log tells whether the host moved the
   * seat to a new phone), forget the token, and leave the way to the table screen open. */
  const revoked = async (seat = null, reason = null) => {
    const lostSeat = seat ?? tokensFor(code).seatId ?? null;
    forgetSeat(code);
    current?.unmount();
    showConnection(null); // nothing is being retried: the words below say why
    current = { relabel: () => {}, unmount: () => {} };
    let moved = reason?.code === "seat_moved";
    if (!moved && lostSeat !== null) {
      try {
        const { entries } = await api.log(code, null);
        moved = entries.some((e) => e.type === "reissue" && (e.events || []).some((ev) => ev.seat === lostSeat));
      } catch {
        /* offline or gone: the general words below */
      }
    }
    const key = moved ? "revoked.moved" : "revoked";
    const draw = () => {
      root.dataset.screen = "revoked";
      root.dataset.revoked = moved ? "moved" : "unknown";
      replace(root, h("h1", {}, t("table.title", { code })),
        panel(null, h("p", { class: "revoked", role: "alert" }, t(key)),
          h("p", { class: "hint" }, t("revoked.help")),
          h("a", { class: "button secondary", href: `/table/${code}` }, t("table.host")),
          " ", h("a", { class: "button secondary", href: "/" }, t("end.home"))));
    };
    draw();
    current.relabel = draw;
    toast(t(key), "error");
  };
  const retry = () => current === null && show();
  addEventListener("online", retry);
  await show();
  return {
    relabel: () => current?.relabel(),
    unmount: () => {
      removeEventListener("online", retry);
      current?.unmount();
    },
  };
}
