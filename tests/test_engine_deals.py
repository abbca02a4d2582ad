"""Deals never change: frozen layouts, the generator, and engine purity."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from yukon.engine import DEAL_COUNT, Game, Rules
from yukon.engine.deal import SplitMix64, shuffled_deck

FROZEN = json.loads((Path(__file__).parent / "data" / "frozen_deals.json").read_text())


def test_frozen_deals_include_the_first_and_last():
    deals = {int(d) for d in FROZEN["deals"]}
    assert {0, 1, DEAL_COUNT - 1} <= deals and len(deals) >= 8


def test_frozen_deals_are_dealt_exactly_as_recorded():
    for deal, expected in FROZEN["deals"].items():
        for rules in Rules:
            game = Game.new(int(deal), rules)
            assert [" ".join(map(str, col.cards)) for col in game.tableau] == expected["columns"]
            assert [col.face_down for col in game.tableau] == expected["face_down"]
        assert Game.new(int(deal)).code == expected["code"]


def test_splitmix64_matches_its_published_reference_output():
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_shuffle_is_a_permutation_and_differs_between_deals():
    assert sorted(shuffled_deck(42)) == list(range(52))
    assert shuffled_deck(42) != shuffled_deck(43)


def test_deal_number_out_of_range_is_rejected():
    import pytest

    for bad in (-1, DEAL_COUNT, "3", 1.0):
        with pytest.raises(ValueError, match="deal number"):
            Game.new(bad)  # type: ignore[arg-type]


def test_importing_the_engine_never_imports_pygame():
    code = (
        "import sys, yukon.engine, yukon.engine.game; "
        "g = yukon.engine.Game.new(1); g.legal_moves(); "
        "print('pygame' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
