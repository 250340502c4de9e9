// The end screen's part shared by phones and the table screen: standings, each player's score
// breakdown in words and as an SVG chart, and playing again.

import { api, randomHex } from "../api.js";
import { breakdownChart } from "../chart.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { nameOf, names, seatById, seatLabel } from "../seats.js";
import { saveHost, saveSeat, tokensFor } from "../store.js";
import { reportError } from "../ui.js";
import { icon } from "../icons.js";
import { logHead } from "../log.js";

/** Whether this phone's own random contribution is among those the seed was made from. */
function contributionCheck(view, mine) {
  if (!mine?.contribution || !Array.isArray(view.contributions)) return null;
  const listed = view.contributions.find((c) => c.seat === mine.seat)?.contribution;
  const ok = listed === mine.contribution.toLowerCase();
  return h("p", { class: ["contribution-check", ok ? "ok" : "bad"], role: ok ? null : "alert",
    data: { contribution: ok ? "in" : "missing" } },
  icon(ok ? "check" : "cross"), " ", t(ok ? "end.contribution.ok" : "end.contribution.bad"),
  h("span", { class: "hash" }, ` ${mine.contribution.slice(0, 16)}…`));
}

/** Play again. The host opens the same game, options and cards at a new table and goes
 * there; each phone then takes its seat there in one tap (same name, same colour). */
export function playAgain(view, { host = null, me = null } = {}) {
  const next = view.rematch?.code;
  if (host) {
    if (next) return h("a", { class: "button primary play-again", href: `/table/${next}` }, t("end.rematch.go"));
    const button = h("button", { type: "button", class: "primary play-again" }, t("end.rematch"));
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        const created = await api.rematch(view.code, host);
        saveHost(created.code, created.host_token, view.game, created.join_url);
        location.assign(`/table/${created.code}`);
      } catch (error) {
        reportError(error);
        button.disabled = false;
      }
    });
    return button;
  }
  if (!next || !me) return null;
  const seat = seatById(view, me);
  const stored = tokensFor(next);
  if (stored.seat) return h("a", { class: "button primary play-again", href: `/join/${next}` }, t("end.rematch.mine"));
  const button = h("button", { type: "button", class: "primary play-again" }, t("end.rematch.take"));
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const contribution = randomHex(32);
      const joined = await api.join(next, seat.name, seat.colour, contribution);
      saveSeat(next, joined.token, joined.seat.id, view.game, contribution);
      location.assign(`/join/${next}`);
    } catch (error) {
      reportError(error);
      button.disabled = false;
    }
  });
  return button;
}

/** What this device keeps of a finished game for its history: the game, who played, who won. */
export function summaryOf(view) {
  const winners = new Set(view.result?.winners || []);
  return {
    gameName: view.game_name,
    players: view.seats.map((seat) => seat.name),
    winners: view.seats.filter((seat) => winners.has(seat.id)).map((seat) => seat.name),
    logHead: view.log_head, // the final head: what `tableapp verify` prints for its export
  };
}

/** How a game ends: ``team`` (co-operative: the team wins or loses together, no ranking),
 * ``winners`` (some win, everyone else loses: no 2nd or 3rd place) or ``ranked`` (the most
 * points wins, then the rest in order). The server may say so (``result.outcome``). */
const OUTCOMES = { zombicide: "team", "student-bodies": "winners" };
export function outcomeOf(view) {
  return view.result?.outcome || OUTCOMES[view.game] || "ranked";
}

/** The end in a sentence to say aloud (message ids, in the screen's language). */
export function endSpeech(view) {
  const result = view.result || {};
  if (outcomeOf(view) === "team") return t(result.won ? "speech.end.team.won" : "speech.end.team.lost");
  const winners = result.winners || [];
  if (!winners.length) return t("speech.end.nobody");
  return t(winners.length === 1 ? "speech.end.winner" : "speech.end.winners", { names: names(view, winners) });
}

