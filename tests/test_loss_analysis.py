"""Where was the game lost: the walk back through a lost game."""

from __future__ import annotations

from yukon.engine import Card, Game, Move, Position
from yukon.loss_analysis import LossJob, LossReport, Step, find_loss, path_of
from yukon.solver import Verdict, solve

# A Classic deal the solver wins, then random moves: the 14th lost it.
LOST_GAME = (
    "YU1-C-AABZMVB 6:5>1 2:5>3 2:1>1 1:5>5 6:1>2 3:4>5 6:1>2 5:9>4 3:4>1 1:3>3 4:1>H 5:1>6 "
    "1:3>5 4:11>5 7:1>S 3:2>4 2:2>1 4:3>1 1:4>4 4:1>7 7:1>4 5:8>6 6:8>5 5:1>2 5:7>6 7:3>3 "
    "4:1>3 3:1>4 4:4>1 1:1>3 6:7>5 1:3>4 3:1>4 5:7>6 5:1>6 3:6>4 4:3>3 6:4>7 7:4>6 3:3>4"
)
LOSING_MOVE = 14


def judge(position: Position) -> Verdict:
    """The solver with a budget of positions: the same verdict every time."""
    return solve(Game.from_position(position), max_seconds=None, max_nodes=50_000).verdict


def test_the_game_was_winnable_before_the_known_move_and_lost_after_it():
    start, steps = path_of(Game.from_record(LOST_GAME))
    game = Game.from_position(start)
    for step in steps[: LOSING_MOVE - 1]:
        game.play(step.move)
    assert judge(game.position()) is Verdict.WON
    game.play(steps[LOSING_MOVE - 1].move)
    assert judge(game.position()) is Verdict.LOST


def test_the_analysis_names_the_move_that_lost_it():
    start, steps = path_of(Game.from_record(LOST_GAME))
    report = find_loss(start, steps, judge)
    assert report.end_lost and not report.lost_from_start and report.undecided is None
    lost = report.lost_at
    assert lost is not None and lost.number == LOSING_MOVE
    assert (lost.move, lost.card, lost.onto, lost.to_column) == (
        Move.parse("4:11>5"),
        Card.parse("3C"),
        Card.parse("4H"),
        5,
    )
    assert report.moves_back == len(steps) - LOSING_MOVE + 1
    assert report.verdicts <= 8  # bisected, not every one of the 40 positions


def test_undone_moves_are_not_on_the_way_and_numbers_follow_the_counter():
    game = Game.from_record(LOST_GAME)
    game.undo()
    game.play(Move.parse("3:3>4"))  # the last move again, as move 41
    start, steps = path_of(game)
    assert len(steps) == 40 and steps[-1].number == 41
    report = find_loss(start, steps, judge)
    assert report.lost_at is not None and report.lost_at.number == LOSING_MOVE


def test_redone_moves_are_back_on_the_way_with_the_number_they_were_redone_as():
    game = Game.from_record(LOST_GAME)
    last_two = game.undo_moves()[-2:]
    game.undo()
    game.undo()
    game.redo()  # move 41
    start, steps = path_of(game)
    assert [step.move for step in steps[-2:]] != last_two and steps[-1] == Step(41, last_two[0])
    game.redo()  # move 42
    start, steps = path_of(game)
    assert len(steps) == 40 and steps[-2:] == [Step(41, last_two[0]), Step(42, last_two[1])]
    report = find_loss(start, steps, judge)
    assert report.lost_at is not None and report.lost_at.number == LOSING_MOVE
    game.undo()
    game.play(game.legal_moves()[0])
    start, steps = path_of(game)  # the new move forgot what could be redone
    assert steps[-1].number == 43 and len(steps) == 40


def fake(won_until: int, unknown: set[int], start: Position, steps: list[Step]):
    """A judge that knows the index of each position: won up to ``won_until``."""
    game = Game.from_position(start)
    index = {start: 0}
    for i, step in enumerate(steps, 1):
        game.play(step.move)
        index.setdefault(game.position(), i)
    asked: list[int] = []

    def judge(position: Position) -> Verdict:
        i = index[position]
        asked.append(i)
        if i in unknown:
            return Verdict.UNKNOWN
        return Verdict.WON if i <= won_until else Verdict.LOST

    return judge, asked


def test_positions_left_unknown_are_reported_as_undecided_moves():
    start, steps = path_of(Game.from_record(LOST_GAME))
    judge, _ = fake(10, {8, 9, 10, 11}, start, steps)
    report = find_loss(start, steps, judge)
    assert report.lost_at is None and report.undecided == (8, 12)
    assert report.moves_back == len(steps) - 7


def test_a_deal_lost_from_the_start_says_so():
    start, steps = path_of(Game.from_record(LOST_GAME))
    judge, asked = fake(-1, set(), start, steps)
    report = find_loss(start, steps, judge)
    assert report.lost_from_start and report.lost_at is None and 0 in asked


def test_a_game_not_lost_is_not_analysed():
    start, steps = path_of(Game.from_record(LOST_GAME))
    judge, asked = fake(len(steps), set(), start, steps)
    assert find_loss(start, steps, judge) == LossReport(
        end_lost=False, lost_from_start=False, verdicts=1
    )
    assert len(asked) == 1  # the position reached, only


def test_a_known_loss_at_the_end_is_not_asked_again():
    start, steps = path_of(Game.from_record(LOST_GAME))
    judge, asked = fake(LOSING_MOVE - 1, set(), start, steps)
    report = find_loss(start, steps, judge, end_lost=True)
    assert 36 not in asked and report.lost_at is not None  # position 40 is position 36
    assert report.lost_at.number == LOSING_MOVE


def test_a_position_met_twice_is_asked_once():
    # This game comes back to positions it left: 21 and 23 are 19 again.
    start, steps = path_of(Game.from_record(LOST_GAME))
    for won_until in range(len(steps)):
        judge, asked = fake(won_until, {5, 6}, start, steps)
        find_loss(start, steps, judge)
        assert len(asked) == len(set(asked))


def test_stopping_reports_what_is_still_in_doubt():
    start, steps = path_of(Game.from_record(LOST_GAME))
    judge, asked = fake(LOSING_MOVE - 1, set(), start, steps)
    calls = iter([False, True])
    report = find_loss(start, steps, judge, stop=lambda: next(calls, True))
    assert report.cancelled and report.undecided is not None and len(asked) == 2


def test_the_time_limit_ends_the_walk():
    start, steps = path_of(Game.from_record(LOST_GAME))
    judge, asked = fake(LOSING_MOVE - 1, set(), start, steps)
    ticks = iter(range(100))
    report = find_loss(start, steps, judge, max_seconds=2.5, clock=lambda: next(ticks))
    assert report.undecided is not None and not report.cancelled and len(asked) <= 4


def test_the_job_runs_from_a_record():
    report = LossJob(LOST_GAME, seconds=2.0).run()
    assert report.lost_at is not None and report.lost_at.number == LOSING_MOVE
