"""Student Bodies: run down the zombie hallway, find the antidote in the lab, get out first.

Rule text: the Student Bodies rulebook; rulings SB-S1 to SB-P7 in ``games/RULINGS.md``. The hex
board, the figures and the die stay on the table; the app keeps every hidden card and token,
the counts, each player's health and stamina, and referees the zombie turn. Where the text
leaves room, the app reads it this way:

- SB-S1: the app draws the 2 Hallway cards (shown at setup, with what to place on them), the
  Lab card and the Exit card (sealed until their door opens).
- SB-S3: the beakers beyond one Antidote per player are drawn from all 13 − (players) left,
  Antidotes included, so a game may hold more Antidotes than players.
- SB-S4: options ``difficulty`` (easy, intermediate, hard, custom) and, for ``custom``, the
  Level 1, 2 and 3 counts (``custom_level1`` … ``custom_level3``), which must add up to 11,
  none above what the box holds of that level (10; with your own pack, checked at the start).
- SB-S5: a face-down corpse token has no identity until it is checked: it is then drawn from
  every token still face down, on the board or off it. When a zombie dies and no corpse token is
  left off the board, the used ones are turned over and shuffled back first.
- SB-S7: the "owner of the game" is the first seat; the app rolls for each player clockwise
  until a Bite. With option ``table_die`` the players roll the real die and the first seat
  taps who rolled the first Bite.
- SB-T1: the Ready Items question is asked only when the player has an Item in the backpack
  (spent Items turn back by themselves). An Item found during a turn goes into an open slot it
  fits, else into the backpack.
- SB-Z1: the app draws the zombie card for the current player as their Zombie Actions step
  begins (nobody taps "draw"); its icons are resolved in their printed order; consecutive "act"
  icons give every zombie that many actions. A zombie that spawned before the walk acts in it
  too.
- SB-Z2: the app cannot tell standees apart. The current player lines them up, nearest to a
  player first (ties are theirs), and the app numbers them: "zombie 3 of 7". A zombie killed
  during the walk: the one that just attacked (Pay Back) had already acted and takes nobody's
  turn away; the one being activated stops; one a player bashes without the app knowing which
  is taken to be one still to act.
- SB-Z3: the current player answers ONE form for the zombie card: for each action of each
  zombie, its priority line: knocked down (stands up; offered only while the app counts a zombie
  down), next to a player (attacks them; the current player picks whom), moves closer, climbs an
  obstacle (that action and the next; not on a zombie's last action), or moves sideways / stays;
  "moves closer" preselected. The lines are played out in order, each attack rolled and resolved
  in turn; the form comes back (its answers kept) only when the table changed what the zombies
  face: a zombie knocked down or killed by a player, a target gone, a "stands up" with no zombie
  down any more, or a Reaction a player may play on the zombie that just acted before its next
  action (its moment matters).
- SB-Z4: a spawned zombie's line also offers "no spawn point is free" (it goes back to the
  pool). A card's spawns and the walk that follows are one form, unless a Smart Zombie acts
  between them (SB-Z7); a spawn with no free point changes the walk's count: its form comes back.
- SB-Z5: a zombie attack on a standing player rolls the die from the table's seeded stream (or,
  with ``table_die``, the current player taps the face rolled); on a knocked-down player it is
  an automatic Bite. A hit asks the defender's phone first only when they hold a Defense card
  or an Item that stops it and that they can pay for; otherwise it lands with no question.
  "Take the hit, and don't ask me again this turn" is one of the answers: a player saving
  their cards says so once, the table is told, and the hits of that turn land without asking
  them.
- SB-Z6: a MOVE asks how many zombies are next to the space entered; each attacks. A RUSH, a
  push or a switch asks nothing. Being knocked down ends the movement.
- SB-S6: identical cards in a hand are one choice (to play or to defend with), their count on
  its label.
- SB-Z7: a Smart Zombie's zombie-card actions are free (no stamina): stand up, move, attack,
  bite or switch, the Smart Zombie's own choice, before the regular zombies; regular zombies
  never attack a Smart Zombie.
- SB-P1: a player at 0 Health dies at the end of the turn unless healed first; a wound they
  cannot take kills them at once. A living player who dies out of their own turn with an
  Antidote is out; on their own turn the turn ends there (the zombies left do not act). The
  Items of a player who is out stay as a corpse: a living player may take one per turn.
- SB-P2: a Smart Zombie's standard actions (attack with the die, bite a knocked-down player,
  switch with a zombie) cost 1 stamina each on its turn.
- SB-P3: a beaker's "+1 stamina at the end of your turn" is added after the stamina resets to
  3. Whoever holds more than their hand size at the Cleanup discards down (the current player
  does it when ending the turn).
- SB-P6: opening the Fire Doors is offered to a player holding an Antidote; having left the
  Lab is theirs to report. A Lab card with fewer zombie icons than its 4 reserved zombies sends
  the others to the pool, like the Exit card.
- SB-P7: when nobody living is left, the Smart Zombies still in the game win together; with
  none, nobody wins. The standings give a point each for being in the game at the end, an
  Antidote, escaping, and the Smart Zombies' shared win.
- Content (SB-S3, SB-S4, SB-S6, SB-Z5): the rule text prints neither the cards nor the beaker
  mix nor the die's faces; the content pack reconstructs them (edit it to match your box).
  Reactions and Fast Actions are offered on any phone while their trigger is live (a zombie or
  a player entering a space next to you, a push, an attack just made on you) until the next
  answer; Defense cards are offered on the defender's phone.
- Cards that need no board fact apply themselves (stamina, healing, drawing, standing up,
  knocking down or killing a zombie, wounding a player); the rest of a card's text (where a
  figure moves, how far an attack reaches) is for the table to play out. A card's or an Item's
  attack on a player cites SB-S6 (the card says what it does; the rule text gives player
  attacks no id of their own): the player may defend it like a zombie's. Being on the ground
  stops a movement and refuses an attack (SB-Z6).
- On the board: a killed zombie, a Smart Zombie rising, a player out and the doors' cards are
  steps the table ticks off once done on the board.
"""

from __future__ import annotations

from tableapp.engine import Flow, M, Moves, define

from . import (
    actions,
    combat,
    content,
    corrections,
    effects,
    invariants,
    players,
    reactions,
    setup,
    state,
    turn,
    views,
    walk,
    zombies,
)

FLOW = Flow.of(setup, turn, zombies, walk, combat, effects, actions)


def prompt(state: dict) -> dict:
    if state["phase"] == "finished":
        return {"waiting_for": [], **M("sb.prompt.over"), "rule": "SB-P7"}
    return FLOW.prompt(state)


GAME = define(
    id="student-bodies",
    name="Student Bodies",
    players=setup.PLAYERS,
    options=setup.OPTIONS,
    check_options=setup.check_options,
    setup=setup.setup,
    flow=FLOW,
    anytime=Moves(specs=reactions.specs, apply=reactions.apply, explain=reactions.explain),
    view=views.view,
    prompt=prompt,
    result=players.result,
    invariants=invariants.check_invariants,
    validate_content=content.validate_content,
    pack_format=content.FORMAT,
    secret=state.SECRET,
    private=state.PRIVATE,
    constant=("content",),
    corrections=corrections.corrections,
    correct=corrections.correct,
)

__all__ = ["GAME"]
