"""``tableapp verify`` on a few hundred hostile variants of a real export: every one gets one
line (``DIVERGES: …``, or ``UNFINISHED: …`` for a log whose game has no result) on stderr and
exit status 1, never a traceback.

Set ``TABLEAPP_HOSTILE_DIR`` to also write the variants there (to run another build on them).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from click.testing import CliRunner

from tableapp.cli import main
from tests.api.test_api_verify import finished_export

#: Wrong values of every JSON type (and a few that are right types for other fields).
WRONG = [None, 0, -1, 1.5, True, "x", "", [], {}, [1], {"a": 1}, 10**30]
FEW = [None, "x", 1.5, [], {}, True]
TOP = [
    "format",
    "code",
    "game",
    "variant",
    "options",
    "content",
    "seed",
    "seed_commitment",
    "contributions",
    "effective_seed",
    "content_origin",
    "log_head",
    "seats",
    "actions",
    "final_state",
    "result",
]
ENTRY = ["number", "seat", "type", "payload", "public", "private", "undone", "reveals", "head"]


def _dump(value) -> bytes:
    return json.dumps(value).encode()


def hostile_variants(export: dict) -> list[tuple[str, bytes]]:
    """(what, the file's bytes) for each hostile variant of ``export``."""
    out: list[tuple[str, bytes]] = []
    good = json.dumps(export)

    def changed(what, edit):
        value = json.loads(good)  # a fresh copy (json is far quicker than deepcopy here)
        edit(value)
        out.append((what, _dump(value)))

    # nesting far deeper than any parser's recursion, whole file and inside a field
    out.append(("nested 100,000 deep", b"[" * 100_000 + b"]" * 100_000))
    out.append(("objects nested 100,000 deep", b'{"a":' * 100_000 + b"1" + b"}" * 100_000))
    deep = '{"a":' * 100_000 + "1" + "}" * 100_000
    out.append(
        (
            "content nested deep",
            good.replace('"content": {', f'"content": {deep}, "x": {{', 1).encode(),
        )
    )
    for depth in (900, 5_000):
        nested = "[" * depth + "]" * depth
        out.append(
            (
                f"payload nested {depth}",
                good.replace('"payload": {', f'"payload": {{"p": {nested}, ', 1).encode(),
            )
        )
    # wrong types at every top-level field, and each field missing
    for name in TOP:
        for i, wrong in enumerate(WRONG):
            changed(f"{name} = {wrong!r:.20}#{i}", lambda v, n=name, w=wrong: v.__setitem__(n, w))
        changed(f"no {name}", lambda v, n=name: v.pop(n, None))
    # wrong types at every entry field, in several entries, and each field missing
    numbers = sorted({0, 3, len(export["actions"]) // 2, len(export["actions"]) - 1})
    for index in numbers:
        for name in ENTRY:
            for wrong in FEW:
                changed(
                    f"action {index} {name} = {wrong!r}",
                    lambda v, i=index, n=name, w=wrong: v["actions"][i].__setitem__(n, w),
                )
            changed(f"action {index} no {name}", lambda v, i=index, n=name: v["actions"][i].pop(n))
        changed(f"action {index} = 7", lambda v, i=index: v["actions"].__setitem__(i, 7))
        changed(
            f"action {index} private part not a list",
            lambda v, i=index: v["actions"][i].__setitem__("private", {"1": 5}),
        )
    # contributions and seats of the wrong shape
    for wrong in ([1], [None], [{"seat": "1"}], [{"seat": 1, "contribution": 5}], [{}]):
        changed(f"contributions {wrong!r}", lambda v, w=wrong: v.__setitem__("contributions", w))
        changed(f"seats {wrong!r}", lambda v, w=wrong: v.__setitem__("seats", w))
    # a lone surrogate (valid JSON, no valid text) where the summary prints it
    for name in ("seed_commitment", "effective_seed", "seed", "log_head", "code"):
        changed(f"{name} lone surrogate", lambda v, n=name: v.__setitem__(n, "ab\ud800"))
    changed(
        "contribution lone surrogate",
        lambda v: v["contributions"][0].__setitem__("contribution", "\udfff"),
    )
    # games that do not exist
    for game in ("chess", "", "ZOMBIE-LIFE", "x" * 10_000, "zombie-life\n"):
        changed(f"game {game[:12]!r}", lambda v, g=game: v.__setitem__("game", g))
    # payloads a game's rules never see from the API
    for wrong in ([], "x", {"card": {"a": [1]}}, {"card": 10**30}, {"target": -1}):
        for kind in ("undo", "undo_request", "draw", "start", "reissue"):
            entry = next((a for a in export["actions"] if a["type"] == kind), None)
            if entry is not None:
                changed(
                    f"{kind} payload {wrong!r:.20}",
                    lambda v, n=entry["number"], w=wrong: v["actions"][n - 1].__setitem__(
                        "payload", w
                    ),
                )
    # not an object at all, not JSON, cut short, not UTF-8
    for value in ([], 1, "export", None, True, [export]):
        out.append((f"top level {type(value).__name__}", _dump(value)))
    for text in (b"", b"not json", b"{", b"\x00", b"{'format': 1}", b"[" * 10):
        out.append((f"not JSON {text[:8]!r}", text))
    data = good.encode()
    for cut in (1, 10, 100, len(data) // 3, len(data) // 2, len(data) - 2):
        out.append((f"cut at {cut}", data[:cut]))
    out.append(("latin-1", good.replace('"P1"', '"Pé"').encode("latin-1")))
    out.append(("invalid UTF-8", b"\xff\xfe" + data))
    out.append(("UTF-16", good.encode("utf-16")))
    # huge numbers, and numbers JSON has no room for
    first = f'"number": {export["actions"][0]["number"]}'
    for number in ("1" + "0" * 5_000, "1e400", "-1e400", "NaN", "Infinity", "-0", "1.0"):
        out.append(
            (f"number {number[:10]}", good.replace(first, f'"number": {number}', 1).encode())
        )
    out.append(("huge seat", good.replace('"seat": 1', '"seat": ' + "9" * 5_000, 1).encode()))
    return out


def test_verify_gives_every_hostile_file_one_line_and_exit_status_1(client, tables, tmp_path):
    _, export, _ = finished_export(client, tables)
    variants = hostile_variants(export)
    assert len(variants) >= 300
    keep = os.environ.get("TABLEAPP_HOSTILE_DIR")
    runner = CliRunner()
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    sound = runner.invoke(main, ["verify", str(path)])
    assert sound.exit_code == 0, sound.output
    bad, refused = [], 0
    for i, (what, data) in enumerate(variants):
        path.write_bytes(data)
        if keep:
            (Path(keep) / f"{i:03}.json").write_bytes(data)
        result = runner.invoke(main, ["verify", str(path)])
        lines = result.stderr.splitlines()
        if result.exit_code == 0 and result.output.startswith("OK") and not lines:
            continue  # the change kept it sound (a field left out that may be, None for None)
        refused += 1
        if (
            result.exit_code != 1
            or not isinstance(result.exception, SystemExit)
            or "Traceback" in result.output
            or len(lines) != 1
            or not lines[0].startswith(("DIVERGES: ", "UNFINISHED: "))
            or len(lines[0]) > 320
        ):
            bad.append((what, result.exit_code, repr(result.exception)[:80], result.stderr[:200]))
    assert not bad, f"{len(bad)} of {len(variants)}: {bad[:10]}"
    assert refused >= len(variants) - 30
