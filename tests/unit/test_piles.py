"""The shared deck toolkit: every helper, and a state machine checking that no card is ever
created or lost except through add_from_box / return_to_box."""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tableapp.engine import piles
from tableapp.engine.errors import RuleError
from tableapp.engine.rng import Rng
from tests.texts import english

SEED = bytes(range(32))


def sample() -> piles.Piles:
    return piles.new(draw=["a", "b", "c", "d"], discard=["x"], hand=[])


# --- new / size / contents -----------------------------------------------------------------


def test_new_copies_each_iterable_into_a_fresh_list():
    source = ["a", "b"]
    p = piles.new(draw=source, discard=(c for c in "xy"), empty=[])
    assert p == {"draw": ["a", "b"], "discard": ["x", "y"], "empty": []}
    assert all(type(v) is list for v in p.values())
    p["draw"].append("z")
    assert source == ["a", "b"]
    assert piles.new() == {}


def test_size():
    p = sample()
    assert piles.size(p, "draw") == 4
    assert piles.size(p, "hand") == 0
    with pytest.raises(KeyError, match="no pile named 'nope'"):
        piles.size(p, "nope")


def test_contents_counts_all_or_named_piles():
    p = piles.new(draw=["a", "b", "a"], discard=["b"], hand=["c"])
    assert piles.contents(p) == Counter({"a": 2, "b": 2, "c": 1})
    assert piles.contents(p, ["draw"]) == Counter({"a": 2, "b": 1})
    assert piles.contents(p, ["discard", "hand"]) == Counter({"b": 1, "c": 1})
    assert piles.contents(p, []) == Counter()
    assert piles.contents({}) == Counter()
    with pytest.raises(KeyError):
        piles.contents(p, ["nope"])


# --- draw ----------------------------------------------------------------------------------


def test_draw_takes_from_the_top_in_order():
    p = sample()
    assert piles.draw(p, "draw") == ["a"]
    assert piles.draw(p, "draw", 2) == ["b", "c"]
    assert p["draw"] == ["d"]
    assert piles.draw(p, "draw", 0) == []
    assert piles.draw(p, "draw", 1) == ["d"]
    assert p["draw"] == []


def test_draw_returns_a_new_list_not_a_view():
    p = sample()
    taken = piles.draw(p, "draw", 2)
    taken.append("zz")
    assert p["draw"] == ["c", "d"]


def test_draw_more_than_the_pile_holds_is_refused_and_changes_nothing():
    p = sample()
    before = copy.deepcopy(p)
    with pytest.raises(RuleError) as caught:
        piles.draw(p, "draw", 5)
    assert caught.value.code == "pile_empty"
    assert caught.value.rule is None
    assert "draw" in english(caught.value.message) and "4" in english(caught.value.message)
    assert p == before
    with pytest.raises(RuleError) as caught:
        piles.draw(p, "hand")
    assert caught.value.code == "pile_empty"
    assert p == before


def test_draw_negative_is_a_programming_error():
    p = sample()
    with pytest.raises(ValueError):
        piles.draw(p, "draw", -1)
    assert p == sample()


def test_draw_from_a_missing_pile():
    with pytest.raises(KeyError):
        piles.draw(sample(), "nope")


# --- put_top / put_bottom ------------------------------------------------------------------


def test_put_top_first_card_ends_on_top():
    p = sample()
    piles.put_top(p, "draw", ["y", "z"])
    assert p["draw"] == ["y", "z", "a", "b", "c", "d"]
    piles.put_top(p, "hand", iter(["q"]))
    assert p["hand"] == ["q"]
    piles.put_top(p, "hand", [])
    assert p["hand"] == ["q"]


def test_put_bottom_keeps_order_at_the_bottom():
    p = sample()
    piles.put_bottom(p, "draw", ["y", "z"])
    assert p["draw"] == ["a", "b", "c", "d", "y", "z"]
    piles.put_bottom(p, "hand", (c for c in "pq"))
    assert p["hand"] == ["p", "q"]


