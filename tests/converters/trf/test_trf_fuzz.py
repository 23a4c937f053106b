"""Property-based tests: the TRF and CSV readers never fail with anything but
:class:`InputError`, whatever lines they are fed (random, mutated oracle lines,
truncated, inserted).  A reader that raises ``IndexError`` on a short line would
show up here as a traceback in the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import DATA
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monrad.converters.errors import InputError
from monrad.converters.tabular.csv_format import (
    guard,
    read_csv,
    unguard,
    write_results_csv,
    write_roster_csv,
)
from monrad.converters.trf import parse_trf, read_trf, write_trf
from monrad.engine.model import Tournament

ORACLE = sorted((DATA / "oracle").glob("dutch*/*.trf"))
_SAMPLE = [p for p in ORACLE if any(k in p.name for k in ("ff", "hb", "zb", "pts310"))][:12] or ORACLE[:12]


def _lines(path: Path) -> list[str]:
    return path.read_bytes().decode("utf-8").replace("\r\n", "\n").replace("\r", "\n").split("\n")


SOURCE_LINES = [ln for p in _SAMPLE for ln in _lines(p) if ln.strip()] or ["012 x"]
SOURCE_FILES = [_lines(p) for p in _SAMPLE] or [["012 x"]]
#: every record type the reader knows, so random lines reach every handler
TAGS = ["001", "012", "022", "042", "062", "092", "102", "112", "122", "132", "142", "152",
        "162", "172", "182", "192", "202", "212", "222", "240", "250", "260", "XXR", "XXC",
        "XXS", "XXZ", "XXP", "XXA", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU", "XMN", "NOR",
        "###", "999"]
CHARS = st.characters(codec="utf-8", exclude_categories=("Cs",))
TRF_CHARS = st.sampled_from(list("0123456789 wb-+=HUZFWDL?*.,/:\t'x\"#") + ["é", "\x00", "½"])


def _read(text: str) -> Tournament | None:
    try:
        return parse_trf(text, name="fuzz.trf", warnings=[])
    except InputError as exc:
        message = str(exc)
        assert message.startswith("fuzz.trf"), message
        assert "\n" not in message
        return None


@st.composite
def mutated_line(draw) -> str:
    line = draw(st.sampled_from(SOURCE_LINES))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["replace", "truncate", "insert", "delete"]))
        pos = draw(st.integers(0, max(len(line), 1)))
        if op == "replace" and line:
            pos = min(pos, len(line) - 1)
            line = line[:pos] + draw(TRF_CHARS) + line[pos + 1:]
        elif op == "truncate":
            line = line[:pos]
        elif op == "insert":
            line = line[:pos] + draw(st.text(TRF_CHARS, min_size=1, max_size=5)) + line[pos:]
        elif line:
            pos = min(pos, len(line) - 1)
            line = line[:pos] + line[pos + 1:]
    return line


@st.composite
def random_line(draw) -> str:
    tag = draw(st.sampled_from(TAGS))
    body = draw(st.one_of(st.text(TRF_CHARS, max_size=120), st.text(CHARS, max_size=60)))
    return f"{tag} {body}" if draw(st.booleans()) else tag + body


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_oracle_file_reads_or_fails_cleanly(data) -> None:
    lines = list(data.draw(st.sampled_from(SOURCE_FILES)))
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(lines) - 1))
        lines[i] = data.draw(mutated_line())
    if data.draw(st.booleans()):
        lines.insert(data.draw(st.integers(0, len(lines))), data.draw(random_line()))
    newline = data.draw(st.sampled_from(["\n", "\r", "\r\n"]))
    t = _read(newline.join(lines))
    if t is not None:
        # whatever was read can be written and read back
        again = parse_trf(write_trf(t), name="again.trf")
        assert again.start_numbers == t.start_numbers


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(random_line(), mutated_line()), min_size=1, max_size=8))
def test_random_lines_read_or_fail_cleanly(lines: list[str]) -> None:
    _read("\n".join(lines))


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_read_or_fail_cleanly(data: bytes) -> None:
    try:
        read_trf(data, name="bytes.trf")
    except InputError:
        pass


@pytest.mark.parametrize("path", _SAMPLE[:3], ids=lambda p: p.stem)
def test_every_truncation_of_a_player_line_is_located(path: Path) -> None:
    """A ``001`` line cut at any column reads, or names line and column."""
    lines = _lines(path)
    i = next(k for k, ln in enumerate(lines) if ln.startswith("001"))
    for cut in range(len(lines[i])):
        changed = list(lines)
        changed[i] = lines[i][:cut]
        try:
            parse_trf("\n".join(changed), name="cut.trf")
        except InputError as exc:
            assert exc.location.line is not None, str(exc)


# --------------------------------------------------------------------------------- CSV
CSV_TOKENS = st.sampled_from(list("0123456789 ,;\t\"'=+-@/½.\r\nabcNrNavnWhiteBlackResultRound")
                             + ["é", "\x00", "remis", "bye", "1-0", "0-1", "½-½", "+/-", "12",
                                "3", "Ola", "Fri", "absent", "utsatt", "40-24"])


@st.composite
def csv_text(draw) -> str:
    header = draw(st.sampled_from([
        "Nr;Navn;Klubb;Elo", "No,Name,Rating,Club", "Round,Board,White,Black,Result",
        "Rond;Vit;Svart;Resultat", "Runde,Hvit,Svart,Resultat,White name,Black name",
    ]))
    rows = draw(st.lists(st.lists(CSV_TOKENS, max_size=14).map("".join), max_size=8))
    return "\n".join([header, *rows])


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(csv_text())
def test_random_csv_reads_or_fails_cleanly(text: str) -> None:
    try:
        read_csv(text.encode("utf-8"), name="fuzz.csv", warnings=[])
    except InputError as exc:
        assert str(exc).startswith("fuzz.csv"), str(exc)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_random_csv_bytes_read_or_fail_cleanly(data: bytes) -> None:
    try:
        read_csv(data, name="bytes.csv")
    except InputError:
        pass


@settings(max_examples=500, deadline=None)
@given(st.text(CHARS, max_size=20))
def test_csv_guard_is_undone_by_the_reader(cell: str) -> None:
    guarded = guard(cell)
    assert unguard(guarded) == cell
    if guarded[:1] in ("=", "+", "-", "@", "\t", "\r"):
        # only plain numbers and the forfeit codes stay unguarded
        assert guarded == cell and (guarded.lstrip("+-").replace(",", "").replace(".", "").isdigit()
                                    or guarded in ("+/-", "-/+", "-/-", "+", "-"))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(CHARS, min_size=1, max_size=12).filter(lambda s: s.strip() == s and s),
                min_size=1, max_size=5, unique=True))
def test_csv_roster_round_trip_with_hostile_names(names: list[str]) -> None:
    from monrad.engine.model import Player

    t = Tournament(players=[Player(i, n) for i, n in enumerate(names, 1)])
    text = write_roster_csv(t)
    try:
        back = read_csv(text, name="r.csv")
    except InputError as exc:  # e.g. a name that is only quotes or separators
        pytest.skip(f"not representable: {exc}")
    assert [p.name for p in back.players] == [" ".join(n.split()) for n in names]


def test_csv_results_round_trip_over_oracle_sample() -> None:
    for path in _SAMPLE:
        t = read_trf(path)
        back = read_csv(write_results_csv(t), name="results.csv", roster=t.players)
        assert back.rounds == t.rounds, path.name


_TWO = ("001    1      A                                 1850                             0.0    1\n"
        "001    2      B                                 1790                             0.0    2\n")


@pytest.mark.parametrize("line", [
    "XXA    1",
    'XMN setting mbq_c "abc"',
    'XMN setting mbq_c "1/0"',
    "XMN scoring win=1/0",
    "XMN setting bye_discs 5",
    'XMN player 1 rating "x"',
    "XMN player 1 withdrawn_after [1]",
    "XMN player 1 entered_at null",
    "XMN player 1 nrs 5",
])
def test_found_by_fuzzing_extension_values_are_checked(line: str) -> None:
    """Lines the fuzzer once turned into a ValueError/TypeError traceback."""
    try:
        t = parse_trf(_TWO + line + "\n", name="x.trf")
    except InputError as exc:
        assert str(exc).startswith("x.trf:3:"), str(exc)
    else:
        write_trf(t)


def test_unknown_extension_setting_is_kept_unchanged() -> None:
    t = parse_trf(_TWO + "XMN setting rounds 0\n", name="x.trf")
    assert t.settings.rounds is None
    assert "XMN setting rounds 0" in write_trf(t)
