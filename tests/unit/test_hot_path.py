"""The action path's cheap parts: JSON codec, state clone, the streams' shared recent log,
and the stream loop reading the log once per ring."""

from __future__ import annotations

import itertools
import json

from tableapp import codec
from tableapp.database.log_reads import RecentLog
from tableapp.engine import clone
from tableapp.live import notifier


def test_codec_writes_what_the_standard_library_writes():
    value = {
        "text": "Zoé a mangé « un humain » ✓ \u2028",
        "n": [1, -2, 3.5, True, None],
        "nested": {"a": {"b": []}},
    }
    expected = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
    assert codec.dumps(value) == expected
    assert codec.loads(codec.dumps(value)) == value


def test_codec_turns_integer_keys_into_strings_as_json_does():
    assert codec.dumps({1: "a", "2": "b"}) == b'{"1":"a","2":"b"}'
    assert codec.dumps_text({3: [1]}) == json.dumps({3: [1]}, separators=(",", ":"))


def test_clone_is_deep_and_equal():
    state = {"piles": {"draw": [1, 2, 3]}, "seats": [{"hand": ["a"]}], "flag": None}
    copy = clone(state)
    assert copy == state
    copy["piles"]["draw"].pop()
    copy["seats"][0]["hand"].append("b")
    assert state == {"piles": {"draw": [1, 2, 3]}, "seats": [{"hand": ["a"]}], "flag": None}


class Row:
    """Stands in for a SQLAlchemy row (``_asdict``)."""

    def __init__(self, number, type_="draw", payload=None, undone=False):
        self.values = {
            "number": number,
            "type": type_,
            "payload": payload or {},
            "undone": undone,
            "public": [],
            "private": {},
        }

    def _asdict(self):
        return dict(self.values)


def test_recent_log_serves_only_a_complete_run_up_to_the_announced_number():
    log = RecentLog()
    key = (7, "ABCDEF")
    log.keep(key, [Row(1), Row(2), Row(3)])
    assert [e.number for e in log.read(key, 1, 3)] == [2, 3]
    assert log.read(key, 1, 4) is None  # 4 is not held: the database must be asked
    assert log.read(key, 3, 3) is None  # nothing new announced
    assert log.read(key, 1, None) is None  # no announcement (a poll): ask the database


def test_recent_log_is_keyed_by_id_and_code():
    log = RecentLog()
    log.keep((7, "ABCDEF"), [Row(1)])
    assert log.read((7, "ZZZZZZ"), 0, 1) is None


def test_recent_log_marks_an_undone_entry_when_it_sees_the_undo():
    log = RecentLog()
    key = (1, "CODE")
    log.keep(key, [Row(5)])
    log.keep(key, [Row(6, "undo", {"target": 5})])
    five, six = log.read(key, 4, 6)
    assert five.undone is True and six.type == "undo"


def test_recent_log_is_bounded():
    log = RecentLog(per_table=3, tables=2)
    log.keep((1, "A"), [Row(n) for n in range(1, 11)])
    assert [e.number for e in log.read((1, "A"), 7, 10)] == [8, 9, 10]
    assert log.read((1, "A"), 6, 10) is None  # 7 was dropped
    log.keep((2, "B"), [Row(1)])
    log.keep((3, "C"), [Row(1)])
    assert log.read((1, "A"), 9, 10) is None  # the least recent table was dropped


def test_recent_log_reads_the_database_once_for_phones_woken_together():
    log = RecentLog()
    key = (1, "CODE")
    loads = []

    def load():
        loads.append(1)
        return [Row(1), Row(2)]

    for _ in range(5):
        assert [e.number for e in log.entries(key, 0, 2, load)] == [1, 2]
    assert len(loads) == 1


class RingingBus:
    """A reliable bus: the first wait is rung by a commit of ``then`` (which it adds)."""

    reliable = True

    def __init__(self, log, then, calls):
        self.log, self.then, self.calls = log, then, calls

    def publish(self, code, seq):
        pass

    def wait(self, code, after, timeout):
        self.calls.append("wait")
        if self.then not in self.log:
            self.log[self.then] = {"seq": self.then}
            return self.then
        return None