def test_draw_then_put_top_restores_the_pile():
    p = sample()
    piles.put_top(p, "draw", piles.draw(p, "draw", 3))
    assert p == sample()


@pytest.mark.parametrize("fn", [piles.put_top, piles.put_bottom])
def test_put_on_a_missing_pile(fn):
    p = sample()
    with pytest.raises(KeyError):
        fn(p, "nope", ["a"])
    assert p == sample()


# --- take / move ---------------------------------------------------------------------------


def test_take_removes_one_occurrence():
    p = piles.new(draw=["a", "b", "a", "c"])
    piles.take(p, "draw", "a")
    assert p["draw"] == ["b", "a", "c"]
    piles.take(p, "draw", "c")
    assert p["draw"] == ["b", "a"]


def test_take_a_missing_card_is_refused_and_changes_nothing():
    p = sample()
    with pytest.raises(RuleError) as caught:
        piles.take(p, "draw", "x")
    assert caught.value.code == "card_not_there"
    assert caught.value.rule is None
    assert "draw" in english(caught.value.message)
    assert p == sample()


def test_move_to_top_and_bottom():
    p = sample()
    piles.move(p, "c", "draw", "discard")
    assert p == {"draw": ["a", "b", "d"], "discard": ["c", "x"], "hand": []}
    piles.move(p, "a", "draw", "discard", bottom=True)
    assert p == {"draw": ["b", "d"], "discard": ["c", "x", "a"], "hand": []}


def test_move_within_one_pile_puts_the_card_on_top_or_bottom():
    p = sample()
    piles.move(p, "c", "draw", "draw")
    assert p["draw"] == ["c", "a", "b", "d"]
    piles.move(p, "c", "draw", "draw", bottom=True)
    assert p["draw"] == ["a", "b", "d", "c"]


def test_move_a_missing_card_is_refused_and_changes_nothing():
    p = sample()
    with pytest.raises(RuleError) as caught:
        piles.move(p, "zz", "draw", "discard")
    assert caught.value.code == "card_not_there"
    assert p == sample()


def test_move_to_a_missing_pile_loses_no_card():
    p = sample()
    with pytest.raises(KeyError):
        piles.move(p, "a", "draw", "nope")
    assert p == sample()


def test_move_all_keeps_order_on_top_of_target():
    p = sample()
    piles.move_all(p, "draw", "discard")
    assert p == {"draw": [], "discard": ["a", "b", "c", "d", "x"], "hand": []}
    piles.move_all(p, "hand", "discard")  # empty source: nothing happens
    assert p == {"draw": [], "discard": ["a", "b", "c", "d", "x"], "hand": []}


def test_move_all_onto_itself_changes_nothing():
    p = sample()
    piles.move_all(p, "draw", "draw")
    assert p == sample()


def test_move_all_keeps_the_source_list_object():
    """Piles are edited in place: a caller holding the list sees it emptied."""
    p = sample()
    held = p["draw"]
    piles.move_all(p, "draw", "hand")
    assert held == [] and p["draw"] is held


def test_move_all_to_a_missing_pile_loses_no_card():
    p = sample()
    with pytest.raises(KeyError):
        piles.move_all(p, "draw", "nope")
    assert p == sample()


# --- shuffle -------------------------------------------------------------------------------


def test_shuffle_permutes_only_the_named_pile_deterministically():
    deck = [f"c{i}" for i in range(30)]
    p = piles.new(draw=deck, discard=["x", "y"])
    q = copy.deepcopy(p)
    piles.shuffle(p, "draw", Rng(SEED, 1))
    piles.shuffle(q, "draw", Rng(SEED, 1))
    assert p == q
    assert Counter(p["draw"]) == Counter(deck)
    assert p["draw"] != deck  # 1 in 30! of failing by chance, and the seed is fixed
    assert p["discard"] == ["x", "y"]
    r = piles.new(draw=deck)
    piles.shuffle(r, "draw", Rng(SEED, 2))
    assert r["draw"] != p["draw"]


