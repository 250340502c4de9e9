// Eat Zem All's card parts on a Horde's phone (EZA-T1, EZA-T6, issue 26): each Horde's form
// holds its own parts (its activation's bites and Defense cubes, its new Zombie's spot, its
// Panic), built by the generic form (pwa/js/actions.js), which bounds each count and the
// form's total live. This adds the bound the engine's count forms carry on part of their keys
// (``groups``: a Zombie bites once, so of an activation's actions at most so many are bites):
// values above what the group's other rows leave cannot be tapped, and the group's reason (the
// rule, in the server's words) shows beside the rows while it binds.

import { h } from "../dom.js";

/** A count row's value: the row of choices' (``data-value``) or the stepper's output. */
const valueOf = (row) => Number(row.dataset.value ?? row.querySelector("output.count")?.textContent ?? 0);

/** Holds back, in each of ``box``'s groups, the values above what the group's other rows leave:
 * taps on a row of choices, + on a stepper. */
function holdBack(box, groups, notes) {
  groups.forEach((group, i) => {
    const rows = group.keys.map((key) => box.querySelector(`.stepper[data-key="${CSS.escape(key)}"]`)).filter(Boolean);
    const sum = rows.reduce((total, row) => total + valueOf(row), 0);
    for (const row of rows) {
      const cap = group.most - (sum - valueOf(row));
      for (const input of row.querySelectorAll(".taps input")) {
        if (Number(input.value) > cap) input.disabled = true;
      }
      const more = row.querySelectorAll("button.step")[1];
      if (more && valueOf(row) >= cap) more.disabled = true;
    }
    notes[i].hidden = sum < group.most;
  });
}

/** Each count form of the Horde's parts that bounds part of its keys: bounded live, once. */
export function boundGroups(view) {
  const spec = (view.actions || []).find((a) => a.type === "card_part");
  const form = document.querySelector("form[data-type='card_part']");
  if (!spec || !form) return;
  for (const [name, param] of Object.entries(spec.params)) {
    const box = form.querySelector(`fieldset[data-param="${CSS.escape(name)}"]`);
    if (!param.groups?.length || !box || box.dataset.grouped) continue;
    box.dataset.grouped = "1";
    const notes = param.groups.map((group) => h("p", { class: "counts-reason eza-group-reason", role: "status", hidden: true }, group.reason ?? ""));
    box.append(...notes);
    // after the generic control's own bounds (its listeners run first, on the row)
    const again = () => holdBack(box, param.groups, notes);
    box.addEventListener("change", again);
    box.addEventListener("click", () => setTimeout(again));
    again();
  }
}