/** Standings and chart for a finished view; ``renderer.partLabel`` names the score's parts.
 * ``mine`` ({seat, contribution}) is this phone's seat and the contribution it sent. */
export function renderEnd(view, renderer, mine = null) {
  const result = view.result || { winners: [], standings: [] };
  const outcome = outcomeOf(view);
  const winners = new Set(result.winners || []);
  const standings = result.standings || [];
  // The server names the parts of a score in the phone's language; a game module may too.
  const partLabel = (key) => result.parts?.[key] ?? renderer.partLabel(key);
  const score = (row) => (result.unit
    ? `${row.score} ${result.unit}` : t(row.score === 1 ? "end.point" : "end.points", { n: row.score }));
  const line = (row, { tag = true } = {}) =>
    h("li", { class: ["standing", winners.has(row.seat) && "winner"],
      data: { seat: row.seat, score: row.score, result: winners.has(row.seat) ? "win" : "lose" } },
    h("div", { class: "standing-head" },
      seatLabel(view, row.seat),
      tag && winners.has(row.seat) ? h("span", { class: "tag win" }, icon("star"), " ", t("end.winner")) : null,
      h("span", { class: "score" }, score(row))),
    h("p", { class: "breakdown" }, Object.entries(row.breakdown || {})
      .map(([key, points]) => t("end.part", { part: partLabel(key), n: points })).join(" · ")));
  // A reason the server gives for the end (a co-operative mission, an escape) is said too.
  const reason = typeof result.reason === "string" && result.reason ? h("p", { class: "end-reason" }, result.reason) : null;
  let body;
  if (outcome === "team") {
    // One result for everyone, and each player's part in seat order: nobody is ranked.
    const bySeat = [...standings].sort((a, b) => a.seat - b.seat);
    body = [
      h("p", { class: ["end-outcome", result.won ? "won" : "lost"] },
        icon(result.won ? "star" : "cross"), " ", t(result.won ? "end.team.won" : "end.team.lost")),
      reason,
      h("h3", {}, t("end.team")),
      h("ul", { class: "standings team" }, bySeat.map((row) => line(row, { tag: false }))),
    ];
  } else if (outcome === "winners") {
    // The winners, then everyone else together: losing has no places.
    const won = standings.filter((row) => winners.has(row.seat));
    const lost = standings.filter((row) => !winners.has(row.seat)).sort((a, b) => a.seat - b.seat);
    body = [
      won.length ? [h("h3", { class: "end-outcome won" }, icon("star"), " ", t("end.won")),
        h("ul", { class: "standings winners" }, won.map((row) => line(row, { tag: false })))]
        : h("p", { class: "end-outcome lost" }, t("end.nobody")),
      reason,
      won.length && lost.length ? [h("h3", { class: "end-outcome lost" }, t("end.lost")),
        h("ul", { class: "standings losers" }, lost.map((row) => line(row)))] : null,
      !won.length ? h("ul", { class: "standings losers" }, lost.map((row) => line(row))) : null,
    ];
  } else {
    body = h("ol", { class: "standings" }, standings.map((row) => line(row)));
  }
  const rows = (outcome === "ranked" ? standings : [...standings].sort((a, b) => a.seat - b.seat)).map((row) => ({
    name: nameOf(view, row.seat),
    colour: seatById(view, row.seat)?.colour,
    total: row.score,
    parts: row.breakdown || {},
  }));
  return h("section", { class: "panel end", "aria-labelledby": "end-title", data: { outcome } },
    h("h2", { id: "end-title" }, t("end.title")),
    contributionCheck(view, mine),
    logHead(view.log_head, t("end.log_head")),
    body,
    h("figure", { class: "chart-box" },
      // The game's own caption where a score is not points (Zombicide: adrenaline).
      breakdownChart(rows, partLabel, result.chart ?? t("end.chart")),
      h("figcaption", {}, result.chart ?? t("end.chart"))));
}
