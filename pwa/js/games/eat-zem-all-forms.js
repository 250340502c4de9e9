// Eat Zem All's shared activation form on the active phone (EZA-T6, EZA-T12): the Hordes that
// activate in a row by the same card, one part each in resolution order. The form itself is the
// generic one (pwa/js/actions.js); this only says when a Feast comes before the next Horde.

import { h } from "../dom.js";
import { lang, t } from "../i18n.js";
import { seatById } from "../seats.js";

const humanOf = (g, id) => (g.humans || []).find((x) => x.id === id);
const hordeText = (view, seat) => (view.game_view.hordes || []).find((x) => x.seat === seat)?.name
  ?? seatById(view, seat)?.name ?? `#${seat}`;

/** A part of the shared activation form: "bites_2" is seat 2's bites (``[kind, seat]``). */
export const ROW_PARAM = /^(bites|cubes|acted)_(\d+)$/;

/** The shared activation form (several Hordes in resolution order, EZA-T6): once the bites
 * entered so far take a Human's last token, the Feast comes before the next Horde's Zombies
 * act — the parts after it are greyed out (what they hold is kept for after the Feast) and
 * the form says so. */
export function wireSharedActivation(view) {
  const g = view.game_view;
  const form = document.querySelector("form[data-type='activate_hordes']");
  if (!form || form.dataset.wired) return;
  form.dataset.wired = "1";
  const seats = g.question?.hordes || [];
  const notice = h("p", { class: "eza-feast-now", role: "status", hidden: true });
  form.querySelector("button[type='submit']")?.before(notice);
  const parts = (seat) => [...form.querySelectorAll("fieldset.param")].filter((f) => f.dataset.param?.endsWith(`_${seat}`));
  const update = () => {
    const left = Object.fromEntries(g.humans.filter((x) => x.status === "alive").map((x) => [x.id, x.tokens]));
    let victim = null;
    seats.forEach((seat, i) => {
      const later = victim !== null;
      for (const part of parts(seat)) {
        part.disabled = later;
        part.classList.toggle("eza-after-feast", later);
      }
      if (later) return;
      for (const step of form.querySelectorAll(`fieldset[data-param='bites_${seat}'] .stepper[data-key]`)) {
        const n = Number(step.querySelector("output")?.textContent || 0);
        if (step.dataset.key in left && n > 0) {
          left[step.dataset.key] -= n;
          if (left[step.dataset.key] <= 0 && victim === null) victim = { human: step.dataset.key, after: seats.slice(i + 1) };
        }
      }
    });
    const show = victim !== null && victim.after.length > 0;
    notice.hidden = !show;
    notice.textContent = show ? t("eza.feastnow", { human: humanOf(g, victim.human)?.name ?? victim.human,
      hordes: new Intl.ListFormat(lang(), { type: "conjunction" }).format(victim.after.map((s) => hordeText(view, s))) }) : "";
  };
  form.addEventListener("click", () => setTimeout(update));
  update();
}
