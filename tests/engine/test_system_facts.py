"""A pairing system owns its facts (``SYSTEM.facts``): name, aliases, game, default
tie-breaks, round robin, postponed games.  Adding a system is adding one module: the
standings, the tie-breaks, the checker, the workbook layout and the command line find
it without another edit."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from monrad.converters import layout
from monrad.engine import pairing, systems
from monrad.engine.check import check_tournament
from monrad.engine.model import Player, Result, Settings, Tournament
from monrad.engine.pairing import canonical_system, pair_round, system_facts
from monrad.engine.standings import default_tiebreaks, standings
from monrad.engine.tiebreaks import is_round_robin

TOY = '''
from monrad.engine.model import Bye, Game, Result, Round
from monrad.engine.pairing import SystemFacts


class ToySwiss:
    """Pairs the players in start-number order: 1-2, 3-4 ...; the last one gets the bye."""

    name = "toy-swiss"
    facts = SystemFacts(tiebreaks=("WIN", "BH"), round_robin=True, postponed_games=True,
                        aliases=("toy",))

    def pair(self, tournament, round_no, players):
        games = tuple(Game(a, b) for a, b in zip(players[::2], players[1::2]))
        byes = (Bye(players[-1], Result.PAIRING_BYE),) if len(players) % 2 else ()
        return Round(round_no, games, byes)


SYSTEM = ToySwiss()
'''


def _clear() -> None:
    pairing.available_systems.cache_clear()
    pairing._aliases.cache_clear()


@pytest.fixture
def toy_system(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    (tmp_path / "toy_swiss.py").write_text(TOY, encoding="utf-8")
    monkeypatch.setattr(systems, "__path__", [*systems.__path__, str(tmp_path)])
    _clear()
    yield "toy-swiss"
    monkeypatch.undo()
    _clear()


def test_every_system_declares_its_facts() -> None:
    for name in pairing.available_systems():
        impl = pairing.get_system(name)
        assert impl.name == name and isinstance(impl.facts, pairing.SystemFacts)
        assert impl.facts.tiebreaks, name


@pytest.mark.parametrize(("alias", "name"), [
    ("NSF", "nsf"), ("round_robin", "round-robin"), ("rr", "round-robin"),
    ("drr", "double-round-robin"), ("Othello", "othello-swiss"), ("othello_swiss", "othello-swiss"),
    ("fide-dutch", "dutch"), ("burstein", "burstein"),
])
def test_names_are_normalised_once_by_the_registry(alias: str, name: str) -> None:
    assert canonical_system(alias) == name


def test_a_system_named_in_a_file_but_not_paired_here_gets_fide_swiss_facts() -> None:
    assert system_facts("lim").tiebreaks == ("BH/C1", "BH", "DE", "SB", "WIN")


def test_nsf_13_ssf_10_dsu_defaults_come_from_the_systems() -> None:
    assert default_tiebreaks("nsf") == ("NSF-QP", "NSF-AB", "MSB", "LOT")
    assert default_tiebreaks("school", {"ssf_strike": 2}) == ("QP/C2", "WON", "DE", "LOT")
    assert default_tiebreaks("dsu", {"round_robin": True}) == ("SB",)
    assert layout.allows_postponed("dsu") and not layout.allows_postponed("dutch")
    assert layout.is_othello("othello") and not layout.is_othello("nsf")


def test_adding_a_system_is_adding_one_module(toy_system: str) -> None:
    assert toy_system in pairing.available_systems()
    assert canonical_system("TOY") == toy_system
    t = Tournament(settings=Settings(system="toy", rounds=2))
    for i in range(1, 6):
        t.add_player(Player(i, f"P{i}"))
    r1 = pair_round(t)
    assert [g.players for g in r1.games] == [(1, 2), (3, 4)]
    t.rounds.append(type(r1)(1, tuple(g.with_result(Result.WIN) for g in r1.games), r1.byes))
    assert default_tiebreaks("toy") == ("WIN", "BH")
    assert is_round_robin(t) and layout.allows_postponed("toy")
    assert tuple(standings(t).shown[:2]) == ("WIN", "BH")
    assert check_tournament(t) == []
