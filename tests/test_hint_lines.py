"""The hint's winning line is a good one: no loops, no stack moved there and
back, no needless take-back, cards home soon; still legal and winning."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from yukon.engine import Game, Move, Rules
from yukon.jobs import lines
from yukon.jobs.hints import HintJob, JobDone
from yukon.jobs.lines import shorten
from yukon.solver import Verdict, solve
from yukon.ui.table.hint_service import HintService

BUDGET = 3000  # positions per search: the same lines on any machine


def winning_line(game: Game, nodes: int = 20_000) -> list[Move]:
    result = solve(game, max_seconds=None, max_nodes=nodes, processes=1)
    assert result.verdict is Verdict.WON
    return result.moves


def played(game: Game, line: list[Move], *, wins: bool = True) -> Game:
    """``line`` replayed on a copy of ``game``: every move legal, and it wins."""
    trail = game.copy()
    for move in line:
        assert trail.check(move) is None, f"{move} cannot be played"
        trail.play(move)
    assert trail.is_won or not wins
    return trail


def idle_run(game: Game, line: list[Move]) -> int:
    """The longest run of moves in ``line`` that earn no point."""
    trail, run, longest = game.copy(), 0, 0
    for move in line:
        run = 0 if trail.play(move).points else run + 1
        longest = max(longest, run)
    return longest


def there_and_back(game: Game) -> tuple[Move, Move]:
    """A group of cards that can go to another column and come back."""
    for there in game.legal_moves():
        if there.src.is_column and there.dst.is_column and there.count > 1:
            back = Move(there.dst, there.count, there.src)
            trail = game.copy()
            trail.play(there)
            if trail.check(back) is None and trail.position() != game.position():
                return there, back
    raise AssertionError("no group goes there and back")


def test_a_stack_moved_there_and_back_and_there_again_is_moved_once():
    game = Game.new(1)
    line = winning_line(game)
    for cut in range(5, len(line)):
        trail = played(game, line[:cut], wins=False)
        try:
            there, back = there_and_back(trail)
        except AssertionError:
            continue
        break
    wander = [*line[:cut], there, back, there, back, *line[cut:]]
    played(game, wander)
    cleaned = shorten(game.position(), wander)
    played(game, cleaned)
    assert len(cleaned) <= len(line)


def test_a_card_taken_back_from_its_foundation_for_nothing_is_left_home():
    game = Game.from_layout([["KH"], ["QS"], ["KS"], [], [], [], []], foundations=[11, 12, 13, 13])
    # The Q♥ taken back onto the K♠, and home again after the Q♠.
    line = [Move.parse(text) for text in ("H:1>3", "2:1>S", "3:1>H", "1:1>H", "3:1>S")]
    played(game, line)
    assert [str(move) for move in shorten(game.position(), line)] == ["2:1>S", "1:1>H", "3:1>S"]


def test_a_loop_back_to_a_position_on_the_line_is_cut():
    game = Game.from_layout([["KH"], ["QS"], ["KS"], [], [], [], []], foundations=[11, 12, 13, 13])
    loop = ["2:1>1", "1:2>4", "4:2>5", "5:2>1"]  # the K♥ and Q♠ go round to where they were
    line = [Move.parse(text) for text in (*loop, "1:1>S", "1:1>H", "3:1>S")]
    played(game, line)
    assert [str(move) for move in shorten(game.position(), line)] == ["2:1>S", "1:1>H", "3:1>S"]


def test_cards_go_home_as_soon_as_the_line_allows():
    game = Game.from_layout(
        [["QH", "KC"], ["QC"], ["KH"], [], [], [], []], foundations=[13, 11, 13, 11]
    )
    # The K♣ has to make way for the Q♥; the Q♣ could go home first, not third.
    line = [Move.parse(text) for text in ("1:1>4", "1:1>H", "2:1>C", "3:1>H", "4:1>C")]
    played(game, line)
    cleaned = [str(move) for move in shorten(game.position(), line)]
    assert cleaned == ["2:1>C", "1:1>4", "1:1>H", "3:1>H", "4:1>C"]


@pytest.mark.parametrize("rules", list(Rules), ids=lambda rules: rules.value)
def test_cleaned_lines_replay_to_a_win_and_are_never_longer(rules):
    nodes = 20_000 if rules is Rules.ALASKA else BUDGET  # Alaska's lines take longer to find
    checked = 0
    for deal in range(1, 40):
        game = Game.new(deal, rules)
        result = solve(game, max_seconds=None, max_nodes=nodes, processes=1)
        if result.verdict is not Verdict.WON:
            continue
        cleaned = shorten(game.position(), result.moves)
        played(game, cleaned)
        assert len(cleaned) <= len(result.moves)
        checked += 1
        if checked == 4:
            break
    assert checked > 0


def test_cleaning_from_part_way_through_a_game_and_from_a_won_one():
    game = Game.new(2)
    line = winning_line(game)
    trail = game.copy()
    for move in line[:30]:
        trail.play(move)
    rest = shorten(trail.position(), line[30:])
    played(trail, rest)
    assert shorten(played(game, line).position(), []) == []


def test_a_line_that_does_not_win_is_refused():
    game = Game.new(1)
    with pytest.raises(ValueError, match="does not win"):
        shorten(game.position(), winning_line(game)[:-1])


def test_stop_ends_the_cleaning_with_a_line_that_still_wins(monkeypatch):
    game = Game.new(72)
    line = winning_line(game, nodes=50_000)
    asked = itertools.count()
    cleaned = shorten(game.position(), line, stop=lambda: next(asked) >= 5)
    played(game, cleaned)
    monkeypatch.setattr(lines, "MAX_REPLAYS", 5)
    played(game, shorten(game.position(), line))


class Inline:
    """Runs the hint's jobs here, at a budget of positions (the same
    answers on any machine), as the solver's process would."""

    def __init__(self) -> None:
        self.jobs: dict[int, HintJob] = {}
        self.ids = itertools.count(1)

    def submit(self, job: HintJob) -> int:
        job_id = next(self.ids)
        self.jobs[job_id] = dataclasses.replace(job, nodes=BUDGET)
        return job_id

    def cancel(self, job_id: int) -> None:
        self.jobs.pop(job_id, None)

    def answer(self, service: HintService, game: Game) -> None:
        for job_id, job in list(self.jobs.items()):
            del self.jobs[job_id]
            service.job_done(JobDone(job_id, job.run()), game)


