// The table screen: a display for the room, on a laptop or a TV (or the host's phone). In the
// lobby the big QR code and code, who has joined and Start; while playing, whose turn it is
// and what they must do in large type, the last ruling with its rule id and reason, what to do
// on the board, the game's public state; a small code in the corner for a lost phone, the
// seats and who is connected, the log; the host's controls (undo, a new QR for a lost phone).
// Seed commitment, then the seed.

import { renderActions } from "../actions.js";
import { api, Problem } from "../api.js";
import { h, replace } from "../dom.js";
import { keepAwake } from "../device.js";
import { rendererFor } from "../games/index.js";
import { t } from "../i18n.js";
import { logHead, NOT_GAME, renderLog } from "../log.js";
import { announce, boardSteps, rulingOfTheMoment, tableVoice } from "../moments.js";
import { TableSession } from "../session.js";
import { nameOf, presenceMark, seatLabel } from "../seats.js";
import { forgetHost, rememberGame, tokensFor } from "../store.js";
import { confirmDialog, panel, reportError, showConnection, toast } from "../ui.js";
import { endSpeech, playAgain, renderEnd, summaryOf } from "./end.js";
import { icon } from "../icons.js";

function joinPanel(view, joinUrl) {
  return h("section", { class: ["panel", "join-qr", view.status === "lobby" && "big"] },
    h("h2", {}, t("table.scan")),
    h("img", { class: "qr", src: api.qrUrl(view.code), alt: t("table.scan"), width: 320, height: 320, data: { url: joinUrl } }),
    h("p", { class: "code", "aria-label": t("table.title", { code: view.code }) }, view.code),
    h("p", { class: "hint" }, t("table.or"), " ", h("span", { class: "url", id: "join-url" }, joinUrl)));
}

/** After the start: a small code in a corner, for a phone that has to join again. */
function cornerCode(view, joinUrl) {
  return h("section", { class: "panel join-qr corner" },
    h("img", { class: "qr", src: api.qrUrl(view.code), alt: t("table.scan"), width: 120, height: 120, data: { url: joinUrl } }),
    h("div", {}, h("p", { class: "code small", "aria-label": t("table.title", { code: view.code }) }, view.code),
      h("p", { class: "hint" }, t("table.lostphone")), h("span", { class: "url", id: "join-url", hidden: true }, joinUrl)));
}

/** Whose turn it is and what they must do, in type the whole room reads. */
function heroLine(view) {
  if (view.status === "finished") return h("p", { class: "hero-who" }, t("end.title"));
  const who = (view.prompt?.waiting_for || []).filter((id) => id !== 0);
  const names = who.length ? who.map((id) => seatLabel(view, id)) : [t("host")];
  return h("p", { class: "hero-who" }, ...names.flatMap((n, i) => (i ? [", ", n] : [n])));
}

/** The latest ruling, its rule id and its reason, large: the one the table argues about. */
function rulingPanel(ruling) {
  if (!ruling) return null;
  return h("section", { class: "panel ruling-now", "aria-live": "polite", data: { seq: ruling.seq } },
    h("h2", {}, t("table.ruling")),
    h("p", { class: "ruling-text" }, h("span", { class: "rule big" }, ruling.rule), " ", ruling.text ?? ""),
    ruling.reason ? h("p", { class: "reason" }, ruling.reason) : null);
}

function seedPanel(view) {
  return panel(t("table.commitment"),
    h("p", { class: "hash", id: "commitment" }, view.seed_commitment),
    h("p", { class: "hint" }, t("table.commitment.help")),
    logHead(view.log_head, t("table.log_head")),
    h("p", { class: "hint" }, t("table.log_head.help")),
    view.seed ? [
      h("h3", {}, t("table.seed")), h("p", { class: "hash", id: "seed" }, view.seed),
      h("p", {}, h("a", { class: "button secondary", href: api.exportUrl(view.code), download: `tableapp-${view.code}.json` }, t("table.export"))),
      h("p", { class: "hint" }, h("code", {}, t("table.verify"))),
    ] : null);
}

/** Open the table, saying the stream's state from the start: it may be live before open()
 * (and the renderer's import) returns, and a listener attached later would miss it. */
function follow(code, token) {
  const session = new TableSession(code, token);
  session.on((kind, detail) => {
    if (kind !== "connection") return;
    showConnection(detail);
    if (detail === "revoked") toast(t("revoked"), "error");
  });
  return session.open();
}

