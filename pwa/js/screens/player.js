// A seat's phone: the lobby until the host starts, then the player screen (prompt, my private
// part, my actions, undo, the table, the log), then the end screen.

import { renderActions } from "../actions.js";
import { Problem } from "../api.js";
import { h, replace } from "../dom.js";
import { buzz, keepAwake, turnWatcher } from "../device.js";
import { rendererFor } from "../games/index.js";
import { t } from "../i18n.js";
import { NOT_GAME, renderLog } from "../log.js";
import { announce, boardSteps } from "../moments.js";
import { TableSession } from "../session.js";
import { nameOf, names, presenceMark, seatLabel } from "../seats.js";
import { rememberGame, tokensFor } from "../store.js";
import { bringIntoView, panel, reportError, showConnection } from "../ui.js";
import { playAgain, renderEnd, summaryOf } from "./end.js";
import { icon } from "../icons.js";



/** The last game action still in effect, if this seat made it (it may undo it). */
function myUndoable(session) {
  const me = session.view.me?.seat;
  const last = session.log().filter((e) => !e.undone && !NOT_GAME.has(e.type)).pop();
  return last && last.seat === me ? last : null;
}

/** While an undo request is pending the game waits: the asker sees "waiting for an OK", the
 * others whose undo it is and what they are asked. */
function requestPanel(view) {
  const request = view.undo_request;
  const asking = request.seat === view.me?.seat;
  const vars = { name: nameOf(view, request.seat) };
  // The server names the action ("Ana asks to undo action 5: Ana drew a card.").
  return h("section", { class: ["panel", "prompt", "undo-request", !asking && "my-turn"], "aria-live": "polite",
    data: { undo: asking ? "asking" : "asked", target: request.target } },
  h("h2", {}, asking ? t("undo.waiting") : view.prompt?.text ?? ""),
  asking ? h("p", { class: "prompt-text" }, view.prompt?.text ?? "") : null,
  h("p", { class: "muted" }, asking ? t("undo.waiting.help") : t("undo.asked.help", vars)));
}

function promptPanel(view) {
  if (view.undo_request) return requestPanel(view);
  const mine = (view.prompt?.waiting_for || []).includes(view.me?.seat) && view.actions.length > 0;
  const waiting = names(view, view.prompt?.waiting_for);
  return h("section", { class: ["panel", "prompt", mine && "my-turn"], "aria-live": "polite" },
    h("h2", {}, mine ? t("player.yourturn") : waiting ? t("player.waiting", { names: waiting }) : t("table.now")),
    view.prompt?.rule ? h("span", { class: "rule" }, view.prompt.rule) : null,
    h("p", { class: "prompt-text" }, view.prompt?.text ?? ""));
}

/** What this phone is asked now (the prompt and its moves, corrections aside), as a key: the
 * same question drawn again is not a new one. Null when it is asked nothing. */
function questionOf(view) {
  const moves = (view.actions || []).filter((spec) => spec.type !== "correct");
  const asked = view.undo_request || (view.prompt?.waiting_for || []).includes(view.me?.seat);
  if (view.status !== "playing" || !moves.length || !asked) return null;
  // its words and its moves' names: a choice list brought up to date is the same question
  return JSON.stringify([view.prompt?.text ?? "", view.undo_request?.target ?? null, moves.map((spec) => [spec.type, spec.label])]);
}

function lobby(view) {
  return [
    panel(t("lobby.you"), h("p", {}, seatLabel(view, view.me?.seat)), h("p", { class: "muted" }, t("lobby.wait"))),
    panel(t("lobby.players"), h("ul", { class: "seats" }, view.seats.map((seat) =>
      h("li", {}, seatLabel(view, seat.id), presenceMark(seat.connected))))),
  ];
}

function playing(view, session, renderer) {
  const undoable = view.undo_request ? null : myUndoable(session);
  const mine = renderer.privateState(view);
  return [
    promptPanel(view),
    boardSteps(view),
    mine ? panel(t("player.private"), mine) : null,
    view.actions.length || undoable ? panel(t("player.actions"),
      renderActions(view, session, {
        labelFor: (name, value) => renderer.choiceLabel(name, value, view),
        confirmText: (spec, params) => renderer.confirmText(spec, params, view),
      }),
      // Taking back what showed you something (a drawn card) needs another player's OK.
      undoable ? h("button", { type: "button", class: "secondary undo", disabled: session.busy, data: { asks: undoable.reveals ? "ok" : "no" },
        onClick: () => session.undo().catch(reportError) },
      icon("undo"), " ", t(undoable.reveals ? "player.undo.ask" : "player.undo")) : null) : null,
    panel(t("player.table"), renderer.publicState(view)),
  ];
}

