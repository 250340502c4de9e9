"""What the Mutation cards do (the Eat Zem All rulebook, "Mutations", the FAQ: "if a card
contradicts what is stated in the rules, follow the card's instructions"; EZA-T9, EZA-T12).

Each Mutation of the pack names its effect (``mutations.toml``: ``effect``). An Instant
Mutation is played with ``use_mutation`` when its moment has come — it appears among its
holder's actions only then — and is discarded (EZA-T9); the app applies what it counts (an
extra bite, 2 more actions, Zombies added, a Human frightened or shoved, Defense cubes or a
Tombstone removed, a killed Zombie back, a Feast count doubled). Permanent Mutations change the
rules while held (see :func:`~.state.holds` where they apply: Iron jaw, Pack instinct, Thick
skull, Grave born, Silent step, Stench, Keen nose). A card about what only the table sees
(Zombie positions, falls, stand-ups) is played at the table: the log says so and what to correct
if a count changed (the ``correct`` action).
"""

from __future__ import annotations

from ...engine import Ctx, Flow, M, Moves, RuleError, action, board_step, choice, piles
from ...engine.messages import pack_names
from . import parts
from .adding import frighten, panic_targets
from .board import cell_at, cell_name, humans_on, neighbours, square_of, wrap_cell
from .effects import cell_key, split_cell
from .mutations import mutation_label, mutation_name, table_reason, use_instant
from .state import State, held, horde, human, human_labels, human_name, in_play, name

#: The instants the app applies, and the table-only ones (played at the table).
APPLIED = (
    "extra_actions",
    "bite_at_range",
    "second_bite",
    "shove",
    "add_zombies",
    "frighten",
    "splinters",
    "play_dead",
    "ambush",
    "feast_double",
    "stand_up_all",
)
PERMANENT = (
    "iron_jaw",
    "stench",
    "pack_instinct",
    "thick_skull",
    "keen_nose",
    "grave_born",
    "silent_step",
)
#: Cards about what only the table sees (Zombie positions, falls, who may bite whom, stand-ups):
#: played or held at the table, with what to correct if anything (:data:`TABLE_REASONS`).
TABLE = ("table", "table_moves", "table_falls", "table_bites", "table_stand_ups")
EFFECTS = (*APPLIED, *PERMANENT, *TABLE)


def _top(state: State) -> dict | None:
    return state["steps"][-1] if state["steps"] else None


def _asked(state: State, seat: int) -> bool:
    """The Horde is asked now: its own question, or the first part of the card still to play
    (its moment comes before anything after it is played; a later part's Horde, the active one
    too, plays these once the parts before its own are played: played now, they would act
    before them)."""
    top = _top(state)
    if top is None or state["phase"] == "finished":
        return False
    if top["kind"] == "activations":
        return parts.first_seat(state) == seat
    return top.get("seat") == seat


def _params(state: State, seat: int, effect: str) -> dict | None:
    """The extra params of an Instant whose moment has come, or None when it has not."""
    if effect == "bite_at_range":
        return None  # played on the Horde's activation, in its form (EZA-T12)
    if effect in ("extra_actions", "second_bite"):
        # while its activation is asked: 2 more actions, or one of its Zombies bites twice
        return {} if parts.open_activation(state, seat) is not None else None
    if effect == "play_dead":
        return (
            {} if horde(state, seat)["killed"] > 0 and horde(state, seat)["reserve"] > 0 else None
        )
    if effect == "feast_double":
        top = _top(state)
        ok = top is not None and top["kind"] == "feast" and seat not in top["double"]
        return {} if ok else None
    if not _asked(state, seat):
        return None
    if effect == "stand_up_all":
        return {} if horde(state, seat)["crawling"] > 0 else None
    if effect == "frighten":
        targets = panic_targets(state)
        return {"human": choice(targets, human_labels(state, targets))} if targets else None
    if effect == "shove":
        moves = shoves(state)
        labels = [
            M(
                "eza.shove.to",
                human=human_name(state, m.split("@")[0]),
                cell=cell_name(state, m.split("@")[1]),
            )
            for m in moves
        ]
        return {"to": choice(moves, labels)} if moves else None
    if effect == "splinters":
        if state["side"] == "cemetery":
            return {} if state["tombstones"]["on_board"] > 0 else None
        openings = [o for o, n in state["defenses"].items() if n > 0]
        names = [pack_names(state["content"]["board"]["openings"][o]) for o in openings]
        return {"opening": choice(openings, names)} if openings else None
    return {}  # add_zombies, ambush, the table ones: whenever the game waits for the holder


def shoves(state: State) -> list[str]:
    """Shove: every ``human@cell`` one cell away (House: within the room; never onto a Car)."""
    board = state["content"]["board"]
    limit = state["content"]["box"]["occupants_per_cell"]
    out = []
    for hid in in_play(state):
        here = human(state, hid)["cell"]
        if state["side"] == "house":
            room, n = split_cell(here)
            cells = board["rooms"][room]["cells"]
            targets = {cell_key(room, wrap_cell(n, d, cells)) for d in (-1, 1)} - {here}
        elif human(state, hid)["off_path"] or here not in board["cells"]:
            targets = {cell_at(state, s) for s in neighbours(state, square_of(state, here))}
        else:
            before = {c for c, row in board["cells"].items() if here in row["next"]}
            targets = set(board["cells"][here]["next"]) | before
        for cell in sorted(targets):
            if cell not in board.get("cars", ()) and humans_on(state, cell, exclude=hid) < limit:
                out.append(f"{hid}@{cell}")
    return out