export async function mount(root, { code }) {
  let stored = tokensFor(code);
  let session;
  try {
    session = await follow(code, stored.host || null);
  } catch (error) {
    if (!(error instanceof Problem && error.status === 401 && stored.host)) throw error;
    forgetHost(code); // a host token this table does not know: carry on as a spectator
    stored = tokensFor(code);
    session = await follow(code, null);
  }
  const host = Boolean(stored.host);
  const renderer = await rendererFor(session.view.game);
  const joinUrl = () => session.view.join_url || stored.joinUrl || `${location.origin}/join/${code}`;
  const logBox = h("div", { class: "log-box", tabindex: 0, role: "region", "aria-label": t("table.log") });

  const currentRuling = rulingOfTheMoment(session);
  const voice = tableVoice(session, endSpeech);
  const speechToggle = () => voice.toggle(draw);
  const claimBox = h("div", { class: "claim-box" });
  let claim = null; // {name, url} of a re-issued seat on show

  const reissue = async (seat) => {
    if (!(await confirmDialog(t("table.reissue.confirm", { name: seat.name })))) return;
    try {
      const answer = await api.reissue(code, stored.host, seat.id);
      claim = { name: seat.name, url: `${joinUrl()}#claim=${encodeURIComponent(answer.token)}` };
      drawClaim();
    } catch (error) {
      reportError(error);
    }
  };

  async function drawClaim() {
    if (!claim) return replace(claimBox);
    const { qrSvg } = await import("../qr.js");
    const label = t("table.claim", { name: claim.name });
    replace(claimBox, h("section", { class: "panel claim", id: "claim" }, h("h2", {}, label), await qrSvg(claim.url, label),
      h("button", { type: "button", class: "primary", onClick: () => { claim = null; drawClaim(); } }, t("table.claim.done"))));
  }

  const seatsPanel = (view) => panel(t("table.players"), view.seats.length
    ? h("ul", { class: "seats" }, view.seats.map((seat) => h("li", {}, seatLabel(view, seat.id), presenceMark(seat.connected),
      host && view.status !== "finished" ? h("button", { type: "button", class: "secondary small", data: { reissue: seat.id },
        onClick: () => reissue(seat) }, t("table.reissue", { name: seat.name })) : null)))
    : h("p", { class: "muted" }, t("table.nobody")));

  const controls = (view) => {
    const request = view.undo_request;
    return h("section", { class: ["panel", "now", view.status === "playing" && "hero"] },
      h("h2", {}, t("table.now")),
      view.status === "lobby" ? null : heroLine(view),
      request ? h("p", { class: "undo-request", data: { undo: "asked", target: request.target } },
        t("undo.asked.help", { name: nameOf(view, request.seat) })) : null,
      view.prompt?.rule ? h("span", { class: "rule" }, view.prompt.rule) : null,
      h("p", { class: "prompt-text" }, view.prompt?.text ?? ""),
      view.actions.length ? renderActions(view, session, {
        labelFor: (name, value) => renderer.choiceLabel(name, value, view),
        confirmText: (spec, params) => renderer.confirmText(spec, params, view),
      }) : null);
  };

  /** The host's undo (immediate, and it shows what the action had shown; not while a
   * player's undo request waits for its answer), beside the game rather than above it. */
  const hostPanel = (view) => {
    const last = session.log().filter((e) => !e.undone && !NOT_GAME.has(e.type)).pop();
    if (!(host && view.status === "playing" && last && !view.undo_request)) return null;
    return h("section", { class: "panel host-controls" },
      h("button", { type: "button", class: "secondary undo", disabled: session.busy, onClick: () => session.undo().catch(reportError) },
        icon("undo"), " ", `${t("table.undo")} (${last.events?.[0]?.text ?? nameOf(view, last.seat)})`));
  };

  const draw = () => {
    const view = session.view;
    root.dataset.screen = view.status === "finished" ? "table-end" : "table";
    root.dataset.seq = String(view.seq);
    root.dataset.status = view.status;
    keepAwake(view.status === "playing");
    if (view.status === "finished") rememberGame(code, summaryOf(view));
    const mySeat = stored.seat || tokensFor(code).seat;
    root.classList.add("room");
    replace(root,
      h("div", { class: "title-row" }, h("h1", {}, view.game_name ? `${view.game_name} · ` : "", t("table.title", { code }),
        view.pack === "custom" ? h("span", { class: "tag custom-pack" }, t("table.pack.custom")) : null),
        h("div", { class: "row" }, speechToggle(),
          mySeat || view.status === "lobby" ? h("a", { class: "button secondary", href: `/join/${code}` },
            t(mySeat ? "table.myseat" : "table.takeseat")) : null)),
      host ? null : h("p", { class: "hint" }, t("table.spectator")),
      claimBox,
      // In the lobby the QR code is the point of the screen, Start beside it; later the game
      // takes the middle and a small code stays in the corner for a lost phone.
      view.status === "lobby"
        ? h("div", { class: "table-grid lobby" },
          h("div", { class: "col" }, joinPanel(view, joinUrl())),
          h("div", { class: "col side" }, controls(view), seatsPanel(view), seedPanel(view), panel(t("table.log"), logBox)))
        : h("div", { class: "table-grid" },
          // Whose turn and what to do, then the game's phase line and current card on the
          // left; the last ruling tops the right: all above the fold of a 1366×768 laptop.
          h("div", { class: "col" },
            view.status === "finished" ? [playAgain(view, { host: stored.host }), renderEnd(view, renderer)] : null,
            controls(view), boardSteps(view, { table: true }),
            panel(null, renderer.publicState(view))),
          h("div", { class: "col side" }, rulingPanel(currentRuling()), cornerCode(view, joinUrl()), hostPanel(view),
            seatsPanel(view), panel(t("table.log"), logBox), seedPanel(view))));
    replace(logBox, renderLog(session.log(), view, { limit: 200 }));
  };

  session.on((kind, detail) => {
    if (kind === "view") {
      voice.view(session.view);
      draw();
    } else if (kind === "entry") {
      replace(logBox, renderLog(session.log(), session.view, { limit: 200 }));
      announce(detail, session.view, { table: true });
      voice.entry(detail);
      const ruling = root.querySelector(".ruling-now");
      const fresh = rulingPanel(currentRuling());
      if (ruling && fresh) ruling.replaceWith(fresh); // a stale one goes with the next view
    }
    else if (kind === "busy") root.querySelectorAll("fieldset.actions, button.undo").forEach((f) => { f.disabled = detail; });
    else if (kind === "error") reportError(detail);
  });
  // Presence (who is connected) changes without an action: look every few seconds.
  session.watchPresence();
  draw();
  return {
    relabel: () => { draw(); drawClaim(); },
    unmount() {
      root.classList.remove("room");
      keepAwake(false);
      session.close();
    },
  };
}
