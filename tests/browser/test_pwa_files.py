"""The phone app's files, checked without a browser: the service worker as served (its shell
list and VERSION built from the files and the phone's texts), the texts served per language
from the catalogues, text-only DOM insertion, no inline script or style,
small modules, vendored code with its version and licence, and icons of the sizes the manifest
declares."""

from __future__ import annotations

import itertools
import json
import re
import shutil
import struct

import pytest

from tableapp.server.pwa import phone_texts_files, service_worker
from tableapp.texts import i18n
from tableapp.texts.i18n import TRANSLATIONS

from .conftest import ROOT

PWA = ROOT / "pwa"
OWN_JS = sorted(p for p in PWA.rglob("*.js") if "vendor" not in p.parts)
WORKER = service_worker(PWA)
#: The shell the served worker precaches
SHELL = list(WORKER.shell)
#: The shell's files built by the server: the phone's texts in each language
BUILT = phone_texts_files()


def shell_file(path: str):
    return PWA / ("index.html" if path == "/" else path.lstrip("/"))


def shell_bytes(path: str) -> bytes:
    """What the worker precaches at ``path``: a file, or the texts the server builds."""
    return BUILT[path] if path in BUILT else shell_file(path).read_bytes()


def served_lists(source: str) -> tuple[str, list[str]]:
    """The VERSION and SHELL a served worker declares, read from its source."""
    version = re.search(r'^const VERSION = "(tableapp-[0-9a-f]{12})";$', source, re.M).group(1)
    block = re.search(r"^const SHELL = \[\n(.*?)^\];$", source, re.M | re.S).group(1)
    return version, re.findall(r'^  "(/[^"]*)",$', block, re.M)


def test_shell_lists_every_module_and_style_and_nothing_missing():
    version, listed = served_lists(WORKER.source)
    assert (version, listed) == (WORKER.version, SHELL)
    own = [*(m for m in OWN_JS if m.name != "sw.js"), *sorted((PWA / "css").glob("*.css"))]
    for file in own:
        assert f"/{file.relative_to(PWA).as_posix()}" in listed, f"{file} is not precached"
    for path in listed:
        assert path in BUILT or shell_file(path).is_file(), path
    assert {"/", "/app.js", "/css/app.css", "/manifest.webmanifest"} <= set(listed)
    assert {"/texts/en.json", "/texts/fr.json"} <= set(listed)  # the phone's words, offline too
    assert "/sw.js" not in listed and not any(p.startswith("/vendor/") for p in listed)


