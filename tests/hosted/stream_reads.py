"""A stream's read blocked in PostgreSQL while its phone hangs up, under gevent as in a worker.

Run alone, as ``python -m tests.hosted.stream_reads URL SCENARIO`` (gevent's monkey-patching
must come before anything else is imported, as in gunicorn's gevent worker; tests/hosted/
test_stream_reads.py runs it). A side connection locks the log's table, so the stream's read of
new rows waits in PostgreSQL for as long as the lock is held; meanwhile:

- ``hangup``: the phone hangs up (the stream's :class:`Hangup`, as its watcher would call it);
- ``kill``: the stream's greenlet is killed outright, as a stopping worker would, which no
  stream defers.

Then the lock goes, and the script prints one JSON line: whether the stream was still reading
while the lock was held, how it ended, the pool's checked-out connections, the connections
closed as lost, and the sessions left "idle in transaction".
"""

from gevent import monkey

monkey.patch_all()

import json  # noqa: E402
import sys  # noqa: E402

import gevent  # noqa: E402
import psycopg  # noqa: E402
from sqlalchemy import event  # noqa: E402

APP_NAME = "tableapp-stream-reads"


def main(url: str, scenario: str) -> dict:
    from tableapp import create_app
    from tableapp.api.events import TableStream
    from tableapp.api.server_slots import ClientGone, Hangup
    from tableapp.config import TestConfig
    from tableapp.database import setup
    from tableapp.database.extensions import db

    class Config(TestConfig):
        SQLALCHEMY_DATABASE_URI = (
            url.replace("postgresql://", "postgresql+psycopg://", 1)
            + f"?application_name={APP_NAME}"
        )

    app = create_app(Config)
    setup.upgrade(app)
    client = app.test_client()
    created = client.post("/api/tables", json={"game": "zombie-life", "variant": None})
    assert created.status_code == 201, created.get_data(as_text=True)
    code = created.get_json()["code"]
    with app.test_request_context(f"/api/tables/{code}/events"):
        stream = TableStream.open(code, 0)
    with app.app_context():
        engine = db.engine
    lost = []
    event.listen(engine, "invalidate", lambda *args: lost.append(1))

    watch = psycopg.connect(url, autocommit=True)

    def sessions(condition: str) -> int:
        return watch.execute(
            f"SELECT count(*) FROM pg_stat_activity WHERE application_name = %s AND {condition}",
            (APP_NAME,),
        ).fetchone()[0]

    side = psycopg.connect(url)  # holds the lock in its transaction until rolled back
    side.execute("LOCK TABLE actions IN ACCESS EXCLUSIVE MODE")

    def read() -> str:
        try:
            stream.read(0, None)
            return "read"
        except ClientGone:
            return "gone"

    reader = gevent.spawn(read)
    stream.hangup = Hangup(reader)
    for _ in range(200):  # until the read waits for the lock (at most 10 s)
        if sessions("wait_event_type = 'Lock'"):
            break
        gevent.sleep(0.05)
    else:
        raise AssertionError("the stream's read never waited for the lock")
    if scenario == "hangup":
        stream.hangup.hung_up()
    else:
        reader.kill(ClientGone, block=False)
    gevent.sleep(0.3)
    reading = not reader.dead
    side.rollback()  # the lock goes: the read's query completes
    try:
        ended = reader.get(timeout=10)
    except ClientGone:
        ended = "gone"
    except Exception as error:  # noqa: BLE001 - reported: the rollback of a busy connection
        ended = f"{type(error).__name__}: {error}"[:200]
    for _ in range(40):  # a cut-off session ends once its query has completed (at most 2 s)
        if not sessions("state LIKE 'idle in transaction%%'"):
            break
        gevent.sleep(0.05)
    return {
        "reading_while_locked": reading,
        "ended": ended,
        "checked_out": engine.pool.checkedout(),
        "lost": len(lost),
        "idle_in_transaction": sessions("state LIKE 'idle in transaction%%'"),
    }


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], sys.argv[2])))
