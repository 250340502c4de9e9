"""Eat Zem All: 2 to 4 Zombie Hordes around a House or Cemetery board.

Rule text: the Eat Zem All rulebook; rulings EZA-S1 to EZA-E4 in games/RULINGS.md. The app
keeps every deck, hidden choice, Bite token, tile, pawn reserve, turn and score; the board and
the pawns stay on the table, and the active Horde answers the board facts the app cannot see
(which Zombies are in reach, whether a cell is blocked, who is on or next to the Feast's cell).
Where the rules leave room, the app reads them like this:

- EZA-S3: "random" draws 2 of the side's 8 Events; easy, hard and expert pick 2 Zombie, 1 + 1 or
  2 Human Events. EZA-V4 (option longer_games): 4 Human Events to start, 2 of them swapped for 2
  Zombie Events at each reshuffle.
- EZA-S7, EZA-S8: the table screen lists the starting Zombies one at a time, counter-clockwise
  from the last Horde; in the Cemetery the app draws which 4 Humans start on each gate.
- EZA-T5: with no Zombie left to activate, a Horde adds one instead — also when the table
  corrects its Zombies to none while its activation is asked (its part becomes that Zombie).
  With an empty reserve, a Horde that adds a Zombie may take one of its Zombies back from the
  board, or not (the FAQ: not mandatory); the moved Zombie counts as added by the card. The
  same choice is offered when the Contamination holder has no pawn left for a transformation
  (EZA-F4).
- EZA-T6, EZA-T7: one form per activation, on the Horde's own phone: the Zombies move and stand
  up at the table, then the Horde enters what the app counts — its bites per Human and the
  Defense cubes removed per door or window — in one post, each control bounded by what the rules
  allow (a Zombie bites once, two for one of them with Second helping; a bite or a cube is an
  action, Iron jaw's doors and windows counted in actions of 2 cubes; so many actions in all);
  a bite that takes a Human's last token starts the Feast at once and the other bites resolve
  after it. Every Zombie of the activation counts as activated by the card; when the same card
  activates the Horde again and how many acted decides how many it has then, the form asks how
  many acted (all, preselected).
- EZA-T1, EZA-T12: what a card has the Hordes do in a row — their activations, the Zombie each
  adds (its spot in the Cemetery; with an empty reserve, whether it takes one back), a Panic, a
  Mutation drawn and kept, a Zombie card put on the draw pile — is a list of parts in resolution
  order, each asked of the Horde it belongs to on its own phone (one form for the parts it is
  asked at once) and played in that order as soon as the parts before it are (what a Horde
  enters early is kept until then). Parts that cannot change one another are asked at once. A
  part waits for the parts before it when a Human is near its last token: those parts, with
  their most bites (one per Zombie, a Lunge one more, at most their actions; those entered
  counting as entered), could take it before this one (a Feast, counted from where the Zombies
  stand, would come first) or leave it fewer tokens than this one could bite; also when a Panic
  before it is not entered yet, when a closed tomb it offers could lose its last Tombstone to
  them, and when it is a Horde's next activation whose Zombies its part before decides (how many
  acted, a Zombie taken back, a Mutation kept) or whose Horde holds Sprint, Second helping or
  Lunge (played on the activation it chooses). The Defense cubes are on the board: a part asked
  at once with others sees the cubes the parts entered before it left, and cubes beyond those
  left when it is played are not taken (the log says so). A bite that takes a Human's last token
  starts the Feast before the next part; a part entered whose controls have changed when its
  turn comes (a Feast, a correction, an Instant) is asked again, what it entered preselected. A
  Horde holding Lunge has it in its part ("not played" preselected), played first; Sprint and
  Second helping are offered while its activation is asked; a "when asked" Instant waits until
  the parts before the Horde's own are played. The screens mark each Horde asked.
- EZA-T9: a Horde that already holds 2 Mutations says in one answer which one it keeps and which
  of its 3 it discards, with no "are you sure?" (its undo takes it back); the only card left on
  the track is taken without a question (EZA-T1).
- EZA-T10: by default a Mutation effect is "draw 2, keep 1"; option mutation_draft uses the
  player aid's wording (players + 1 cards once per card, the others choosing in turn from the
  rest, the last card discarded).
- EZA-T12: every open choice is the active Horde's; a card beats the rules. Each Mutation of the
  pack names its effect: the app applies Sprint (+2 actions), Lunge (a bite), Second helping (a
  second bite), Shove, Back from the pit, Ambush (Zombies added), Howl (a Human frightened),
  Splinters (a door's cubes or a Tombstone removed), Play dead (a Zombie killed this turn comes
  back laid down), Feeding frenzy (the Horde's Zombies count twice in a Feast), Iron jaw (2 cubes
  per action), Pack instinct (+1 action to the first Zombie per card), Thick skull (the first
  kill each turn is a wound), Grave born (any tomb), Silent step (a frightened Human next to the
  Horde's Zombies stays down one card longer, asked when its card comes), Second wind (the
  Horde's Crawling Zombies stand up: none left Crawling) and reminds the counting Horde of
  Stench and Keen nose. The others act on what only the table sees, and the log says what to
  correct, if anything: Regroup (Zombies moved at the table; one that fell crossing an obstacle:
  correct the Horde's Crawling Zombies), Long arms and Grip (the app lets a Horde bite any Human
  in play: nothing to correct), Sure-footed (the app lays no Zombie down for a fall) and
  Tireless (the app counts no action for a stand-up). An Instant is offered to its holder only
  when its moment has come.
- EZA-F2, EZA-F3: the active Horde counts each Horde's Zombies on or next to the cell (those
  that bit the Human during the card preselected: a Zombie bites a Human next to it), unless the
  Bite tokens alone already decide who takes the tile (no count can change it): then nobody is
  asked.
- EZA-H3, EZA-H4: after "draw 1 additional card" the frightened Humans stand up at once, before
  the additional card (resolved last) is revealed.
- EZA-H5: the card of a Human out of play is banished; the active Horde then chooses a standing
  Human who wounds a Zombie or a frightened one who stands up. Which standing Human wounds is
  picked at the table (the app counts nothing for it): the app asks only when a frightened
  Human could stand up instead.
- EZA-H7: the app knows how many Humans are on a cell; the active Horde says only whether a
  Standing Zombie (or the Zombies there) block the move.
- EZA-H12: one answer per Human attack: for each kind (Standing, Crawling, and Standing ones
  blocking the path in the Cemetery or on Eve's way), none in reach or whose Zombie it is (with
  several Hordes' in reach, the active Horde picks the one the attack takes, EZA-H13); the app
  applies the priorities between kinds. When a Human's move is followed by its attack, the app
  says where it goes and the same answer holds the move (blocked or not; in the Cemetery, what
  stands on the next cell) and the reach from where the Human then stands — except for Harry
  in the House and Odile in the Cemetery, whose blocked move asks more first (EZA-H15). An
  attack followed by a move stays its own answer: its outcome may clear the way.
- EZA-H13: by default a kill-a-Standing-Zombie attack may not take a Crawling Zombie while a
  Standing one is in reach. Option crawling_attack_kills_standing reads the sentence literally:
  a kill-a-Crawling-Zombie attack with a Standing Zombie in reach kills that Standing Zombie
  (except the FAQ's case of a Standing Zombie blocking the path with a Crawling one behind).
- EZA-H15: Harry joins the nearest Human whose cell has room (the active Horde says which when
  several). Gabriel does nothing until a Human has died, then repeats his effects once per dead
  Human; in the House he escapes whenever he is next to an exit with no Standing Zombie in his
  way: the app asks when his card comes, and again after each of his moves or kills. Odile, when
  she cannot follow the path, leaves it and heads for the nearer Car cell by the shortest
  orthogonal route, alone, one square per move (the Cemetery's squares are in the content pack);
  the active Horde taps the first free square the app lists, or "surrounded" and she stays; she
  stays off the path until she escapes. Adèle's cheer adds a token to each Human on her cell while
  tokens are left. Kate adds a Defense cube when an attack of hers has no Zombie in reach: to a
  door or window of her room below its limit (3 on the front door, 2 elsewhere, interior doors
  included), none when the box is empty. Omar goes alone onto Standing Zombies.
- EZA-E1: once the last Human is dead or gone, the effects still to resolve ask nothing: what
  changes a count is applied (a Zombie added counts for EZA-E4), the rest is skipped. The last
  Human's own Feast is still counted (unless its Bites decide it).
- On the board: the app lists what it asks the table to do away from the question at hand (a
  Zombie laid in place of a dead Human, the Human and Trait tiles handed over, Kate's cube,
  Adèle's tokens, an escaped Human taken off, a Zombie back from Play dead) until someone ticks
  it; the Zombies a Human kills or wounds are in the log only (the active Horde has just counted
  them). A death and a Feast are announced on the phones concerned.
- Corrections: the table is the truth. Any player or the host may correct a Human's Bite tokens,
  a Horde's Zombies (board, reserve, Crawling — the app counts the ones it lays down itself:
  wounded, transformed, Play dead), the Defense cubes or Tombstones, a Human's cell, who is
  frightened and the Mutations held; each correction is public, logged and undoable, and the box
  stays conserved.
"""

