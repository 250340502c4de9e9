"""The table's keyed random stream: determinism, range, uniformity and shuffle fairness.

The statistical tests use fixed seeds, so they are deterministic: they either always pass or
always fail for a given implementation. Thresholds are p > 0.001.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import re
import time
from collections import Counter

import pytest
from scipy import stats

from tableapp.engine.rng import Rng, commitment

SEED = bytes.fromhex("5eed" * 16)  # 256 bits, fixed so the statistics are reproducible
ALPHA = 0.001


def reference_stream(seed: bytes, index: int, nbytes: int) -> bytes:
    """The documented construction, written out independently: HMAC-SHA256 in counter mode
    under a per-action key HMAC(seed, "tableapp/action/<index>")."""
    key = hmac.new(seed, b"tableapp/action/%d" % index, hashlib.sha256).digest()
    out = b""
    counter = 0
    while len(out) < nbytes:
        out += hmac.new(key, counter.to_bytes(8, "big"), hashlib.sha256).digest()
        counter += 1
    return out[:nbytes]


# --- determinism ---------------------------------------------------------------------------


def draws(seed: bytes, index: int, n: int = 50, bound: int = 1000) -> list[int]:
    rng = Rng(seed, index)
    return [rng.below(bound) for _ in range(n)]


def test_same_seed_and_index_give_the_same_stream():
    assert draws(SEED, 3) == draws(SEED, 3)
    a, b = list(range(40)), list(range(40))
    Rng(SEED, 9).shuffle(a)
    Rng(SEED, 9).shuffle(b)
    assert a == b


def test_different_index_gives_a_different_stream():
    streams = {tuple(draws(SEED, i)) for i in range(20)}
    assert len(streams) == 20


def test_different_seed_gives_a_different_stream():
    other = bytes.fromhex("5eed" * 15 + "5eee")
    assert draws(SEED, 0) != draws(other, 0)


def test_stream_matches_the_documented_construction():
    """Pins the derivation: stored tables are replayed from their log, so the bytes drawn for
    (seed, index) must never change between releases."""
    for index in (0, 1, 17, 123456):
        rng = Rng(SEED, index)
        # below(256) uses exactly one byte and never rejects, so it exposes the raw stream.
        got = bytes(rng.below(256) for _ in range(100))  # crosses several 32-byte blocks
        assert got == reference_stream(SEED, index, 100)


def test_stream_does_not_depend_on_how_it_is_consumed():
    """Drawing one byte at a time or two at a time reads the same underlying bytes."""
    one = Rng(SEED, 4)
    two = Rng(SEED, 4)
    singles = [one.below(256) for _ in range(64)]
    pairs = [two.below(65536) for _ in range(32)]
    assert pairs == [singles[i] << 8 | singles[i + 1] for i in range(0, 64, 2)]


# --- below / between / choice / sample -----------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 5, 7, 8, 9, 100, 255, 256, 257, 1000, 65537, 2**40 + 3])
def test_below_stays_in_range(n):
    rng = Rng(SEED, n % 1000)
    values = [rng.below(n) for _ in range(2000)]
    assert all(isinstance(v, int) and 0 <= v < n for v in values)
    if n <= 8:
        assert set(values) == set(range(n))


@pytest.mark.parametrize("n", [0, -1, -256])
def test_below_refuses_non_positive(n):
    with pytest.raises(ValueError):
        Rng(SEED, 0).below(n)


def test_below_one_is_zero_without_consuming_the_stream():
    a, b = Rng(SEED, 2), Rng(SEED, 2)
    assert [a.below(1) for _ in range(10)] == [0] * 10
    assert a.below(256) == b.below(256)


class ScriptedRng(Rng):
    """An Rng whose raw bytes are scripted, to watch the rejection step itself."""

    def __init__(self, script: bytes) -> None:
        super().__init__(SEED, 0)
        self.script = bytearray(script)

    def _bytes(self, n: int) -> bytes:
        out = bytes(self.script[:n])
        assert len(out) == n, "drew more bytes than scripted"
        del self.script[:n]
        return out


def test_below_rejects_out_of_range_values_instead_of_folding_them():
    # n = 3 masks to 2 bits: raw 3 must be rejected (a modulo would map it to 0).
    rng = ScriptedRng(bytes([3, 0xFF, 7, 2]))  # 0xFF & 3 == 3, 7 & 3 == 3, then 2
    assert rng.below(3) == 2
    assert not rng.script
    # n = 200 uses one whole byte: 200..255 are rejected, not reduced.
    rng = ScriptedRng(bytes([200, 255, 199]))
    assert rng.below(200) == 199
    # n = 300 needs 9 bits from two bytes: 0x01FF & 0x1FF = 511 is rejected.
    rng = ScriptedRng(bytes([0x01, 0xFF, 0xFE, 0x2B]))  # 0xFE2B & 0x1FF = 0x02B = 43
    assert rng.below(300) == 43


def uniform_p(values: list[int], n: int) -> float:
    counts = Counter(values)
    observed = [counts[i] for i in range(n)]
    assert sum(observed) == len(values), "values out of range"
    return stats.chisquare(observed).pvalue


def test_below_three_is_unbiased():
    """n = 3 is the worst case for rejection (1 in 4 raw values rejected)."""
    rng = Rng(SEED, 33)
    values = [rng.below(3) for _ in range(60_000)]
    assert uniform_p(values, 3) > ALPHA
    # and no value is hugely over-represented (a folded 2-bit draw gives 0 half the time)
    assert max(Counter(values).values()) < 0.35 * len(values)


@pytest.mark.parametrize("n", [6, 10, 200, 1000])
def test_below_is_uniform(n):
    rng = Rng(SEED, 1000 + n)
    values = [rng.below(n) for _ in range(500 * n if n < 1000 else 200_000)]
    assert uniform_p(values, n) > ALPHA


def test_below_uniformity_check_has_power():
    """The same check rejects a byte-modulo draw for n = 200 (0..55 twice as likely)."""
    rng = Rng(SEED, 77)
    values = [rng.below(256) % 200 for _ in range(100_000)]
    assert uniform_p(values, 200) < ALPHA


def test_between_is_inclusive():
    rng = Rng(SEED, 5)
    values = [rng.between(-3, 3) for _ in range(5000)]
    assert set(values) == set(range(-3, 4))
    assert [Rng(SEED, 6).between(7, 7) for _ in range(3)] == [7, 7, 7]
    with pytest.raises(ValueError):
        Rng(SEED, 5).between(4, 3)


def test_choice_and_sample():
    rng = Rng(SEED, 8)
    items = ["a", "b", "c", "d"]
    assert {rng.choice(items) for _ in range(500)} == set(items)
    with pytest.raises(ValueError):
        rng.choice([])
    for k in range(len(items) + 1):
        got = rng.sample(items, k)
        assert len(got) == k and len(set(got)) == k and set(got) <= set(items)
    assert items == ["a", "b", "c", "d"], "sample must not shuffle its input"


# --- shuffle -------------------------------------------------------------------------------


def test_shuffle_is_a_permutation_in_place():
    deck = [f"c{i}" for i in range(23)] + ["dup", "dup"]
    before = Counter(deck)
    Rng(SEED, 1).shuffle(deck)
    assert Counter(deck) == before
    for size in (0, 1):
        small = list(range(size))
        Rng(SEED, 1).shuffle(small)
        assert small == list(range(size))


def position_card_p(table: list[list[int]], n: int) -> float:
    """p-value of a position x card count table of ``N`` uniform shuffles of ``n`` cards.

    The Pearson statistic of a sum of random permutation matrices is (n/(n-1)) chi2((n-1)^2),
    not chi2((n-1)^2): every row and column sums to N exactly and the cells are negatively
    correlated. Rescale so the p-value is calibrated.
    """
    statistic, _, dof, _ = stats.chi2_contingency(table, correction=False)
    assert dof == (n - 1) ** 2
    return stats.chi2.sf(statistic * (n - 1) / n, dof)


def count_positions(shuffles, n: int) -> list[list[int]]:
    table = [[0] * n for _ in range(n)]
    for deck in shuffles:
        for position, card in enumerate(deck):
            table[position][card] += 1
    return table


def test_shuffle_fairness_23_cards():
    """10^5 shuffles of a 23-card deck, one action stream (seed, index) per shuffle as in
    play: every card is equally likely at every position."""
    n, shuffles = 23, 100_000
    started = time.perf_counter()
    table = [[0] * n for _ in range(n)]
    for i in range(shuffles):
        deck = list(range(n))
        Rng(SEED, i).shuffle(deck)
        for position, card in enumerate(deck):
            table[position][card] += 1
    elapsed = time.perf_counter() - started
    assert all(sum(row) == shuffles for row in table)
    p = position_card_p(table, n)
    print(f"23-card fairness: {shuffles} shuffles in {elapsed:.1f}s, p = {p:.3f}")
    assert p > ALPHA
    # No single cell is wildly off either (expected 4348, sd ~ 64).
    expected = shuffles / n
    assert all(abs(c - expected) < 6 * expected**0.5 for row in table for c in row)


def test_fairness_check_has_power():
    """The same check rejects the classic naive shuffle (swap with any position)."""
    n = 23
    rng = Rng(SEED, 424242)

    def naive():
        deck = list(range(n))
        for i in range(n):
            j = rng.below(n)
            deck[i], deck[j] = deck[j], deck[i]
        return deck

    assert position_card_p(count_positions((naive() for _ in range(20_000)), n), n) < ALPHA


@pytest.mark.parametrize("n, shuffles", [(3, 30_000), (4, 48_000)])
def test_every_order_is_equally_likely(n, shuffles):
    rng = Rng(SEED, 900 + n)
    orders = Counter()
    for _ in range(shuffles):
        deck = list(range(n))
        rng.shuffle(deck)
        orders[tuple(deck)] += 1
    everything = list(itertools.permutations(range(n)))
    assert set(orders) == set(everything)  # 6 resp. 24 orders, and nothing else
    observed = [orders[order] for order in everything]
    assert stats.chisquare(observed).pvalue > ALPHA


def test_order_check_has_power():
    """Sattolo's algorithm (j < i: an off-by-one Fisher-Yates) only makes cyclic orders."""
    rng = Rng(SEED, 5)
    orders = Counter()
    for _ in range(6000):
        deck = list(range(3))
        for i in range(2, 0, -1):
            j = rng.below(i)
            deck[i], deck[j] = deck[j], deck[i]
        orders[tuple(deck)] += 1
    observed = [orders[o] for o in itertools.permutations(range(3))]
    assert stats.chisquare(observed).pvalue < ALPHA


