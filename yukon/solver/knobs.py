"""Every number the solver is tuned by, each with the reason it has its value.

Figures are for Classic deals at a fixed budget of positions (deterministic,
``max_seconds=None``), measured with ``benchmarks/solver_knobs.py``; "settled"
counts deals won or proven lost. The modules read these names from here at
run time (``knobs.NAME``), so a benchmark or a test may change one.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from yukon.engine.rules import Rules
from yukon.solver.moves import Mode


class Kind(Enum):
    """The searches of the portfolio (see the package docstring's glossary)."""

    DEPTH_FIRST = "depth-first"
    BEST_FIRST = "best-first"
    PACED = "paced"
    BEAM = "beam"
    STRICTER = "stricter"


class Entry(NamedTuple):
    """One search of the portfolio: its kind, its moves, and its slices per
    round while the deal is young, then once it is hard."""

    kind: Kind
    mode: Mode
    share: int
    hard_share: int


# ----------------------------------------------------------------- portfolio
# "Open deals" below: those not settled within 2,000 positions, 75 of deals
# 1-500 and 75 of 501-1000; with the knobs as they are, 59 and 58 of them
# settle within 50,000 positions (1,522,892 and 1,372,753 positions spent).
# "Left out": the portfolio without that search, on all of deals 501-1000.

# The searches that take turns, in their order while the deal is young;
# each earns its place (figures: deals 501-1000 at 20,000 / 50,000 /
# 100,000 positions, unless said otherwise). The shares were not
# re-measured: ``benchmarks/portfolio.py`` replays others.
PORTFOLIO: tuple[Entry, ...] = (
    # left out, the same deals settle at 50,000 and 100,000 but on 10 % more
    # positions (the easy deals are slower); one more (898) at 20,000
    Entry(Kind.DEPTH_FIRST, Mode.NO_LIFT, 1, 2),
    # left out, the same deals settle here; but its running dry starts the
    # prover boost: without it 116 and 299 (1-500, lost) stay open at 50,000
    Entry(Kind.DEPTH_FIRST, Mode.FOCUSED, 2, 1),
    # left out, 530 and 989 stay open at 50,000 and 100,000
    Entry(Kind.DEPTH_FIRST, Mode.CHAINED, 1, 3),
    # left out, 800 stays open at 50,000 and 100,000
    Entry(Kind.BEST_FIRST, Mode.FOCUSED, 1, 6),
    # left out, 832 stays open at 20,000; 2 % more positions at 50,000
    Entry(Kind.BEST_FIRST, Mode.CHAINED, 1, 3),
    # left out, 648 and 973 stay open at 50,000 (610 settles instead)
    Entry(Kind.BEST_FIRST, Mode.FULL, 1, 3),
    # left out, 838 and 854 stay open at 50,000, 838 at 100,000
    Entry(Kind.DEPTH_FIRST, Mode.FULL, 1, 1),
    # left out, 5 deals stay open at 50,000, 3 at 100,000
    Entry(Kind.PACED, Mode.FULL, 1, 2),
    # left out, 630 stays open at 50,000 and 100,000 (3 more settle at 20,000)
    Entry(Kind.BEAM, Mode.CHAINED, 1, 16),
)
# Positions in one slice of a turn (and between two questions to ``stop``):
# not re-measured (it scales every share).
SLICE = 1000
# Positions (over all searches) after which a deal is hard (about 0.1 s):
# the shares change to ``hard_share`` and ``FIRST_WHEN_HARD`` go first.
# Open deals: 2,500 or 10,000 settle the same ones (10,000: 3 % more
# positions on 1-500, 3 % fewer on 501-1000).
HARD_AFTER = 5000
# Once the deal is hard, these searches take their turns first in each
# round. Open deals, in their young order: 270 (1-500) stays open.
FIRST_WHEN_HARD: tuple[Kind, ...] = (Kind.PACED, Kind.BEAM)
# Once the focused depth-first search has run dry, the full best-first one
# (the quicker prover on such deals) gets this many times its share ...
# Open deals, without it (1): 116 and 299 (1-500, lost) stay open.
PROVER_BOOST = 4
# ... and twice that if the focused search ran dry within this many
# positions. Open deals, with 0: the same settle, on 6,000 more positions
# in each range.
EARLY_DRY = 100
# The narrow modes whose depth-first and best-first searches share one set
# of seen positions. Open deals, with none: the same settle (13,000 more
# positions on 1-500, 96,000 fewer on 501-1000); not changed, as the focused
# pair shares the prover boost's trigger.
SHARED_MODES: tuple[Mode, ...] = (Mode.FOCUSED, Mode.CHAINED)
# How many times smaller the share of a search is once it has started again
# alone (it ran dry on the positions it shared). Open deals, with 1: the
# same settle, on 6,000 and 3,000 more positions.
ALONE_AGAIN_DIVISOR = 2
# Whether the paced search stops when the beam search runs dry within its
# first slice (the deal is blocked). Open deals, without: the same settle,
# on 3,000 more positions (1-500).
STOP_PACED_WHEN_BLOCKED = True
# Positions (over all searches) after which ``solve`` with two processes
# splits the searches with a forked copy: the first turn settles most deals
# (median 0.004-0.007 s), which so pay nothing for a fork. Not re-measured.
HELP_AFTER = SLICE
# Whether the two provers of a split ``solve`` share their seen positions
# (``yukon.solver.shared_seen``), each expanding only those it claimed,
# instead of each going through the whole space. Lost deals on an idle
# machine, two runs each at 8 s: 110212 (Classic) proven in 1.44-1.47 s
# against 2.26-2.82 s; Alaska 110105 1.62-2.03 s against 2.65-3.34 s,
# 110994 1.76-2.09 against 2.75-3.03, 110409 2.50-2.65 against 3.78-4.18;
# Classic 110359 2.89-3.73 s against 2.65-2.75 s. At 2 s a deal on
# 110001-111000 (never tuned on), in turn: Alaska 24 undecided against 26,
# Classic 29 against 30.
SHARE_PROVERS = True

# ----------------------------------------------------------------- searches

# The paced search's idle moves in a row (neither turning a card up nor
# sending one home). Open deals, with 2: 5 (1-500) and 3 (501-1000) more
# stay open.
PACE = 1
# The beam search's width and its idle moves between levels. Open deals:
# width 15 leaves 2 (1-500, one other settles) and 1 (501-1000) more open,
# 60 leaves 4 (1-500); 2 idle moves leave 2 (1-500) more open.
BEAM_WIDTH = 30
BEAM_IDLE = 3
# Per game, the beam's width where it is not ``BEAM_WIDTH`` (so ``--set
# BEAM_WIDTH=N`` leaves these games alone; ``--set GAME_BEAM_WIDTH={}``
# gives them ``BEAM_WIDTH`` again). Alaska builds both ways: twice the
# moves, so a narrower beam goes deeper on the same positions. Alaska at
# 20,000 positions per deal, width 15 against 30: deals 1-500 (tuned on)
# 399 settled (347 won, 52 lost) against 389 (338, 51), 11 more settle and
# one (123) stays open, on 0.5 % fewer positions; width 60 settles 2 fewer
# of deals 1-200; deals 501-1000 (never tuned on): 386 settled (317 won,
# 69 lost) against 382 (313, 69), 4 more settle (556, 607, 911, 994) and
# none stays open, on 0.7 % fewer positions.
GAME_BEAM_WIDTH: dict[Rules, int] = {Rules.ALASKA: 15}


# Per game, the searches' (young, hard) shares where they are not those of
# ``PORTFOLIO`` (same searches, same order; a share of 0 gives a search no
# turn). Alaska: its wins come from the full searches; the narrow ones
# find almost none (building both ways, a card must often be lifted off
# one it fits on, which no-lift never does, and the focused searches'
# wanted cards run dry within a few thousand positions), so of them only
# the focused depth-first search keeps a turn (its running dry starts the
# prover boost), and the full ones get twice their shares, the paced one
# four times. Alaska at 80,000 positions per deal (about 2 s of one core),
# against the shares of ``PORTFOLIO``: deals 1-150 (tuned on) 147 settled
# against 138, on 46 % fewer positions (only the narrow searches off: 146;
# the best-first search at (4, 12): 145; the paced one at (6, 12): 147);
# deals 100001-100300 (never tuned on) 289 settled (247 won, 42 lost)
# against 277 (235, 42), on 46 % fewer positions (2,554,440 against
# 4,750,001); no deal settled before is left open.
GAME_SHARES: dict[Rules, tuple[tuple[int, int], ...]] = {
    Rules.ALASKA: ((0, 0), (1, 1), (0, 0), (0, 0), (0, 0), (2, 6), (2, 3), (4, 8), (1, 8)),
}


# Per game, a stricter game (``yukon.solver.dominance``: each of its moves is
# one of this game's) whose search (``yukon.solver.stricter``) goes first,
# with ``STRICTER_SHARES``: its win is a win here. Russian Solitaire builds
# down in suit only, so its whole space is searched within a few hundred
# positions. Alaska at 80,000 positions a deal: of the 100 deals of
# 300001-302651 (tuned on) undecided without it, 6 are Russian wins, so
# 13 are decided against 7 (10 won, 3 lost) on 7,372,296 positions
# against 7,851,758; the Russian searches of the 100 take 947 positions.
# Not given to Relaxed or Moosehide (Classic is no quicker to search):
# not measured.
STRICTER_GAME: dict[Rules, Rules] = {Rules.ALASKA: Rules.RUSSIAN}
STRICTER_SHARES = (1, 1)
# Per game, searches of its own after those of ``PORTFOLIO``. Alaska: the
# best-first search over the downward moves (``Mode.DOWNWARD``). Alone, at
# 20,000 positions, it wins 12 of the 100 deals of 300001-302651 undecided
# at 80,000 (the depth-first one 10), most within 3,000 positions, and runs
# dry on 66. In the portfolio at 80,000 positions (with the stricter
# search): 21 decided (18 won, 3 lost) against 13, on 6,936,242 positions
# against 7,372,296, none decided before left open; deals 1-200 decide the
# same (181 won, 16 lost) on 1,302,380 positions against 1,318,745 (the
# median deal one position more: the stricter search's start). With 2
# slices once hard: the same decided in both. Then the paced search over
# the downward moves: 22 of the 100 decided (19 won, 3 lost) on 6,855,912
# positions; deals 1-200 the same on 1,261,670. The depth-first search
# over them instead: 24 of the 100, but deal 127 (of 1-200, won on
# 76,048 positions) left open.
GAME_SEARCHES: dict[Rules, tuple[Entry, ...]] = {
    Rules.ALASKA: (
        Entry(Kind.BEST_FIRST, Mode.DOWNWARD, 1, 1),
        Entry(Kind.PACED, Mode.DOWNWARD, 1, 1),
    ),
}


def portfolio(rules: Rules) -> tuple[Entry, ...]:
    """The searches of the portfolio in ``rules``, with the game's shares,
    after the stricter game's search if it has one.

    >>> portfolio(Rules.CLASSIC) == PORTFOLIO
    True
    >>> [entry.share for entry in portfolio(Rules.ALASKA)]
    [1, 0, 1, 0, 0, 0, 2, 2, 4, 1, 1, 1]
    >>> portfolio(Rules.ALASKA)[0].kind
    <Kind.STRICTER: 'stricter'>
    """
    shares = GAME_SHARES.get(rules)
    entries = PORTFOLIO
    if shares is not None:
        entries = tuple(
            entry._replace(share=share, hard_share=hard)
            for entry, (share, hard) in zip(PORTFOLIO, shares, strict=True)
        )
    if rules in STRICTER_GAME:
        entries = (Entry(Kind.STRICTER, Mode.FULL, *STRICTER_SHARES), *entries)
    return (*entries, *GAME_SEARCHES.get(rules, ()))


def beam_width(rules: Rules) -> int:
    """The beam search's width in ``rules``.

    >>> beam_width(Rules.CLASSIC), beam_width(Rules.ALASKA)
    (30, 15)
    """
    return GAME_BEAM_WIDTH.get(rules, BEAM_WIDTH)


# The depth-first searches read the clock once every this many steps: a
# cost of time only, not re-measured.
TIME_CHECK_EVERY = 16

# ----------------------------------------------------------------- proofs

# Certificates of stuck positions (and proofs of the twins) each search
# keeps: the answers are the same with any number (a test checks them
# against fresh proofs); only the time differs: not re-measured.
CERTIFICATES = 3
# The twins' case split tries both cases of every pair, in rounds while it
# orders more, only this many cards turned up below the search's start.
# Open deals, with 3: the same settle, on 5,000 (1-500) and 65,000
# (501-1000) more positions.
BOTH_CASES_WITHIN = 5
# Whether the searches that prove losses also ask the stuck proofs
# (``yukon.solver.stuck``: ``LossProofs.quick_lost``) of every new position,
# not only of one where a card turned up. Rearranging the face-up cards can
# bury a card for good (a group laid over a card it needs), and below such a
# position the full searches would otherwise try every rearrangement left.
# Classic at 80,000 positions a deal: of the 73 deals of 200001-202000
# (tuned on) undecided without it, 4 are decided (2 won, 2 lost), and none
# decided without it is left open; of the study's 380 of 100001-110000
# (never tuned on), 23 (5 won, 18 lost).
# Alaska: of 100 undecided deals of 300001-302651, 7 (4 won, 3 lost).
# Deals 501-1000 at 50,000: the same 451 won and 32 lost, on 16,798 fewer
# positions. It costs time: on hard deals a position took about half as
# long again (README "Performance"), so at 2 s a deal it was a wash (of the
# 380, 6 decided against 5; 501-1000 the same). Since the provers skip the
# proofs after moves that cannot make a position stuck
# (``StuckProof.keeps_open``), deals 501-1000 take about 32 s of CPU with it
# and 29 s without. Without it, as before.
STUCK_EVERY_MOVE = True
# The games whose searches that prove losses also ask the crowding proof
# (``yukon.solver.crowded``) wherever they ask the stuck proofs and those
# find the position open. Classic at 80,000 positions a deal: of the 73
# undecided deals of 200001-202000 (tuned on), 17 decided (3 won, 14 lost)
# against 4 (2, 2), on 15 % fewer positions, and none decided without it
# is left open; of the 38 of 300001-301000 undecided at 2 s, 7 (all lost)
# against 4. At 2 s a deal: 300001-301000 96.4 % decided against 96.2 %;
# 110001-111000 (never tuned on) 97.2-97.3 % against 96.9 %. Asked by every
# search, not only the provers: one more of the 73 won, in 37 % more time.
# Alaska: on its 100 undecided deals of 300001-302651 it proves nothing
# (the same verdicts on the same positions) in 48 % more time, so it is
# left out. Moosehide at 2 s a deal: 300001-305000 (tuned on) 7 undecided
# against 5 (both proven lost), in no more time; 110001-113000 the same 3
# undecided; the 10 deals its study left undecided at 800,000 positions,
# 1 lost (109063, from its start) and 1 won there. Relaxed and Russian
# Solitaire decide all but a few in 10,000 without it (Relaxed
# 301001-304000 at 2 s: the same with it).
CROWDING: frozenset[Rules] = frozenset({Rules.CLASSIC, Rules.MOOSEHIDE})
# A search asks the crowding proof at every position it may while it has
# asked it fewer than CROWDING_TRIAL times plus CROWDING_SHARE for each
# loss it proved; past that, at one position in CROWDING_SAMPLE
# (``LossProofs._worth_asking``). On some lost deals it proves nothing,
# and there it made the full best-first prover three times as slow: alone,
# compiled, 110050 (270,074 positions either way) 6.7 s against 19.3 s,
# 110081 10.3 s against 33 s, 110625 16.4 s against 47.3 s, 110869 13.1 s
# against 18.3 s; where it proves much (110031: 12,959 of 20,068 asked) it
# is asked as before. The 92 slow deals of 300001-302000 (tuned on) at 2 s:
# 44 undecided (24 won, 24 lost) against 49 (21, 22); shares 2 to 5,
# samples 32 and 64, trials 300 and 1,000 gave 44-46. 110001-111000 (never
# tuned on) at 2 s: 98.2 % decided (898 won, 84 lost), as before; 110481
# newly lost, 110730 (lost at 1.7 s before) left open. 111001-112000 (never
# run before): 98.4 % (893 won, 91 lost) against 98.1 % (893, 88), no
# verdict turned from won to lost or back. Within the
# positions of ``benchmarks/solver_budget.py`` the trial never ends: its
# digests (Classic 501-1000, Moosehide 1-300, Alaska 1-200) are unchanged.
CROWDING_TRIAL = 1000
CROWDING_SHARE = 3
CROWDING_SAMPLE = 32
# A search's fresh crowding proofs shut the gates on face-down cards
# (``CrowdingProof._needs_gates``) while it has worked out fewer than GATES_TRIAL
# of them plus GATES_SHARE for each loss that needed a gate shut; past
# that, one fresh proof in GATES_SAMPLE. The gates' matchings are most of
# a fresh proof's time, and on some deals no loss leans on a gate (111154,
# 111981: none of 17 and 2). The full best-first prover alone, compiled,
# against gates always shut: 111053 2.2 s against 3.8 s (71,418 positions
# against 70,752), 111212 2.7 s against 3.5 s (88,611, 85,796), 111981 5.8 s
# against 7.0 s (the same positions), 110031, 110481 and 111107 as before.
# The 92 slow deals of 300001-302000 (tuned on) at 2 s: 44 undecided
# against 43 (301038, decided in 1.7-2.9 s at 10 s either way, is the
# one); shares 30 and 300 gave 45 and 44. Never tuned on, at 2 s, in turn
# with the code before: 110001-111000 98.2 % twice against 98.2 %,
# 111001-112000 98.4 % twice against 98.2 %. The budget digests are
# unchanged (the trial never ends within them).
# Where none of the proofs kept holds, a prover works out a fresh crowding
# proof while it has worked out fewer than FRESH_TRIAL of them plus
# FRESH_SHARE for each that proved a loss, past that at one position in
# FRESH_SAMPLE (``CrowdingProof._worth_fresh``); and the same for a fresh
# stuck proof where no certificate holds (``LossProofs.spared_stuck``,
# FRESH_STUCK_*). Nearly every fresh proof finds its position open, and
# that is the dearest case (the whole fixpoint; for the crowding proof
# every cap lifted): the full best-first prover on deal 120151 (never
# tuned on) worked out 3,514 fresh crowding proofs in its first 30,000
# positions, 83 of which proved a loss, while the proofs kept from those
# 83 settled 3,626 positions; its fresh stuck proofs on 120060 proved 4
# losses in 7,158. A loss missed so is found a few positions later, by a
# fresh proof or a proof kept. The full best-first prover alone, compiled,
# on ten lost deals never tuned on (120151, 120183, 120060, 120890,
# 110031, 110481, 110050, 111154, 111053, 111981), the two versions side by
# side: 41.4 s against 53.0 s (120151 10.9 s against 17.4 s, on 318,164
# positions against 293,046), the depth-first one on eight of them 8 %
# less with the stuck proofs spared alone. Without a trial, 120754 and
# 120917 (lost from near their start) were left open at 2 s. The 92 slow
# deals of 300001-302000 (tuned on) at 2 s: 38-39 undecided against 40-41;
# shares, trials and samples otherwise not tuned. Budget digests: Classic
# 501-1000 and Alaska 1-200 change (the same verdicts on 37 and 252 more
# positions), Moosehide 1-300 does not.
FRESH_TRIAL = 300
FRESH_SHARE = 10
FRESH_SAMPLE = 8
FRESH_STUCK_TRIAL = 100
FRESH_STUCK_SHARE = 20
FRESH_STUCK_SAMPLE = 16
GATES_TRIAL = 1000
GATES_SHARE = 100
GATES_SAMPLE = 16
# Deeper than this many cards turned up, no case split at all. Open deals,
# splitting at every depth: the same deals on exactly the same positions
# (deeper splits never cut one), so the limit only saves their time.
SPLIT_WITHIN = 8
# Whether the full best-first prover plays forced moves home at once
# (``yukon.solver.forced_home``), a chain of them counted as one position
# and kept in the queue where its start would have waited. Run alone, it
# proves deal 200071 lost on 80,401 positions against 96,345 (5.7 s of
# one core against 8.5 s), deal 153 on 156 against 216. Classic at 80,000
# positions a deal: the 73 undecided deals of 200001-202000 (tuned on)
# decide the same (2 won, 2 lost) in 12 % less time (270 s against 306 s);
# of the study's 380 of 100001-110000 (never tuned on), 25 against 23 (5
# won, 20 lost: 102755 and 105334 newly lost), in 1,449 s against 1,646 s.
# Alaska, 100 undecided deals of 300001-302651: the same 4 won, 3 lost.
# Deals 501-1000 at 50,000: the same 451 won and 32 lost, on 1,454,654
# positions against 1,469,710. Played by every best-first search, not only
# the prover: the same 73 deals decide the same. Kept in the queue where
# its end waits instead: deal 65 (won on 1,495 positions) stays open
# after 300,000, and one deal of 501-1000 is left open.
FORCED_HOME = True
# The games whose provers keep, at each position they expand, only the
# moves of a stubborn set (``yukon.solver.stubborn``): a loss is still
# proven when they run dry. Alaska at 80,000 positions a deal: of the
# first 50 of the 100 undecided deals of 300001-302651 (tuned on), 19
# decided (16 won, 3 lost) against 3 (1 won, 2 lost), on 24 % fewer
# positions (3,006,339 against 3,956,836); 300778 newly lost (the full
# best-first prover without the sets proves it too, alone, on 364,092
# positions, and ``tests/exhaustive.py`` on 421,158). Of the study's 100
# undecided deals of 100001-110000 (never tuned on), 38 (35 won, 3 lost)
# against 7 (4 won, 3 lost), on 23 % fewer positions; every verdict is
# that of the 800,000-position run, and 101332 is proven lost on 17,431
# positions against 59,041 (exhaustive check: lost, 394,117). Deals 1-200
# at 50,000: 179 won, 15 lost against 178, 15 (75 newly won), on 24 %
# fewer positions. The wins come from the full best-first search (the sets
# are small once many cards are home); its proofs of loss alone are as
# long (300248: 57,624 positions either way). With the paced search over
# the downward moves in the portfolio, the study's 100: 46 decided (43
# won, 3 lost) against 20 (17 won, 3 lost), on 22 % fewer positions, none
# left open. A position costs about a third more time (working out the
# sets). Classic: nothing gained, so left out: the 73 undecided deals of
# 200001-202000 decide the same on exactly the same positions (digest
# unchanged), in 269 s against 220 s; the prover alone proves 200071 and
# 102755 lost on the same 80,401 and 36,323 positions, a third slower.
STUBBORN: frozenset[Rules] = frozenset({Rules.ALASKA})
# The provers work out the stubborn set of a position only once this many
# cards are home. Before that a set seldom leaves a move out, and working it
# out takes about as long as the rest of the expansion: the depth-first
# prover alone proves four lost deals of 300001-302651 (300248, 300353,
# 300362, 301377: 46,171-59,891 positions, each the same with the sets or
# without) in 1.4-2.4 s without the sets against 2.7-3.9 s with them, and of
# its 136,471 sets only 20 left a move out, all with fewer than 8 cards
# home. The sets pay where many cards are home. Alaska at 2 s a deal,
# 300001-301000 (tuned on), deals left undecided with each value: 0 (sets
# everywhere) 25, 2 23, 4 19, 8 20, 12 20, 16 22, 52 (no sets) 24. At
# 80,000 positions a deal, its 100 undecided deals of 300001-302651: 45
# decided (42 won, 3 lost) in 182 s of CPU, against 48 (44, 4) in 226 s
# with 0 (the sets save a few positions, at a cost in time). Deals
# 110001-111000 (never tuned on) at 2 s a deal: 22-25 undecided in four
# runs against 26-31 in two with 0, run in turn the same day.
STUBBORN_FROM_HOME = 8