export async function mountPlayer(root, { code, token, onRevoked }) {
  const session = new TableSession(code, token);
  const watch = turnWatcher();
  let renderer = null;
  const buzzed = new Set();
  // This phone's seat is no longer its own: stop following the table at once (no retry, no
  // "reconnecting"), then let the join screen say why.
  let ended = false;
  const revoked = (reason = null) => {
    if (ended) return;
    ended = true;
    const seat = session.view?.me?.seat;
    session.close();
    showConnection(null);
    onRevoked(seat, reason);
  };
  const logBox = h("div", { class: "log-box", tabindex: 0, role: "region", "aria-label": t("table.log") });
  const drawLog = () => session.view && replace(logBox, renderLog(session.log(), session.view, { limit: 60 }));
  // The question is brought into view when it arrives (nothing asked of this phone sits
  // off-screen under its hand or the log); the same question drawn again leaves the page be.
  let asked = null;
  let arrived = -Infinity; // when this phone last scrolled to a question that arrived
  let trip = null; // that scroll's start and end: a reader elsewhere has scrolled away
  const onTrip = () => {
    const [a, b] = trip ?? [NaN, NaN];
    return window.scrollY >= Math.min(a, b) - 2 && window.scrollY <= Math.max(a, b) + 2;
  };
  const formTop = () => root.querySelector("fieldset.actions")?.getBoundingClientRect().top ?? null;
  const showQuestion = (view, before) => {
    const question = questionOf(view);
    const fresh = question !== null && question !== asked;
    asked = question;
    if (fresh) root.dataset.question = String(Number(root.dataset.question || 0) + 1); // tests read it
    const prompt = root.querySelector(".prompt");
    const moves = root.querySelector("fieldset.actions");
    if (!prompt || !moves || question === null) return;
    // Drawn again while it scrolls there (the tap's answer, then the stream's view), its
    // reader not gone elsewhere: on towards where the question is now. Drawn again later:
    // the form stays where it was.
    if (fresh || (performance.now() - arrived < 1000 && onTrip())) {
      const live = [...moves.querySelectorAll(":scope > [data-type]:not([data-type=correct])")];
      const control = live.length && ([...live[0].querySelectorAll("button, label.chip, label.tap, .stepper")]
        .find((c) => c.checkVisibility?.() ?? true) ?? live[0]);
      const scrolled = bringIntoView(prompt, moves.closest(".panel") ?? moves, moves, live.length ? [live[0], live.at(-1), control] : null);
      if (scrolled) trip = scrolled;
      if (scrolled && fresh) arrived = performance.now();
      // the page may have grown above the form while it scrolled: once there, look again
      if (scrolled) addEventListener("scrollend", () => asked === question && onTrip() && showQuestion(session.view, null), { once: true });
      return;
    }
    const moved = before === null ? 0 : moves.getBoundingClientRect().top - before;
    if (Math.abs(moved) > 1 && before >= 0 && before < window.innerHeight) window.scrollBy({ top: moved, behavior: "instant" });
  };
  const draw = () => {
    const view = session.view;
    if (!view || !renderer) return;
    const screen = view.status === "lobby" ? "lobby" : view.status === "finished" ? "end" : "player";
    root.dataset.screen = screen;
    root.dataset.seq = String(view.seq);
    root.dataset.seat = String(view.me?.seat ?? "");
    keepAwake(view.status === "playing");
    if (view.status === "finished") rememberGame(code, summaryOf(view));
    watch(view);
    const before = formTop();
    const hostLink = tokensFor(code).host ? h("a", { class: "button secondary", href: `/table/${code}` }, t("table.host")) : null;
    replace(root,
      h("div", { class: "title-row" }, h("h1", {}, t("table.title", { code })), hostLink),
      screen === "lobby" ? lobby(view) : null,
      screen === "end" ? [playAgain(view, { me: view.me?.seat }),
        renderEnd(view, renderer, { seat: view.me?.seat, contribution: tokensFor(code).contribution })] : null,
      screen === "player" ? playing(view, session, renderer) : null,
      screen !== "lobby" ? panel(t("table.log"), logBox) : null);
    drawLog();
    showQuestion(view, before);
  };
  session.on((kind, detail) => {
    if (kind === "view") draw();
    else if (kind === "entry") {
      drawLog();
      if (session.view) announce(detail, session.view);
    }
    else if (kind === "connection") {
      showConnection(detail);
      if (detail === "revoked") revoked(session.stream?.revokedBy);
    } else if (kind === "busy") root.querySelectorAll("fieldset.actions, button.undo").forEach((f) => { f.disabled = detail; });
    else if (kind === "error") {
      if (detail instanceof Problem && detail.status === 401) revoked(); // the seat moved
      else reportError(detail);
    }
    if (kind === "entry" && !buzzed.has(detail.seq) && (detail.private || []).some((p) => p.card)) {
      buzzed.add(detail.seq);
      buzz(40); // haptics on your draws
    }
  });
  await session.open();
  session.watchPresence({ ping: true }); // this phone is here: its seat reads "connected"
  renderer = await rendererFor(session.view.game);
  draw();
  return {
    relabel: draw,
    unmount() {
      keepAwake(false);
      session.close();
    },
  };
}