def test_shuffle_matches_the_rng_shuffle():
    deck = list(range(20))
    p = piles.new(draw=deck)
    piles.shuffle(p, "draw", Rng(SEED, 3))
    expected = list(deck)
    Rng(SEED, 3).shuffle(expected)
    assert p["draw"] == expected


def test_shuffle_missing_pile():
    with pytest.raises(KeyError):
        piles.shuffle({}, "draw", Rng(SEED, 0))


# --- banish --------------------------------------------------------------------------------


def test_banish_creates_the_banished_pile_and_keeps_the_card_counted():
    p = sample()
    before = piles.contents(p)
    piles.banish(p, "b", "draw")
    assert p["draw"] == ["a", "c", "d"]
    assert p["banished"] == ["b"]
    piles.banish(p, "x", "discard")
    assert p["banished"] == ["x", "b"]
    assert piles.contents(p) == before


def test_banish_to_a_named_pile():
    p = sample()
    piles.banish(p, "a", "draw", banished="gone")
    assert p["gone"] == ["a"]
    assert "banished" not in p


def test_banish_a_missing_card_is_refused():
    p = sample()
    with pytest.raises(RuleError) as caught:
        piles.banish(p, "zz", "draw")
    assert caught.value.code == "card_not_there"
    assert piles.contents(p) == piles.contents(sample())
    assert p["draw"] == ["a", "b", "c", "d"]


# --- add_from_box / return_to_box ----------------------------------------------------------


def test_add_from_box_puts_new_cards_on_top():
    p = sample()
    piles.add_from_box(p, "draw", ["n1", "n2"])
    assert p["draw"] == ["n1", "n2", "a", "b", "c", "d"]
    assert piles.contents(p) == piles.contents(sample()) + Counter(["n1", "n2"])


def test_return_to_box_removes_given_cards_from_anywhere():
    p = piles.new(draw=["a", "b", "a", "c"])
    piles.return_to_box(p, "draw", ["a", "c"])
    assert p["draw"] == ["b", "a"]
    piles.return_to_box(p, "draw", [])
    assert p["draw"] == ["b", "a"]


def test_return_to_box_a_missing_card_is_refused():
    p = sample()
    with pytest.raises(RuleError) as caught:
        piles.return_to_box(p, "draw", ["zz"])
    assert caught.value.code == "card_not_there"
    assert p == sample()


# --- the conservation state machine --------------------------------------------------------

NAMES = ["draw", "discard", "hand", "table"]
cards = st.integers(min_value=0, max_value=9)  # few ids, so duplicates happen


