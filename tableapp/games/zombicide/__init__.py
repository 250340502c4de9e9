"""Zombicide: 1 to 6 players share 6 survivors against the Zombies, co-operatively.

Rule text: a French summary of the rules; rulings ZC-1 to ZC-17 in ``games/RULINGS.md``. The
app keeps the Zombie, Equipment and crate decks, wounds, adrenaline, skills, inventories,
objectives and the count of Zombies on the board; it reads spawn cards, referees ranged
targeting and walks the table through the Zombies' phase. The board, the figures and (unless
option ``app_dice``) the dice stay on the table. The content pack is reconstructed (edit it to
match your box). How the app reads the rules where they leave room:

- Setup (ZC-1, ZC-2): each phone takes its survivors (a player may run several); the host can
  always share out: the ones left, or a full team held unevenly (one phone took all six).
  Only who can do something is waited on. Play starts once all 6 are taken and every player
  runs one: by itself when the team is even (undo gives the last one back), on the host's word
  when it is not. The card sets in the Zombie deck and in the Equipment deck, the crates
  following the Equipment's, are the options' (``spawn_sets`` / ``equipment_sets``: the core
  sets, or all); only when the pack holds more than one set besides the core ones, which the
  options cannot tell apart, does the host tick them; a choice leaving a deck empty is refused
  (ZC-7, ZC-14). Adults
  have 3 HP, children 2 HP and Slippery. The grey starting weapons are dealt at random, one
  per survivor; the player of the survivor holding the Fire Axe starts.
- Mission (ZC-1, ZC-7, ZC-8, ZC-15): the host enters the spawn zones in clockwise order from
  zone 1, the buildings with dark rooms, then the objective tokens to take per colour, the
  Pimp-weapon crates and other goals the table ticks off; each list is closed by what comes
  next (the first building ends the zones, the mission's objectives end the buildings): no
  "no more" tap apart. The mission is won the moment the last
  objective token is taken and the last goal ticked off. A goal (an exit reached…) is ticked
  off with the same tap that ends the turn of the survivor who reached it ("End the turn: a
  mission goal is done"); the last one wins at once.
- The app does not count actions, moves or noise: the board does. It enforces what it owns:
  one search per survivor per turn (ZC-14), weapons used from a hand (ZC-16), doors opened with
  a door-opening weapon in hand (ZC-15), at most 5 cards (ZC-16).
- A player's turn (ZC-1): their survivors play one at a time, in the order they like. The
  first one left in team order begins at once (nobody is asked "which survivor?"); until it
  has done something, "Play another survivor first" changes it in one tap.
- Adrenaline (ZC-3): +1 per Walker, Runner or Brute, +5 per Abomination, +5 per objective. The
  first level's skills are held from the start; each later level unlocks one skill from the
  survivor's list, chosen on the owner's phone (granted at once when the list holds one).
- Spawns (ZC-4, ZC-7): read at the danger level of the survivor with the most adrenaline (the
  first in team order among equals), zone by zone from zone 1 clockwise; each zone's placing
  is a step on the board the table ticks once done (play goes on meanwhile). The Zombie deck
  reshuffles its discard when it runs out, and so do the Equipment and crate decks (ZC-14).
- Coloured zones (ZC-8): inactive until their trigger — taking an objective of their colour,
  or a correction — then active from the next Zombie phase: the one ending the same round when
  triggered in the players' phase.
- Rush and Extra activation (ZC-9): a Rush card's Zombies activate at once (only those); an
  Extra-activation card activates every Zombie of its type, and does nothing at blue. Both can
  hit the same Zombie in one round. Runners act twice in every activation (ZC-12).
- Abominations (ZC-6): at most one on the board unless option ``abomination_fest``; a card
  that would place another activates the one in play instead. Its kind is drawn at random
  among the kinds whose miniature is free (one per kind). The kinds' traits are played at the
  table.
- Miniatures (ZC-10): when a type runs short, what is left is placed and every Zombie of that
  type activates instead of the missing ones (the Rush ones act again).
- Doors (ZC-15): the first door opened of a closed building draws one Zombie card per dark
  room, at the current danger level; the players number the rooms before the cards are read.
  A building open at setup or holding survivors at setup never spawns; later doors of an open
  building never do.
- Search (ZC-14): indoors, no Zombie in the zone: its button says so. A Flashlight anywhere
  in the inventory (or a skill) draws 2 cards, never more however many. A card found goes to a
  free slot without a question — a weapon to a free hand, anything else to the backpack, else
  wherever there is room — from where it moves or is discarded in one tap, free; with the
  inventory full the owner's phone asks once which card it replaces (that card is discarded),
  or leaves it (a small button apart, never the default). A crate draws one red card.
- Nothing asks "are you sure?": ending a turn, a search, a discard, a card left, the team done
  are taken back with undo (a search's undo asks another player's OK: it showed a card). A
  move with one possible value is its button (one objective colour left, one weapon in hand,
  one card to discard, the last closed building); identical cards are one button. What throws
  a card away (a discard, a card left) is a small button apart, never the easy tap.
- Inventory (ZC-16): 2 hands and 3 backpack slots. Inventories are public (the cards lie face
  up at the table); only the decks' order is hidden. Between its actions the survivor playing
  rearranges in one tap a card: "Pistol → hand", "Water → backpack", or a backpack card and a
  hand card swapping places ("Katana → hand, Pistol → backpack"); which hand or which backpack
  slot is the same place. The button says the rules' cost: 1 action for the whole rearranging
  (then "the same action"), free right after a search or a crate (ZC-14) or a trade. A trade
  gives a card to a survivor in the same zone (the players say so), in one form of two picks:
  the card, then who takes it and how — "Owen, who has room" (a weapon to a free hand, anything
  else to the backpack first) or "Owen, for Shotgun" (that card comes back in its place); then
  both rearrange free, the other on its own player's phone.
  Doors: the app asks only about the first door of each building the host listed; other doors
  are the board's. Discarding is free, any time. Grey and blue cards go to the Equipment
  discard, red ones to the crate discard.
- Ranged attacks (ZC-5, ZC-13): the player picks the weapon in hand, then in one form enters
  the Zombies of the target zone (at most what the app counts on the board), the survivors
  standing there and the hits: how many of the table's dice show the weapon's accuracy or
  more (one tap; with table dice, reroll before entering). Or the app rolls them, option
  ``app_dice``, offering Plenty of bullets / shells and Lucky rerolls. Hits take Brutes and
  Abominations first — the shooter says which first when it matters —, then Walkers, then
  Runners. A hit too weak for its target is lost, and so are
  the later ones (damage never adds up). Each miss hits one survivor of the zone for the
  weapon's damage (never the shooter); with several there, the players pick, miss by miss. A
  Molotov kills everything in its zone, Abominations too, and wounds nobody. Several
  Abominations in the zone (fest): they are hit in the order they came on the board.
- Melee (ZC-5, ZC-13): hits go where the player likes (asked only when it matters), only on
  Zombies they can kill; no friendly fire. Sniper-like skills allocate ranged hits freely.
- Zombies' phase (ZC-11, ZC-12): attacks first: every player enters the wounds of their own
  survivors on their phone, all at the same time, each bounded by what the others left (one
  wound per attacking Zombie); anyone, the table screen too, may answer "no attack" for all.
  Then the moves, the board's alone: a step on the board says the rule and stays until ticked
  (nobody is asked; play goes on), and a split helper divides a group evenly type by type, the
  players placing the odd ones. Activations with no Zombie of theirs on the board are
  skipped.
- End of round (ZC-17): noise tokens come off; the first-player token passes clockwise.
- The end (ZC-1): a survivor's death loses the game at once; every objective done wins it.
  ``result`` lists every player as a winner, or none, with the reason; each player's score is
  the adrenaline of their survivors.
- Corrections (the table is the truth): wounds, adrenaline, Zombies on the board per type and
  each Abomination, objectives / goals / crates done, coloured zones active. Raising adrenaline
  past a threshold unlocks its skill; lowering it takes back the skills of levels no longer
  reached. A second Abomination is refused without the Abomination fest (ZC-6).
"""

from __future__ import annotations

from tableapp.engine import Flow, M, define

from . import attack, combat, corrections, ending, players, setup, spawn, team, zombies
from .content import FORMAT, validate_content
from .invariants import check_invariants
from .state import FINISHED, GAME_ID, PLAYERS, PRIVATE, SECRET
from .views import view

GAME = define(
    id=GAME_ID,
    name="Zombicide",
    players=PLAYERS,
    options=setup.OPTIONS,
    setup=setup.setup,
    flow=Flow.of(team, setup, players, attack, combat, spawn, zombies, ending),
    anytime=players.ANYTIME,
    view=view,
    result=ending.result,
    is_over=lambda s: s["phase"] == FINISHED,
    invariants=check_invariants,
    validate_content=validate_content,
    pack_format=FORMAT,
    secret=SECRET,
    private=PRIVATE,
    constant=("content",),
    corrections=corrections.corrections,
    correct=corrections.correct,
    recheck=corrections.recheck,
    # The names a refusal gives the action types labels.py does not list.
    action_names={
        "move_card": M("zc.action_name.move_card"),
        "play_first": M("zc.action_name.play_first"),
    },
)

__all__ = ["GAME"]