from __future__ import annotations

from ...engine import Flow, M, define
from . import (
    activations,
    attacks,
    cemetery,
    dispenser,
    feast,
    house,
    humans,
    invariants,
    mutations,
    parts,
    track,
    views,
    zombies,
)
from .content import FORMAT, validate
from .corrections import correct, corrections, recheck
from .instants import ANYTIME
from .scoring import result
from .setup import OPTIONS, PLAYERS, VARIANTS, setup
from .state import PRIVATE, SECRET

FLOW = Flow.of(
    track,
    zombies,
    parts,
    activations,
    mutations,
    feast,
    dispenser,
    humans,
    attacks,
    house,
    cemetery,
)

GAME = define(
    id="eat-zem-all",
    name="Eat Zem All",
    players=PLAYERS,
    variants=VARIANTS,
    variant_labels={"house": M("eza.variant.house"), "cemetery": M("eza.variant.cemetery")},
    # The box's Horde colours, as the seats' colours: a player who joins in yellow plays the
    # yellow Horde (Okabe-Ito vermilion stands for the box's red).
    colours={"yellow": "yellow", "green": "green", "vermilion": "red", "blue": "blue"},
    options=OPTIONS,
    setup=setup,
    flow=FLOW,
    anytime=ANYTIME,
    view=views.view,
    result=result,
    invariants=invariants.check_invariants,
    reveal=views.reveal,
    action_names={"card_part": M("eza.action_name.card_part")},
    validate_content=validate,
    pack_format=FORMAT,
    secret=SECRET,
    private=PRIVATE,
    constant=("content",),
    corrections=corrections,
    correct=correct,
    recheck=recheck,
)

__all__ = ["FLOW", "GAME"]