class PilesMachine(RuleBasedStateMachine):
    """Random sequences of pile operations. ``held`` is cards drawn and not yet put anywhere
    (in a player's hand, as far as the piles know); ``expected`` changes only by explicit
    add_from_box / return_to_box."""

    def __init__(self) -> None:
        super().__init__()
        self.piles = piles.new(**{name: [] for name in NAMES})
        self.held: list = []
        self.expected: Counter = Counter()
        self.rng_index = 0

    def nonempty(self) -> list[str]:
        return [name for name, pile in self.piles.items() if pile]

    # growth and shrinkage, the only two ways
    @rule(name=st.sampled_from(NAMES), new=st.lists(cards, max_size=6))
    def add_from_box(self, name, new):
        before = list(self.piles[name])
        piles.add_from_box(self.piles, name, new)
        self.expected.update(new)
        assert self.piles[name] == new + before

    @precondition(lambda self: self.nonempty())
    @rule(data=st.data())
    def return_to_box(self, data):
        name = data.draw(st.sampled_from(self.nonempty()))
        pile = self.piles[name]
        chosen = data.draw(st.lists(st.sampled_from(range(len(pile))), unique=True, max_size=3))
        gone = [pile[i] for i in chosen]
        piles.return_to_box(self.piles, name, gone)
        self.expected.subtract(gone)

    # conserving moves
    @rule(name=st.sampled_from(NAMES), n=st.integers(min_value=0, max_value=5))
    def draw(self, name, n):
        before = list(self.piles[name])
        if n <= len(before):
            taken = piles.draw(self.piles, name, n)
            assert taken == before[:n]
            assert self.piles[name] == before[n:]
            self.held.extend(taken)
        else:
            with pytest.raises(RuleError) as caught:
                piles.draw(self.piles, name, n)
            assert caught.value.code == "pile_empty"
            assert self.piles[name] == before

    @precondition(lambda self: self.held)
    @rule(name=st.sampled_from(NAMES), data=st.data())
    def put_top(self, name, data):
        k = data.draw(st.integers(min_value=1, max_value=len(self.held)))
        cards_, self.held = self.held[:k], self.held[k:]
        before = list(self.piles[name])
        piles.put_top(self.piles, name, cards_)
        assert self.piles[name] == cards_ + before

    @precondition(lambda self: self.held)
    @rule(name=st.sampled_from(NAMES), data=st.data())
    def put_bottom(self, name, data):
        k = data.draw(st.integers(min_value=1, max_value=len(self.held)))
        cards_, self.held = self.held[:k], self.held[k:]
        before = list(self.piles[name])
        piles.put_bottom(self.piles, name, cards_)
        assert self.piles[name] == before + cards_

    @precondition(lambda self: self.nonempty())
    @rule(target_name=st.sampled_from(NAMES), bottom=st.booleans(), data=st.data())
    def move(self, target_name, bottom, data):
        source = data.draw(st.sampled_from(self.nonempty()))
        card = data.draw(st.sampled_from(self.piles[source]))
        before_source = Counter(self.piles[source])
        before_target = Counter(self.piles[target_name])
        piles.move(self.piles, card, source, target_name, bottom=bottom)
        assert self.piles[target_name][-1 if bottom else 0] == card
        if source != target_name:
            assert Counter(self.piles[source]) == before_source - Counter([card])
            assert Counter(self.piles[target_name]) == before_target + Counter([card])

    @rule(source=st.sampled_from(NAMES), target_name=st.sampled_from(NAMES))
    def move_all(self, source, target_name):
        moving = list(self.piles[source])
        before_target = list(self.piles[target_name])
        piles.move_all(self.piles, source, target_name)
        if source == target_name:
            assert self.piles[source] == moving
        else:
            assert self.piles[source] == []
            assert self.piles[target_name] == moving + before_target

    @rule(name=st.sampled_from(NAMES))
    def shuffle(self, name):
        before = Counter(self.piles[name])
        self.rng_index += 1
        piles.shuffle(self.piles, name, Rng(SEED, self.rng_index))
        assert Counter(self.piles[name]) == before

    @precondition(lambda self: self.nonempty())
    @rule(data=st.data())
    def banish(self, data):
        source = data.draw(st.sampled_from(self.nonempty()))
        card = data.draw(st.sampled_from(self.piles[source]))
        piles.banish(self.piles, card, source)
        assert self.piles["banished"][0] == card

    # refusals leave everything as it was
    @rule(name=st.sampled_from(NAMES), card=st.integers(min_value=10, max_value=12))
    def take_missing(self, name, card):
        before = copy.deepcopy(self.piles)
        with pytest.raises(RuleError) as caught:
            piles.move(self.piles, card, name, "table")
        assert caught.value.code == "card_not_there"
        assert self.piles == before

    @invariant()
    def multiset_is_conserved(self):
        assert +self.expected == self.expected, "the model returned a card it never had"
        assert piles.contents(self.piles) + Counter(self.held) == self.expected

    @invariant()
    def piles_are_plain_lists(self):
        assert all(type(pile) is list for pile in self.piles.values())


PilesMachine.TestCase.settings = settings(
    max_examples=100,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestPiles = PilesMachine.TestCase
