"""The card's parts as their Hordes are asked them (EZA-T1): one form per Horde for its parts
asked now, each part's controls labelled, the refusals naming the part, and how the table and
the screens read the parts (asked, entered, waiting). Who is asked what: :mod:`.survey`; the
answer played: :mod:`.parts`.
"""

from __future__ import annotations

from ...engine import M, RuleError, action
from . import activations as act
from . import zombie_cards
from .effects import describe
from .mutations import keep_refuse, keep_specs
from .state import State, Step, name
from .survey import CHOICES, form_of, rows_of, survey

#: A part's params in its Horde's form, by kind: ``{param: the name in the part's answer}``.
PARAMS = {
    "activation": {"actions": "actions", "acted": "acted", "lunge": "lunge"},
    "add": {"spot": "spot"},
    "panic": {"panic": "panic"},
}


# --- the question: each Horde its parts -------------------------------------------------------


def open_parts(state: State, step: Step) -> list[tuple[Step, dict]]:
    rows = rows_of(state, step)
    return [(r, i) for r, i in zip(rows, survey(state, rows), strict=True) if i["open"]]


def actors(state: State, step: Step) -> list[int]:
    return list(dict.fromkeys(row["seat"] for row, _ in open_parts(state, step)))


def _labels(state: State, row: Step, info: dict) -> dict[str, dict]:
    """What each of a part's controls is, in its Horde's form."""
    kind = row["row"]
    if kind == "activation":
        what = act.describe_part(row, info["plan"])
        if state["side"] != "house" or not state["defenses"]:
            actions = M("eza.part.bites", part=what)
        elif act.per_action(state, row["seat"]) == 2:
            actions = M("eza.part.actions_iron_jaw", part=what)
        else:
            actions = M("eza.part.actions", part=what)
        return {
            "actions": actions,
            "acted": M("eza.part.acted", part=what),
            "lunge": M("eza.part.lunge", part=what),
        }
    if kind == "add":
        if "none" in form_of(info)["spot"]["choices"]:  # EZA-T5: its reserve is empty
            return {"spot": M("eza.part.take_back")}
        return {"spot": M("eza.part.t5" if row.get("t5") else "eza.part.add")}
    return {"panic": M("eza.part.panic")}


def form_specs(state: State, step: Step, seat: int) -> list[dict]:
    params: dict[str, dict] = {}
    specs = []
    for row, info in open_parts(state, step):
        if row["seat"] != seat:
            continue
        if row["row"] == "keep":
            specs += keep_specs(state, seat)
        elif row["row"] == "pick":
            specs += zombie_cards.specs(state, seat)
        else:
            labels = _labels(state, row, info)
            for part, spec in form_of(info).items():
                params[f"{part}_{row['key']}"] = {**spec, "label": labels[part]}
    if params:
        specs.insert(
            0, action("card_part", M("eza.action.card_part"), submit=_submit(params), **params)
        )
    return specs


def _submit(params: dict[str, dict]) -> dict:
    """What the form's button does, with the phone's live total (``{n}``) or picks."""
    counted = [p for name, p in params.items() if name.startswith("actions_")]
    if not counted:
        return M("eza.submit.card_part_chosen", chosen="{chosen}")
    labels = [p["label"]["msg"] for p in counted]
    if "eza.part.actions_iron_jaw" in labels:
        return M("eza.submit.card_part_iron_jaw", n="{n}")
    if "eza.part.actions" in labels:
        return M("eza.submit.card_part", n="{n}")
    return M("eza.submit.card_part_bites", n="{n}")


def own(row: Step, params: dict) -> dict:
    """A part's answer, in its own names (``actions``, ``spot``, ``panic``)."""
    return {
        part: params[f"{part}_{row['key']}"]
        for part in PARAMS[row["row"]]
        if f"{part}_{row['key']}" in params
    }


def refuse(state: State, step: Step, seat: int, act_: dict) -> RuleError | None:
    """Each part the Horde enters against the rules, the refusal naming the part (a safety net:
    its form's bounds already keep to them)."""
    mine = [(r, i) for r, i in open_parts(state, step) if r["seat"] == seat]
    for row, info in mine:
        if act_["type"] == "keep_mutation" and row["row"] == "keep":
            return keep_refuse(state, seat, act_)
        if act_["type"] == "add_zombie_card" and row["row"] == "pick":
            return zombie_cards.refuse(state, seat, act_)
        if act_["type"] == "card_part" and row["row"] == "activation":
            refusal = act.refuse(state, seat, info["plan"], own(row, act_["params"]))
            if refusal is not None:
                what = act.describe_part(row, info["plan"])
                message = M("eza.refuse.part", part=what, why=refusal.message)
                return RuleError(refusal.code, refusal.rule, message)
    return None


def prompt(state: State, step: Step) -> dict:
    asked = actors(state, step)
    return M("eza.prompt.parts", hordes=[name(state, s) for s in asked], count=max(1, len(asked)))


def ask(state: State, step: Step) -> dict:
    """The order of the card's parts, each with where it stands (asked, entered, waiting)."""
    rows = rows_of(state, step)
    parts = []
    for row, info in zip(rows, survey(state, rows), strict=True):
        said, where = _said(state, row, info), part_state(row, info)
        if where == "asked":
            parts.append(M("eza.part.state.asked", part=said))
        elif where == "entered":
            parts.append(M("eza.part.state.entered", part=said))
        else:
            parts.append(M("eza.part.state.waiting", part=said))
    return M("eza.ask.parts", parts=parts)


def part_state(row: Step, info: dict) -> str:
    if "answer" in row or (not info.get("asks") and row["row"] not in CHOICES):
        return "entered"
    return "asked" if info["open"] else "waiting"


def _said(state: State, row: Step, info: dict) -> dict:
    """A part as the table reads it: whose, and what."""
    who, kind = name(state, row["seat"]), row["row"]
    if kind == "activation":
        return M("eza.part.of", horde=who, part=act.describe_part(row, info["plan"]))
    what = {
        "add": M("eza.fx.add_zombie"),
        "panic": M("eza.fx.panic"),
        "mutate": M("eza.fx.mutate"),
        "keep": M("eza.fx.mutate"),
        "zcard": M("eza.fx.add_zombie_card"),
        "pick": M("eza.fx.add_zombie_card"),
    }[kind]
    if row.get("t5"):
        what = M("eza.part.t5_said", effect=describe(row["effect"]))
    return M("eza.part.of", horde=who, part=what)


def question_view(state: State, step: Step) -> dict:
    """The parts for the screens: who is asked now (each Horde asked is marked), in order."""
    rows = rows_of(state, step)
    infos = survey(state, rows)
    return {
        "hordes": actors(state, step),
        "rows": [
            {"seat": r["seat"], "key": r["key"], "row": r["row"], "state": part_state(r, i)}
            for r, i in zip(rows, infos, strict=True)
        ],
    }
