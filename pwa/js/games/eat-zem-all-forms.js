// Eat Zem All's shared form on the active phone (EZA-T1, EZA-T6, EZA-T12): what the same card
// has the Hordes do in a row (activations, added Zombies' spots, a Panic), one part each, in
// order. The form itself is the generic one (pwa/js/actions.js); this only says when a Feast
// comes before the next part.

import { h } from "../dom.js";
import { lang, t } from "../i18n.js";
import { seatById } from "../seats.js";

const humanOf = (g, id) => (g.humans || []).find((x) => x.id === id);
const hordeText = (view, seat) => (view.game_view.hordes || []).find((x) => x.seat === seat)?.name
  ?? seatById(view, seat)?.name ?? `#${seat}`;

/** A part of the shared form: "bites_2" is seat 2's bites, "spot_2_2" the spot of seat 2's
 * second added Zombie (``[part, row key, seat]``). */
export const ROW_PARAM = /^(bites|cubes|acted|lunge|spot|panic)_((\d+)(?:_\d+)?)$/;
/** Each kind of row's parts (a Horde's activation, an added Zombie, a Panic). */
const PARTS = { activation: ["bites", "cubes", "acted", "lunge"], add: ["spot"], panic: ["panic"], mutate: [] };

/** The shared form (what the card has the Hordes do in a row, in resolution order, EZA-T1 and
 * EZA-T6): once the bites entered so far take a Human's last token, the Feast comes before the
 * next part — the parts after it are greyed out (what they hold is kept for after the Feast; a
 * Human to frighten, not chosen yet, is asked again after it) and the form says so. */
export function wireSharedActivation(view) {
  const g = view.game_view;
  const form = document.querySelector("form[data-type='activate_hordes']");
  if (!form || form.dataset.wired) return;
  form.dataset.wired = "1";
  const rows = g.question?.rows || (g.question?.hordes || []).map((seat) => ({ seat, key: String(seat), row: "activation" }));
  const notice = h("p", { class: "eza-feast-now", role: "status", hidden: true });
  form.querySelector("button[type='submit']")?.before(notice);
  const names = (row) => (row.row ? PARTS[row.row] || [] : PARTS.activation).map((part) => `${part}_${row.key}`);
  const parts = (row) => [...form.querySelectorAll("fieldset.param")].filter((f) => names(row).includes(f.dataset.param));
  const update = () => {
    const left = Object.fromEntries(g.humans.filter((x) => x.status === "alive").map((x) => [x.id, x.tokens]));
    let victim = null;
    let filled = false;
    rows.forEach((row, i) => {
      let lunged = false;
      if (victim === null) {  // its Lunge bites first (EZA-T12): a last token, the Feast before its bites
        const pick = form.querySelector(`fieldset[data-param='lunge_${row.key}'] input[type='radio']:checked`);
        const human = pick ? JSON.parse(pick.value) : null;
        if (human in left && --left[human] <= 0) {
          victim = { human, after: rows.slice(i) };
          lunged = true;
        }
      }
      for (const part of parts(row)) {
        const later = victim !== null && !(lunged && part.dataset.param === `lunge_${row.key}`);
        part.disabled = later;
        part.classList.toggle("eza-after-feast", later);
        // A greyed-out pick still needs a value to send: its first choice, never kept (a Human
        // to frighten is asked again after the Feast). Back in play, the pick is the Horde's.
        const radios = [...part.querySelectorAll("input[type='radio']")];
        if (later && radios.length && !radios.some((r) => r.checked)) {
          radios[0].checked = true;
          radios[0].dataset.autofilled = "1";
          filled = true;
        } else if (!later) {
          for (const r of radios.filter((x) => x.dataset.autofilled)) {
            r.checked = false;
            delete r.dataset.autofilled;
            filled = true;
          }
        }
      }
      if (victim !== null) return;
      for (const step of form.querySelectorAll(`fieldset[data-param='bites_${row.key}'] .stepper[data-key]`)) {
        const n = Number(step.querySelector("output")?.textContent || 0);
        if (step.dataset.key in left && n > 0) {
          left[step.dataset.key] -= n;
          if (left[step.dataset.key] <= 0 && victim === null) victim = { human: step.dataset.key, after: rows.slice(i + 1) };
        }
      }
    });
    const show = victim !== null && victim.after.length > 0;
    notice.hidden = !show;
    const after = [...new Set(show ? victim.after.map((r) => r.seat) : [])];
    notice.textContent = show ? t("eza.feastnow", { human: humanOf(g, victim.human)?.name ?? victim.human,
      hordes: new Intl.ListFormat(lang(), { type: "conjunction" }).format(after.map((s) => hordeText(view, s))) }) : "";
    return filled;
  };
  // the generic form checks what it may send on each click: once more after a fill or a clear
  form.addEventListener("click", (event) => setTimeout(() => {
    if (update() && event.isTrusted) form.dispatchEvent(new MouseEvent("click"));
  }));
  if (update()) form.dispatchEvent(new MouseEvent("click"));
}
