"""Where was the game lost: the walk back through a lost game."""

from __future__ import annotations

from yukon.engine import Card, Game, Move, Position
from yukon.jobs.loss_analysis import LossJob, LossProgress, LossReport, Step, find_loss, path_of
from yukon.solver import Verdict, solve

# A Classic deal the solver wins, then random moves: the 14th lost it.
LOST_GAME = (
    "YU1-C-AABZMVB 6:5>1 2:5>3 2:1>1 1:5>5 6:1>2 3:4>5 6:1>2 5:9>4 3:4>1 1:3>3 4:1>H 5:1>6 "
    "1:3>5 4:11>5 7:1>S 3:2>4 2:2>1 4:3>1 1:4>4 4:1>7 7:1>4 5:8>6 6:8>5 5:1>2 5:7>6 7:3>3 "
    "4:1>3 3:1>4 4:4>1 1:1>3 6:7>5 1:3>4 3:1>4 5:7>6 5:1>6 3:6>4 4:3>3 6:4>7 7:4>6 3:3>4"
)
LOSING_MOVE = 14
# The same deal played on along a winning line until every card is face up: still winnable.
FACE_UP_GAME = (
    "YU1-C-AABZMVB 6:5>1 2:5>3 2:1>1 1:5>5 6:1>2 3:4>5 6:1>2 5:9>4 3:4>1 1:3>3 4:1>H 5:1>6 "
    "1:3>5 7:1>S 4:13>1 4:1>2 3:5>4 4:6>7 3:1>H 1:3>3 1:1>H 7:8>4 7:1>C 3:4>1 4:9>6 6:2>2 "
    "1:1>3 6:2>5 5:6>6 7:1>5 7:1>3 7:1>2 1:1>3 1:1>S 1:7>2 6:1>1 6:1>S 5:1>S 6:1>H 5:3>6 "
    "5:1>D 1:1>D 5:1>4 6:13>5 5:14>4 2:1>D 4:1>H 6:1>H 6:1>C 1:1>C 2:1>C 7:1>2 7:1>H 5:1>2 "
    "4:8>1 2:6>3 1:9>7 7:10>1"
)


def still_winnable_game() -> str:
    """LOST_GAME up to the move that lost it: the record of a game still winnable."""
    code, *moves = LOST_GAME.split()
    return " ".join([code, *moves[: LOSING_MOVE - 1]])


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


def test_undone_moves_are_not_on_the_way_and_the_way_is_numbered_from_1_to_its_end():
    game = Game.from_record(LOST_GAME)
    game.undo()
    game.play(Move.parse("3:3>4"))  # the last move again: the counter says 41
    start, steps = path_of(game)
    assert [step.number for step in steps] == list(range(1, 41))
    report = find_loss(start, steps, judge)
    assert report.lost_at is not None and report.lost_at.number == LOSING_MOVE
    assert report.moves_back == 40 - LOSING_MOVE + 1  # undo that many: before the losing move


def test_redone_moves_are_back_on_the_way_numbered_as_its_other_moves():
    game = Game.from_record(LOST_GAME)
    last_two = game.undo_moves()[-2:]
    game.undo()
    game.undo()
    game.redo()  # the counter says 41
    start, steps = path_of(game)
    assert len(steps) == 39 and steps[-1] == Step(39, last_two[0])
    game.redo()  # 42
    start, steps = path_of(game)
    assert len(steps) == 40 and steps[-2:] == [Step(39, last_two[0]), Step(40, last_two[1])]
    report = find_loss(start, steps, judge)
    assert report.lost_at is not None and report.lost_at.number == LOSING_MOVE
    game.undo()
    game.play(game.legal_moves()[0])
    start, steps = path_of(game)  # the new move forgot what could be redone
    assert steps[-1].number == 40 and len(steps) == 40


def test_after_undo_and_redo_every_number_the_walk_says_is_on_the_way():
    """The walk's numbers and its count agree: never "move 34" of 33."""
    game = Game.from_record(LOST_GAME)
    for _ in range(8):
        game.undo()
    for _ in range(3):
        game.redo()
    game.play(
        Move.parse("3:3>4") if game.check(Move.parse("3:3>4")) is None else game.legal_moves()[0]
    )
    start, steps = path_of(game)
    heard: list[LossProgress] = []
    report = find_loss(start, steps, judge, report=heard.append)
    assert game.move_count > len(steps)  # the counter went on; the way did not
    for progress in heard:
        assert 1 <= progress.first <= progress.last <= progress.moves == len(steps)
    assert report.lost_at is not None and report.lost_at.number <= len(steps)
    assert report.lost_at.number + report.moves_back - 1 == len(steps)


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
        end=Verdict.WON, lost_from_start=False, verdicts=1
    )
    assert len(asked) == 1  # the position reached, only


def test_a_game_still_winnable_says_so_and_is_not_walked_back():
    start, steps = path_of(Game.from_record(still_winnable_game()))
    judge, asked = fake(len(steps), set(), start, steps)
    report = find_loss(start, steps, judge)
    assert report.end is Verdict.WON and report.still_winnable and not report.end_lost
    assert report.lost_at is None and report.undecided is None and asked == [len(steps)]