# --- seeds and commitments -----------------------------------------------------------------


def test_commitment_is_sha256_hex():
    for seed in (SEED, b"\x00" * 16, bytes(range(32))):
        c = commitment(seed)
        assert re.fullmatch(r"[0-9a-f]{64}", c)
        assert c == hashlib.sha256(seed).hexdigest()
    assert commitment(b"abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    assert commitment(SEED) != commitment(SEED[:-1] + b"\x00")


@pytest.mark.parametrize("length", [0, 1, 8, 15])
def test_short_seeds_are_refused(length):
    with pytest.raises(ValueError):
        Rng(b"\x01" * length, 0)


@pytest.mark.parametrize("length", [16, 32, 64])
def test_seeds_of_128_bits_or_more_are_accepted(length):
    Rng(b"\x01" * length, 0).below(10)


def test_production_seeds_come_from_secrets(monkeypatch):
    from tableapp.tables import lobby

    real = lobby.new_seed()
    assert isinstance(real, bytes) and len(real) == 32
    assert lobby.new_seed() != real

    calls = []
    marker = bytes(range(100, 132))

    def fake(nbytes=None):
        calls.append(nbytes)
        return marker

    monkeypatch.setattr(lobby.secrets, "token_bytes", fake)
    assert lobby.new_seed() == marker
    assert calls == [32]


# --- what an action showed, and the effective seed ------------------------------------------


def test_a_stream_records_whether_the_action_used_it():
    rng = Rng(SEED, 0)
    assert rng.used is False
    assert rng.below(1) == 0 and rng.used is False  # a one-way choice shows no outcome
    rng.shuffle([1])
    assert rng.used is False
    rng.between(1, 6)  # a die roll
    assert rng.used is True


def test_a_shuffle_is_not_a_reveal_while_its_pile_stays_secret():
    """A roll, a pick or a sample shows an outcome; a shuffle only once the game does not say
    its list stayed secret, or when a card left it."""
    for show in (lambda r: r.between(1, 6), lambda r: r.choice("ab"), lambda r: r.sample("abc", 1)):
        rng = Rng(SEED, 0)
        show(rng)
        assert rng.used and rng.shown
    pile, other = list("abcdef"), list("uvwxyz")
    rng = Rng(SEED, 0)
    rng.shuffle(pile)
    assert rng.used and rng.shown  # nobody said where the list went: an outcome, to be safe
    rng.kept_secret(lambda items: items is other)
    assert rng.shown  # another list is secret, not this one
    rng.kept_secret(lambda items: items is pile)
    assert rng.used and not rng.shown
    drawn = Rng(SEED, 0)
    drawn.shuffle(pile)
    pile.pop(0)  # a card taken off it, however the rules took it
    drawn.kept_secret(lambda items: items is pile)
    assert drawn.shown


def test_a_shuffle_draws_the_same_stream_as_before_it_stopped_counting_as_a_reveal():
    """The stream's values are unchanged: logs from before replay alike."""
    rng = Rng(SEED, 4)
    items = list(range(20))
    rng.shuffle(items)
    reference = Rng(SEED, 4)
    expected = list(range(20))
    for i in range(19, 0, -1):
        j = reference.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    assert Rng(SEED, 4).sample(range(20), 5) == expected[:5]


def test_a_draw_off_a_shuffled_pile_is_recorded_on_the_stream():
    from tableapp.engine import piles

    deck = piles.new(draw=["a", "b"], discard=[])
    rng = Rng(SEED, 0)
    assert piles.draw(deck, "draw", 0, rng) == [] and rng.used is False
    assert piles.draw(deck, "draw", 1) == ["a"] and rng.used is False  # no stream given
    assert piles.draw(deck, "draw", 1, rng) == ["b"] and rng.used is True and rng.shown


def test_effective_seed_is_hmac_of_the_seed_over_the_contributions_in_seat_order():
    from tableapp.engine.rng import effective_seed

    contributions = [
        {"seat": 1, "contribution": "ab" * 32},
        {"seat": 2, "contribution": None},
        {"seat": 3, "contribution": "0f" * 32},
    ]
    message = b"tableapp/contributions/1\n1:" + b"ab" * 32 + b"\n2:\n3:" + b"0f" * 32 + b"\n"
    assert effective_seed(SEED, contributions) == hmac.new(SEED, message, hashlib.sha256).digest()
    swapped = [contributions[2], contributions[1], contributions[0]]
    assert effective_seed(SEED, swapped) != effective_seed(SEED, contributions)
    assert effective_seed(b"\1" * 32, contributions) != effective_seed(SEED, contributions)


@pytest.mark.parametrize(
    "bad",
    [
        {"seat": 1, "contribution": "AB" * 32},  # the API lowers it; the engine takes one form
        {"seat": 1, "contribution": "ab" * 31},
        {"seat": 1, "contribution": 7},
        {"seat": True, "contribution": None},
    ],
)
def test_effective_seed_refuses_an_unreadable_contribution(bad):
    from tableapp.engine.rng import effective_seed

    with pytest.raises(ValueError):
        effective_seed(SEED, [bad])