def test_the_worker_is_served_built_and_revalidated(client):
    response = client.get("/sw.js")
    assert response.status_code == 200 and response.mimetype in {
        "text/javascript",
        "application/javascript",
    }
    assert response.get_data(as_text=True) == WORKER.source
    assert "no-cache" in response.headers["Cache-Control"]
    assert response.headers["ETag"] == f'"{WORKER.version}"'
    again = client.get("/sw.js", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def test_version_changes_with_any_shell_file_and_a_new_module_is_listed(tmp_path):
    copy = tmp_path / "pwa"
    shutil.copytree(PWA, copy, ignore=shutil.ignore_patterns("vendor"))
    assert service_worker(copy) == WORKER  # the same files: the same worker
    seen = {WORKER.version}
    for changed in ("index.html", "js/games/generic.js", "css/app.css", "sw.js"):
        with (copy / changed).open("a", encoding="utf-8") as file:
            file.write("\n")
        version = service_worker(copy).version
        assert version not in seen, f"changing {changed} kept VERSION"
        seen.add(version)
    (copy / "js" / "games" / "dice.js").write_text("export const x = 1;\n", encoding="utf-8")
    (copy / "css" / "dice.css").write_text(".dice {}\n", encoding="utf-8")
    added = service_worker(copy)
    assert {"/js/games/dice.js", "/css/dice.css"} <= set(added.shell)
    assert added.version not in seen
    assert served_lists(added.source) == (added.version, list(added.shell))
    (copy / "vendor").mkdir()
    (copy / "vendor" / "lib.js").write_text("x\n", encoding="utf-8")
    assert service_worker(copy) == added  # vendored code is not in the shell


def test_version_changes_with_a_phone_text_in_a_catalogue(tmp_path, monkeypatch):
    # a copy of the catalogues: the shell's folder, and each built-in game's own (in its package)
    translations = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS, translations)
    games = tmp_path / "games"
    for folder in i18n.GAMES.glob("*/translations"):
        shutil.copytree(folder, games / folder.parent.name / "translations")
    monkeypatch.setattr(i18n, "GAMES", games)
    assert phone_texts_files(translations) == BUILT
    french = games / "zombie_life" / "translations" / "fr" / "LC_MESSAGES" / "zombie_life.po"
    source = french.read_text(encoding="utf-8")
    assert 'msgctxt "phone"\nmsgid "zl.round"\nmsgstr "Manche {n}"' in source
    french.write_text(source.replace('msgstr "Manche {n}"', 'msgstr "Manche n° {n}"'), "utf-8")
    changed = phone_texts_files(translations)
    assert json.loads(changed["/texts/fr.json"])["texts"]["zl.round"] == "Manche n° {n}"
    assert changed["/texts/en.json"] == BUILT["/texts/en.json"]
    assert service_worker(PWA, changed).version != WORKER.version
    # a server text is not the phone's: changing one leaves the phone's cache alone
    server = source.replace('msgid "zl.tie"\nmsgstr "', 'msgid "zl.tie"\nmsgstr "x')
    assert server != source
    french.write_text(server, "utf-8")
    assert service_worker(PWA, phone_texts_files(translations)) == WORKER


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_phones_texts_are_served_per_language_and_revalidated(client, lang):
    response = client.get(f"/texts/{lang}.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.get_data() == BUILT[f"/texts/{lang}.json"]
    body = response.get_json()
    assert body["lang"] == lang and len(body["texts"]) > 300
    assert body["texts"]["home.new"] == {"en": "New table", "fr": "Nouvelle table"}[lang]
    assert "no-cache" in response.headers["Cache-Control"]
    again = client.get(f"/texts/{lang}.json", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    assert client.get("/texts/de.json").status_code == 404


def test_both_languages_have_the_same_texts():
    en, fr = (json.loads(BUILT[f"/texts/{lang}.json"])["texts"] for lang in ("en", "fr"))
    assert set(en) == set(fr)
    assert {"undo.waiting", "revoked.moved", "end.contribution.ok", "zl.round"} <= set(en)
    assert en["zl.round"] == "Round {n}" and fr["zl.round"] == "Manche {n}"


@pytest.mark.parametrize("module", OWN_JS, ids=lambda p: p.relative_to(PWA).as_posix())
def test_module_is_small_and_inserts_text_only(module):
    source = module.read_text(encoding="utf-8")
    lines = source.count("\n")
    assert 10 <= lines <= 250, f"{module.name}: {lines} lines"
    for sink in (
        "innerHTML",
        "outerHTML",
        "insertAdjacentHTML",
        "document.write",
        "eval(",
        "new Function",
        "crypto.randomUUID",
    ):
        assert sink not in source, f"{module.name} uses {sink}"


def test_page_has_no_inline_script_or_style():
    html = (PWA / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)
    assert "style=" not in html and "<style" not in html
    assert not re.search(r"\son[a-z]+=", html)


def test_vendored_code_has_version_and_licence():
    folders = [*(PWA / "vendor").iterdir(), *(ROOT / "tests" / "browser" / "vendor").iterdir()]
    assert folders
    for folder in folders:
        assert (folder / "VERSION").read_text().strip(), folder
        assert (folder / "LICENSE").is_file(), folder


def test_manifest_icons_have_their_declared_sizes():
    manifest = json.loads((PWA / "manifest.webmanifest").read_text(encoding="utf-8"))
    for icon in manifest["icons"]:
        data = shell_file(icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            width, height = struct.unpack(">II", data[16:24])
            assert icon["sizes"] == f"{width}x{height}"
        else:
            assert data.lstrip().startswith(b"<svg")
    purposes = {icon.get("purpose", "any") for icon in manifest["icons"]}
    assert {"any", "maskable"} <= purposes


# Symbols from fonts show as empty boxes on phones without them: icons.js draws them as SVG.
GLYPHS = "▶⏸✖➤Ⓓ☐⤵♥♡⚡✓✗★↶●○◌✔✋⚗▸▾"


@pytest.mark.parametrize(
    "source",
    [*OWN_JS, *sorted((PWA / "css").glob("*.css")), PWA / "index.html"],
    ids=lambda p: p.relative_to(PWA).as_posix(),
)
def test_no_symbol_is_a_font_glyph(source):
    text = source.read_text(encoding="utf-8")
    found = sorted({g for g in GLYPHS if g in text})
    assert not found, f"{source.name} shows {' '.join(found)} as text: use icon() from icons.js"


def _lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB #rrggbb colour."""

    def linear(c: float) -> float:
        return ((c + 0.055) / 1.055) ** 2.4 if c > 0.04045 else c / 12.92

    r, g, b = (linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    x = (r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047
    y = r * 0.2126 + g * 0.7152 + b * 0.0722
    z = (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def colour_distance(a: str, b: str) -> float:
    """CIE76 ΔE: about 2 is just noticeable, 20 is plainly another colour."""
    return sum((p - q) ** 2 for p, q in zip(_lab(a), _lab(b), strict=True)) ** 0.5


def test_chart_colours_are_not_seat_colours():
    css = (PWA / "css" / "app.css").read_text(encoding="utf-8")
    seats = dict(
        re.findall(r"--(orange|sky|green|yellow|blue|vermilion|purple|grey):\s*(#[0-9a-f]{6})", css)
    )
    assert len(seats) == 8, seats
    segments = re.findall(r"\.seg-\d+ rect[^{]*\{\s*fill:\s*(#[0-9a-f]{6})", css)
    # Defect e (issue 17): each part its own colour, told apart from the others too.
    assert len(set(segments)) == len(segments) >= 16, segments
    for a, b in itertools.combinations(segments, 2):
        assert colour_distance(a, b) >= 30, f"chart {a} and {b} look alike"
    assert colour_distance("#8c98a5", seats["grey"]) < 10  # the old slate: a grey seat's twin
    for segment in segments:
        for name, seat in seats.items():
            distance = colour_distance(segment, seat)
            assert distance >= 20, (
                f"chart {segment} looks like the {name} seat {seat} (ΔE {distance:.0f})"
            )