def test_a_lost_game_says_it_is_lost_and_not_still_winnable():
    start, steps = path_of(Game.from_record(LOST_GAME))
    judge, _ = fake(LOSING_MOVE - 1, set(), start, steps)
    report = find_loss(start, steps, judge)
    assert report.end is Verdict.LOST and report.end_lost and not report.still_winnable
    assert report.lost_at is not None and report.lost_at.number == LOSING_MOVE


def test_a_judge_that_cannot_decide_the_end_says_not_known_not_winnable():
    start, steps = path_of(Game.from_record(LOST_GAME))
    judge, asked = fake(LOSING_MOVE - 1, set(range(len(steps) + 1)), start, steps)
    report = find_loss(start, steps, judge)
    assert report.end is Verdict.UNKNOWN and not report.still_winnable and not report.end_lost
    assert report.lost_at is None and report.undecided is None and report.line == ()
    assert len(asked) == 1  # the position reached, only


def test_the_job_on_a_game_still_winnable_answers_with_a_winning_line():
    record = still_winnable_game()
    report = LossJob(record, end_lost=False, seconds=2.0).run()
    assert report.still_winnable and report.line
    game = Game.from_record(record)
    for move in report.line:
        game.play(move)
    assert game.is_won


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


def test_the_walk_tells_how_many_moves_are_ruled_out_and_which_are_still_in_doubt():
    start, steps = path_of(Game.from_record(LOST_GAME))
    judge, asked = fake(LOSING_MOVE - 1, set(), start, steps)
    heard: list[LossProgress] = []
    report = find_loss(start, steps, judge, report=heard.append)
    assert report.lost_at is not None and report.lost_at.number == LOSING_MOVE
    assert heard[0] == LossProgress(0, 40, 1, 40)  # the end is lost: every move in doubt
    assert len(heard) == len(asked)  # then once after each verdict
    ruled_out = [progress.ruled_out for progress in heard]
    assert ruled_out == sorted(ruled_out) and heard[-1] == LossProgress(39, 40, 14, 14)
    for progress in heard:  # the losing move is never ruled out
        assert progress.first <= LOSING_MOVE <= progress.last
        assert progress.last - progress.first + 1 == 40 - progress.ruled_out


def test_the_moves_in_doubt_are_numbered_along_the_way():
    game = Game.from_record(LOST_GAME)
    game.undo()
    game.play(Move.parse("3:3>4"))  # the last move again: the counter says 41
    start, steps = path_of(game)
    heard: list[LossProgress] = []
    find_loss(start, steps, judge, report=heard.append)
    assert heard[0] == LossProgress(0, 40, 1, 40)


def test_unknown_positions_stay_in_doubt_and_a_game_not_lost_tells_nothing():
    start, steps = path_of(Game.from_record(LOST_GAME))
    judge, _ = fake(10, {8, 9, 10, 11}, start, steps)
    heard: list[LossProgress] = []
    report = find_loss(start, steps, judge, report=heard.append)
    assert report.undecided == (heard[-1].first, heard[-1].last)
    won, _ = fake(40, set(), start, steps)
    heard.clear()
    find_loss(start, steps, won, report=heard.append)
    assert heard == []


def poll_until_answered(worker, seconds: float = 60.0) -> list:
    from uikit import wait_until

    heard: list = []
    answered = wait_until(
        lambda: not worker.pending, seconds, poll=lambda: heard.extend(worker.poll())
    )
    assert answered, "the walk was never answered"
    return heard


def test_the_solvers_process_sends_how_far_the_walk_is_before_its_answer():
    from yukon.jobs.hints import JobDone, JobProgress
    from yukon.jobs.worker import SolverWorker

    worker = SolverWorker()
    try:
        job = worker.submit(LossJob(LOST_GAME, seconds=2.0))
        heard = poll_until_answered(worker)
    finally:
        worker.stop()
    told = [item.progress for item in heard if isinstance(item, JobProgress)]
    assert told[0] == LossProgress(0, 40, 1, 40) and told[-1] == LossProgress(39, 40, 14, 14)
    assert all(item.job_id == job for item in heard)
    answer = heard[-1]  # the answer comes last, after everything it told
    assert isinstance(answer, JobDone) and answer.result.lost_at.number == LOSING_MOVE


def test_what_a_cancelled_walk_still_told_is_dropped():
    import queue

    from yukon.jobs.hints import JobDone, JobProgress
    from yukon.jobs.worker import SolverWorker

    worker = SolverWorker()
    worker._results = queue.Queue()  # what the solver's process sent, in order
    told = LossProgress(20, 40, 1, 20)
    for item in (JobProgress(1, told), JobProgress(2, told), JobDone(2, None)):
        worker._results.put(item)
    worker.pending = {2}  # the first one was cancelled after it told
    assert worker.poll() == [JobProgress(2, told), JobDone(2, None)]