def test_a_ring_costs_one_read_told_the_announced_number(monkeypatch):
    calls = []
    log = {n: {"seq": n} for n in range(1, 4)}
    monkeypatch.setattr(notifier, "_bus", RingingBus(log, 4, calls))

    def read_after(after, known):
        calls.append((after, known))
        return [log[n] for n in sorted(log) if n > after]

    ticks = itertools.count()
    frames = notifier.stream(
        read_after,
        "CODE",
        0,
        heartbeat=100,
        poll=100,
        retry_ms=1000,
        max_seconds=5,
        clock=lambda: next(ticks) / 100,
    )
    sent = [next(frames) for _ in range(5)]
    assert [frame.split("\n")[0] for frame in sent[1:]] == ["id: 1", "id: 2", "id: 3", "id: 4"]
    list(frames)  # runs on until max_seconds
    # at open: one read, then one more in case of another page; then the ring, one read
    # told the announced number (served from the recent log), then straight back to waiting
    assert calls[:5] == [(0, None), (3, None), "wait", (3, 4), "wait"]


def test_local_bus_is_reliable_only_when_configured():
    assert notifier.LocalBus().reliable is False
    assert notifier.LocalBus(reliable=True).reliable is True


def test_recent_log_keeps_committed_entries_as_a_read_gives_them_back():
    log = RecentLog()
    written = [
        {
            "number": 1,
            "seat": 2,
            "type": "draw",
            "payload": {"pile": (1, 2)},
            "public": [{"msg": "x", "args": {3: "three"}}],
            "private": {"2": [{"card": 7}]},
            "undone": False,
            "before": {"state": 1},
        },
        {"number": 2, "type": "undo", "payload": {"target": 1}, "public": [], "private": {}},
    ]
    log.keep_written((1, "A"), written)
    first, second = log.read((1, "A"), 0, 2)
    assert first.payload == {"pile": [1, 2]}  # through the JSON encoding, as stored
    assert first.public == [{"msg": "x", "args": {"3": "three"}}]
    assert not hasattr(first, "before") and first.id is None and first.table_id == 1
    assert first.undone is True and second.type == "undo"  # marked once its undo is seen


class _Table:
    def __init__(self, seq, id_=1, code="A"):
        self.id, self.code, self.seq = id_, code, seq


def test_not_effective_counts_move_on_only_from_a_held_count():
    from tableapp.database.log_reads import NotEffective

    counts = NotEffective()
    counts.committed(_Table(3), [{"number": 3, "type": "undo"}])  # nothing held before it
    assert counts.get(_Table(3)) is None
    counts.put(_Table(2), 2, 1)
    assert counts.get(_Table(2)) == 1 and counts.get(_Table(3)) is None
    assert counts.get(_Table(2, code="B")) is None  # keyed by id and code
    written = [{"number": 3, "type": "undo"}, {"number": 4, "type": "draw"}]
    counts.committed(_Table(4), written)
    assert counts.get(_Table(4)) == 3  # an undo counts 2, a game action 0
    counts.committed(_Table(6), [{"number": 6, "type": "reissue"}])  # 5 was not seen here
    assert counts.get(_Table(6)) is None and counts.get(_Table(4)) == 3


def _wait_in_thread(bus, after, timeout):
    import threading
    import time

    out = {}

    def run():
        out["value"] = bus.wait("T", after, timeout)
        out["ended"] = time.monotonic()

    thread = threading.Thread(target=run)
    thread.start()
    time.sleep(0.05)
    return thread, out


def test_local_bus_wakes_nobody_for_a_seq_announced_again_but_does_for_a_wake_up():
    import time

    bus = notifier.LocalBus(reliable=True)
    bus.publish("T", 5)
    started = time.monotonic()
    thread, out = _wait_in_thread(bus, 5, 0.6)
    bus.publish("T", 5)  # Redis ringing this process's own commit back
    bus.publish("T", 4)
    thread.join()
    assert out["value"] is None and out["ended"] - started >= 0.55
    started = time.monotonic()
    thread, out = _wait_in_thread(bus, 5, 5.0)
    bus.publish("T", 0)  # a gap in the subscription: every stream re-reads
    thread.join()
    assert out["value"] is None and out["ended"] - started < 2.0
    thread, out = _wait_in_thread(bus, 5, 5.0)
    bus.publish("T", 6)
    thread.join()
    assert out["value"] == 6
