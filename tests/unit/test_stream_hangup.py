"""A stream's hang-up ends it at once, but never in the middle of one of its database reads
(``Hangup.held``): the read finishes and hands its connection back, then the stream ends.

gevent without monkey-patching: ``gevent.sleep`` stands for a read waiting on PostgreSQL.
tests/hosted/test_stream_reads.py does the same with a real read held up by PostgreSQL.
"""

from __future__ import annotations

import gevent
import pytest

from tableapp.api.server_slots import ClientGone, Hangup, NoHangup


def _stream(steps: list[str], body) -> tuple[gevent.Greenlet, Hangup]:
    def run():
        try:
            body(hangup)
            steps.append("ended")
        except ClientGone:
            steps.append("gone")

    greenlet = gevent.spawn(run)
    hangup = Hangup(greenlet)
    gevent.sleep(0)  # the stream starts
    return greenlet, hangup


def test_a_hangup_while_waiting_ends_the_stream_at_once():
    steps: list[str] = []
    greenlet, hangup = _stream(steps, lambda h: gevent.sleep(30))  # waiting for the bus
    hangup.hung_up()
    greenlet.join(2)
    assert greenlet.dead and steps == ["gone"]


def test_a_hangup_during_a_read_waits_for_its_end():
    steps: list[str] = []

    def body(hangup):
        with hangup.held():
            gevent.sleep(0.2)  # the read
            steps.append("read done")
        steps.append("sent")  # never: the stream ends right after the read

    greenlet, hangup = _stream(steps, body)
    hangup.hung_up()
    gevent.sleep(0.05)
    assert not greenlet.dead and steps == []  # the read goes on
    greenlet.join(2)
    assert steps == ["read done", "gone"]


def test_a_read_that_fails_ends_the_stream_with_its_own_error():
    steps: list[str] = []

    def body(hangup):
        try:
            with hangup.held():
                gevent.sleep(0.1)
                raise LookupError("the read failed")
        except LookupError:
            steps.append("failed")
        with hangup.held():  # the closing write: no hang-up left owed to it
            gevent.sleep(0.05)
        steps.append("closed")

    greenlet, hangup = _stream(steps, body)
    hangup.hung_up()
    greenlet.join(2)
    assert steps == ["failed", "closed", "ended"]


def test_nothing_is_thrown_once_the_stream_is_ending():
    steps: list[str] = []
    greenlet, hangup = _stream(steps, lambda h: gevent.sleep(0.2))
    hangup.hung_up()
    hangup.stop()  # before the loop delivers it
    greenlet.join(2)
    assert steps == ["ended"]


def test_no_hangup_holds_nothing_off():
    hangup = NoHangup()
    with hangup.held():
        pass
    with pytest.raises(KeyError), hangup.held():
        raise KeyError("x")
    hangup.stop()