def play_hints(deal: int) -> tuple[Game, list[Move], list[Move]] | None:
    """Press H and play the hinted move until the game is won; the game at
    the deal, the moves played and the demo's line from the deal (None
    when the solver finds no win within its budget)."""
    runner = Inline()
    service = HintService(runner)
    game = Game.new(deal)
    start = game.copy()
    demo: list[Move] | None = None
    moves: list[Move] = []
    while not game.is_won:
        move = service.known_move(game)
        if move is None:
            service.search(game)
            runner.answer(service, game)
            if service.verdict(game) is not Verdict.WON:
                return None
            if demo is None:
                demo = service.known_line(game)
            continue
        game.play(move)
        moves.append(move)
    assert demo is not None
    return start, moves, demo


def test_hints_followed_on_hundreds_of_deals_make_steady_progress():
    """Pressing H and playing each hint wins every deal the solver wins, in
    at most 2.1 moves per card home and never 20 moves without a point (the
    lines as found took up to 3.8 per card home, 37 moves without a point);
    the demo from the deal plays the same moves."""
    won = 0
    worst_per_card, worst_idle = 0.0, 0
    for deal in range(1, 241):
        outcome = play_hints(deal)
        if outcome is None:
            continue
        start, moves, demo = outcome
        won += 1
        assert moves == demo, f"deal {deal}: the demo plays another line than the hints"
        per_card = len(moves) / 52
        worst_per_card = max(worst_per_card, per_card)
        worst_idle = max(worst_idle, idle_run(start, moves))
        assert per_card <= 2.1, f"deal {deal}: {len(moves)} moves for 52 cards home"
        assert idle_run(start, moves) < 20, f"deal {deal}: a long run of moves without a point"
    assert won >= 180, won


def test_a_hint_keeps_to_the_line_it_showed_when_a_later_search_crosses_it():
    game = Game.new(1)
    first = winning_line(game)
    service = HintService(Inline())
    service.learn(game.position(), Verdict.WON, first)
    # Another winning line through the same position, found later (by L, say).
    other = [m for m in game.legal_moves() if m != first[0]]
    for move in other:
        trail = game.copy()
        trail.play(move)
        result = solve(trail, max_seconds=None, max_nodes=20_000, processes=1)
        if result.verdict is Verdict.WON:
            back = Game.from_position(trail.position())
            service.learn(back.position(), Verdict.WON, result.moves)
            # ... and one from the deal, through that position.
            service.learn(game.position(), Verdict.WON, [move, *result.moves])
            break
    assert service.known_move(game) == first[0]
    assert service.known_line(game) == first