def instants(state: State, seat: int) -> list[str]:
    mutations = state["content"]["mutations"]
    return [m for m in held(state, seat) if mutations[m]["kind"] == "instant"]


def _specs(state: State, seat: int) -> list[dict]:
    if state["phase"] == "finished" or seat not in state["seats"]:
        return []
    specs = []
    for card in instants(state, seat):
        params = _params(state, seat, state["content"]["mutations"][card]["effect"])
        if params is not None:
            label = M("eza.action.use_mutation", card=mutation_label(state, card))
            specs.append(
                action(
                    "use_mutation",
                    label,
                    # an offer, never a stop: no "are you sure?" (its player's undo takes it back)
                    submit=M("eza.submit.use_mutation", chosen="{chosen}") if params else None,
                    card=choice([card], [mutation_name(state, card)]),
                    **params,
                )
            )
    return specs


def _explain(state: State, seat: int, act: dict) -> RuleError | None:
    if act.get("type") != "use_mutation" or seat not in state["seats"]:
        return None  # the host holds no Mutation: the specs refuse it as not possible now
    card = (act.get("params") or {}).get("card")
    if card not in instants(state, seat):
        return RuleError("not_instant", "EZA-T9", M("eza.refuse.not_instant"))
    if _params(state, seat, state["content"]["mutations"][card]["effect"]) is None:
        return RuleError(
            "not_now", "EZA-T12", M("eza.refuse.mutation_not_now", card=mutation_name(state, card))
        )
    return None


def _apply(state: State, seat: int, act: dict, ctx: Ctx) -> None:
    _play(state, seat, act, ctx)
    top = _top(state)
    if top is not None and top["kind"] in parts.QUESTIONS:
        # the card's parts looked at again: what the card changed may ask something else now
        state["steps"][-1] = parts.recheck(state, top)


def _play(state: State, seat: int, act: dict, ctx: Ctx) -> None:
    card, params = act["params"]["card"], act["params"]
    row = state["content"]["mutations"][card]
    effect, who = row["effect"], name(state, seat)
    if effect in TABLE:
        piles.move(state["mutation_cards"], card, f"held:{seat}", "discard")  # EZA-T9
        text = {"i18n": {"en": row["text"], "fr": row["text_fr"]}}
        ctx.say(
            M("eza.mutation.table", horde=who, card=pack_names(row), text=text),
            rule="EZA-T12",
            reason=table_reason(state, seat, effect),
            seat=seat,
            card=card,
        )
        return
    use_instant(state, ctx, seat, card)
    top = _top(state)
    if effect == "extra_actions":
        parts.grant(state, seat, extra=row.get("amount", 2))
    elif effect == "second_bite":
        parts.grant(state, seat, more_bites=1)
    elif effect == "frighten":
        frighten(state, ctx, seat, params["human"])
    elif effect == "shove":
        hid, cell = params["to"].split("@")
        human(state, hid).update(cell=cell, branch=None)
        ctx.say(
            M("eza.shove", human=human_name(state, hid), cell=cell_name(state, cell)),
            human=hid,
            cell=cell,
        )
    elif effect in ("add_zombies", "ambush"):
        kind = "ambush" if effect == "ambush" else "add_zombie"
        steps = [{"kind": "zombie_effect", "seat": seat, "effect": kind, "part": "mutation"}]
        Flow.push(state, *steps * row.get("amount", 1))
    elif effect == "splinters":
        _splinters(state, ctx, params.get("opening"))
    elif effect == "play_dead":
        h = horde(state, seat)
        h["killed"] -= 1
        h["reserve"] -= 1
        h["board"] += 1
        h["crawling"] += 1
        ctx.say(M("eza.play_dead", horde=who), seat=seat)
        board_step(state, M("eza.step.play_dead", horde=who), [seat])
    elif effect == "feast_double":
        top["double"].append(seat)
    elif effect == "stand_up_all":
        h = horde(state, seat)
        n, h["crawling"] = h["crawling"], 0
        ctx.say(M("eza.second_wind", horde=who, count=n), seat=seat, stood_up=n)


def _splinters(state: State, ctx: Ctx, opening: str | None) -> None:
    if opening is None:
        state["tombstones"]["on_board"] -= 1
        state["tombstones"]["box"] += 1
        ctx.say(M("eza.splinters.tombstone"))
        return
    n = state["defenses"][opening]
    state["defenses"][opening] = 0
    state["defense_box"] += n
    name_ = pack_names(state["content"]["board"]["openings"][opening])
    ctx.say(M("eza.splinters.cubes", count=n, opening=name_), opening=opening)


ANYTIME = Moves(specs=_specs, apply=_apply, explain=_explain)
