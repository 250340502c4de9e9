// The table screen, for a laptop or a TV (or the host's phone): the big QR code and code, the
// seats and who is connected, the game's public state, the log with its rulings, and the
// host's controls: start, undo, a new QR for a lost phone. Seed commitment, then the seed.

import { renderActions } from "../actions.js";
import { api, Problem } from "../api.js";
import { h, replace } from "../dom.js";
import { keepAwake } from "../device.js";
import { rendererFor } from "../games/index.js";
import { t } from "../i18n.js";
import { NOT_GAME, renderLog } from "../log.js";
import { announce, boardSteps } from "../moments.js";
import { TableSession } from "../session.js";
import { nameOf, presenceMark, seatLabel } from "../seats.js";
import { forgetHost, tokensFor } from "../store.js";
import { confirmDialog, panel, reportError, showConnection, toast } from "../ui.js";
import { renderEnd } from "./end.js";

const PRESENCE_REFRESH_MS = 15000;

function joinPanel(view, joinUrl) {
  return h("section", { class: ["panel", "join-qr", view.status === "lobby" && "big"] },
    h("h2", {}, t("table.scan")),
    h("img", { class: "qr", src: api.qrUrl(view.code), alt: t("table.scan"), width: 320, height: 320, data: { url: joinUrl } }),
    h("p", { class: "code", "aria-label": t("table.title", { code: view.code }) }, view.code),
    h("p", { class: "hint" }, t("table.or"), " ", h("span", { class: "url", id: "join-url" }, joinUrl)));
}

function seedPanel(view) {
  return panel(t("table.commitment"),
    h("p", { class: "hash", id: "commitment" }, view.seed_commitment),
    h("p", { class: "hint" }, t("table.commitment.help")),
    view.seed ? [
      h("h3", {}, t("table.seed")), h("p", { class: "hash", id: "seed" }, view.seed),
      h("p", {}, h("a", { class: "button secondary", href: api.exportUrl(view.code), download: `tableapp-${view.code}.json` }, t("table.export"))),
      h("p", { class: "hint" }, h("code", {}, t("table.verify"))),
    ] : null);
}

export async function mount(root, { code }) {
  let stored = tokensFor(code);
  let session;
  try {
    session = await new TableSession(code, stored.host || null).open();
  } catch (error) {
    if (!(error instanceof Problem && error.status === 401 && stored.host)) throw error;
    forgetHost(code); // a host token this table does not know: carry on as a spectator
    stored = tokensFor(code);
    session = await new TableSession(code, null).open();
  }
  const host = Boolean(stored.host);
  const renderer = await rendererFor(session.view.game);
  const joinUrl = () => session.view.join_url || stored.joinUrl || `${location.origin}/join/${code}`;
  const logBox = h("div", { class: "log-box", tabindex: 0, role: "region", "aria-label": t("table.log") });
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
    const last = session.log().filter((e) => !e.undone && !NOT_GAME.has(e.type)).pop();
    // The host's undo is immediate (and shows what the action had shown); not while a
    // player's undo request waits for its answer.
    const canUndo = host && view.status === "playing" && last && !view.undo_request;
    const request = view.undo_request;
    return panel(t("table.now"),
      request ? h("p", { class: "undo-request", data: { undo: "asked", target: request.target } },
        t("undo.asked.help", { name: nameOf(view, request.seat) })) : null,
      view.prompt?.rule ? h("span", { class: "rule" }, view.prompt.rule) : null,
      h("p", { class: "prompt-text" }, view.prompt?.text ?? ""),
      view.actions.length ? renderActions(view, session, {
        labelFor: (name, value) => renderer.choiceLabel(name, value, view),
        confirmText: (spec, params) => renderer.confirmText(spec, params, view),
      }) : null,
      canUndo ? h("button", { type: "button", class: "secondary undo", onClick: () => session.undo().catch(reportError) },
        `↶ ${t("table.undo")} (${last.events?.[0]?.text ?? nameOf(view, last.seat)})`) : null);
  };

  const draw = () => {
    const view = session.view;
    root.dataset.screen = view.status === "finished" ? "table-end" : "table";
    root.dataset.seq = String(view.seq);
    root.dataset.status = view.status;
    keepAwake(view.status === "playing");
    const mySeat = stored.seat || tokensFor(code).seat;
    replace(root,
      h("div", { class: "title-row" }, h("h1", {}, t("table.title", { code })),
        mySeat || view.status === "lobby" ? h("a", { class: "button secondary", href: `/join/${code}` },
          t(mySeat ? "table.myseat" : "table.takeseat")) : null),
      host ? null : h("p", { class: "hint" }, t("table.spectator")),
      claimBox,
      // In the lobby the QR code is the point of the screen; later the game takes the middle.
      view.status === "lobby"
        ? h("div", { class: "table-grid" },
          h("div", { class: "col" }, joinPanel(view, joinUrl()), controls(view)),
          h("div", { class: "col side" }, seatsPanel(view), seedPanel(view), panel(t("table.log"), logBox)))
        : h("div", { class: "table-grid" },
          h("div", { class: "col" }, view.status === "finished" ? renderEnd(view, renderer) : null,
            controls(view), boardSteps(view, { table: true }), panel(null, renderer.publicState(view)),
            panel(t("table.log"), logBox)),
          h("div", { class: "col side" }, joinPanel(view, joinUrl()), seatsPanel(view), seedPanel(view))));
    replace(logBox, renderLog(session.log(), view, { limit: 200 }));
  };

  session.on((kind, detail) => {
    if (kind === "view") draw();
    else if (kind === "entry") {
      replace(logBox, renderLog(session.log(), session.view, { limit: 200 }));
      announce(detail, session.view, { table: true });
    }
    else if (kind === "connection") showConnection(detail);
    else if (kind === "busy") root.querySelectorAll("fieldset.actions").forEach((f) => { f.disabled = detail; });
    else if (kind === "error") reportError(detail);
    if (kind === "connection" && detail === "revoked") toast(t("revoked"), "error");
  });
  // Presence (who is connected) changes without an action: look again now and then.
  const timer = setInterval(() => {
    if (document.visibilityState === "visible" && session.connection === "live") session.refresh();
  }, PRESENCE_REFRESH_MS);
  draw();
  return {
    relabel: () => { draw(); drawClaim(); },
    unmount() {
      clearInterval(timer);
      keepAwake(false);
      session.close();
    },
  };
}
