"""The crowding proof (``yukon.solver.crowded``): it proves lost positions
the stuck proofs leave open, never one that can be won, and the provers
and the other searches share its answers."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from exhaustive import INCONCLUSIVE, LOST, WON, exhaust
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from yukon.engine import Game, Rules
from yukon.engine.moves import COLUMNS
from yukon.engine.position import Position
from yukon.solver import crowded, knobs, solve
from yukon.solver.best_first import BestFirst
from yukon.solver.board import Board
from yukon.solver.crowded import CrowdingProof
from yukon.solver.moves import Mode
from yukon.solver.proofs import LossProofs, ProofTable
from yukon.solver.stuck import StuckProof
from yukon.solver.twins import Order
from yukon.solver.verdict import Verdict


def crowded_example() -> Game:
    """Lost, though every card can reach the end of a column: 7♥, 8♦ and
    both red Queens lie face down under J♣, which can only go home; so no
    heart above 6 and no diamond above 7 ever goes home. 10♣ then never
    goes home: 9♥ lies on it and 9♦ on 9♣ (which goes home before it), and
    both would need the 10♠ (all spades are home, and J♠ can never be
    taken back: its Queens are face down)."""
    return Game.from_layout(
        [
            ["QD", "QH", "8D", "7H", "JC"],
            ["TC", "9H"],
            ["KH", "QC", "JD"],
            ["KD", "TD", "8H"],
            ["KC", "TH", "JH"],
            ["9C", "9D"],
            [],
        ],
        [4, 0, 0, 0, 0, 0, 0],
        [13, 6, 7, 8],
    )


def roomy_example() -> Game:
    """The same, but with the 8♦ face up and the 10♠ at the end of a
    column: 9♦ can go home and 9♥ onto the 10♠, and the game is won."""
    return Game.from_layout(
        [
            ["QD", "QH", "7H", "JC"],
            ["TC", "9H"],
            ["KH", "QC", "JD"],
            ["KD", "QS", "TD", "8H"],
            ["KC", "TH", "JH", "JS"],
            ["9C", "9D"],
            ["KS", "TS", "8D"],
        ],
        [3, 0, 0, 0, 0, 0, 0],
        [9, 6, 7, 8],
    )


def proofs_of(game: Game) -> tuple[StuckProof, CrowdingProof]:
    stuck = StuckProof(Board(game.position()))
    return stuck, CrowdingProof(stuck)


def test_a_crowded_position_is_lost_though_the_stuck_proofs_leave_it_open() -> None:
    game = crowded_example()
    stuck, crowding = proofs_of(game)
    assert not stuck.is_dead() and not stuck.is_stuck()
    assert crowding.is_crowded()
    assert exhaust(game.position(), 100_000)[0] == LOST


def test_with_room_for_the_red_nines_it_is_not_crowded_and_is_won() -> None:
    game = roomy_example()
    _, crowding = proofs_of(game)
    assert not crowding.is_crowded()
    assert exhaust(game.position(), 100_000)[0] == WON


def positions_on_winning_lines(deals: range) -> list[Game]:
    """Every position on the solver's winning lines of ``deals`` in every
    game, the start included: each can be won."""
    games = []
    for rules in Rules:
        for deal in deals:
            result = solve(Game.new(deal, rules), max_seconds=None, max_nodes=20_000, processes=1)
            if result.verdict is not Verdict.WON:
                continue
            game = Game.new(deal, rules)
            games.append(Game.from_position(game.position()))
            for move in result.moves:
                game.play(move)
                games.append(Game.from_position(game.position()))
    return games


@pytest.fixture(scope="module")
def winnable() -> list[Game]:
    return positions_on_winning_lines(range(1, 13))


def test_no_position_on_a_winning_line_is_crowded(winnable: list[Game]) -> None:
    assert len(winnable) > 3_000
    assert not any(proofs_of(game)[1].is_crowded() for game in winnable)


def test_without_the_kings_empty_columns_winnable_positions_would_be_crowded(
    winnable: list[Game], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check above has teeth: a proof that forgets a King may lie in
    an empty column calls many positions on winning lines crowded."""
    monkeypatch.setattr(crowded, "_BASES", ())
    assert sum(proofs_of(game)[1].is_crowded() for game in winnable[::5]) >= 10


def test_the_proofs_kept_give_the_answers_of_fresh_proofs() -> None:
    """On every position a prover asks about (deal 200033, lost by the
    crowding proof from its start; deal 110413 deep in play), the answer
    with the last proofs checked first is a fresh proof's, where it is
    known (a fresh proof not worked out leaves it unknown)."""
    answers: dict[bool | None, int] = {True: 0, False: 0, None: 0}
    for deal, budget in ((200033, 3_000), (110413, 30_000)):
        search = BestFirst(Game.new(deal).position(), Mode.FULL)
        search.begin()
        proof = search.proofs.crowding
        assert proof is not None
        asked = proof.is_crowded

        def checked(
            proof: CrowdingProof = proof, asked: Callable[[], bool | None] = asked
        ) -> bool | None:
            answer = asked()
            fresh = CrowdingProof(StuckProof(Board(proof.stuck.board.position())))
            assert answer is None or answer is fresh.is_crowded()
            answers[answer] += 1
            return answer

        proof.is_crowded = checked  # type: ignore[method-assign]
        while search.verdict is None and search.nodes < budget:
            search.step(1_000, None)
    assert answers[True] >= 100 and answers[False] >= 100 and answers[None] >= 100


def compare_matchings(board: Board, answers: dict[bool, int]) -> None:
    """Lift each suit's cap as the crowding proof's first round does, with a
    matching carried from card to card and one made afresh for each card,
    and check that both find room alike."""
    proof = CrowdingProof(StuckProof(Board(board.position())))
    caps = list(board.found)
    proof.stuck.caps = caps
    certificate = proof.stuck.plain_fixpoint()
    if certificate is None:
        return
    layout = proof._layout()
    for suit in range(4):
        carried = None
        while caps[suit] < 13 and certificate[0][card := suit * 13 + caps[suit]]:
            fresh = crowded._Matching(board, caps, certificate, layout, card).room()
            if carried is None:
                carried = crowded._Matching(board, caps, certificate, layout, card)
            else:
                carried.next(card)
            assert carried.room() is fresh
            answers[fresh] += 1
            if not fresh:
                break
            caps[suit] += 1


def test_a_matching_carried_from_card_to_card_finds_room_as_a_fresh_one() -> None:
    """Lifting a suit's cap keeps one matching from card to card
    (``_Matching.next``): on positions of a prover's search of deal 110413
    it finds room exactly where a matching made afresh for the card does,
    over thousands of cards, with and without room."""
    search = BestFirst(Game.new(110413).position(), Mode.FULL)
    search.begin()
    answers = {True: 0, False: 0}
    queue_child = search.queue_child

    def compared(
        key: bytes, orders: Order, flipped: bool, forced_home: bool, kept_open: bool
    ) -> bool:
        compare_matchings(search.board, answers)
        return queue_child(key, orders, flipped, forced_home, kept_open)

    search.queue_child = compared  # type: ignore[method-assign]
    while search.verdict is None and search.nodes < 3_000:
        search.step(500, None)
    assert answers[True] >= 1_000 and answers[False] >= 100


def test_only_the_provers_ask_it_and_every_search_reads_its_answers() -> None:
    board = Board(crowded_example().position())
    table = ProofTable()
    reader = LossProofs(board, table, twins=False)
    assert reader.crowding is None and not reader.quick_lost(board.key())
    prover = LossProofs(board, table, twins=False, crowding=True)
    assert prover.quick_lost(board.key())
    assert reader.quick_lost(board.key()) and reader.proven_lost(board.key())


def test_the_provers_of_the_games_of_the_knob_ask_it(monkeypatch: pytest.MonkeyPatch) -> None:
    def asks(rules: Rules, mode: Mode = Mode.FULL) -> bool:
        search = BestFirst(Game.new(1, rules).position(), mode)
        return search.proofs.crowding is not None

    assert asks(Rules.CLASSIC) and not asks(Rules.CLASSIC, Mode.CHAINED)
    assert asks(Rules.MOOSEHIDE) and not asks(Rules.ALASKA)
    monkeypatch.setattr(knobs, "CROWDING", frozenset())
    assert not asks(Rules.CLASSIC)


@pytest.mark.parametrize("proves", [True, False])
def test_a_prover_asks_it_less_once_it_proves_too_little(
    monkeypatch: pytest.MonkeyPatch, proves: bool
) -> None:
    """Past ``CROWDING_TRIAL`` positions, a prover whose crowding proofs
    prove nothing asks at one position in ``CROWDING_SAMPLE``; one whose
    proofs prove losses asks at every position; answers known are read."""
    monkeypatch.setattr(knobs, "CROWDING_TRIAL", 40)
    monkeypatch.setattr(knobs, "CROWDING_SAMPLE", 8)
    board = Board(crowded_example().position())
    table = ProofTable()
    prover = LossProofs(board, table, twins=False, crowding=True)
    assert prover.crowding is not None
    asked: list[bool] = []

    def is_crowded() -> bool:
        asked.append(proves)
        return proves

    monkeypatch.setattr(prover.crowding, "is_crowded", is_crowded)
    keys = [bytes((n // 256, n % 256)) for n in range(200)]
    lost = [prover._crowded(key) for key in keys]
    assert len(asked) == (200 if proves else 40 + 160 // 8)
    assert sum(lost) == len(asked) if proves else not any(lost)
    table.crowded[keys[0]] = True
    assert prover._crowded(keys[0]) and len(asked) == (200 if proves else 60)


def only_the_card_on_it(board: Board, card: int) -> list[int]:
    """``crowded.picked_up`` as the proof had it before it knew the cards
    picked up to turn up the face-down cards above a card."""
    return PICKED_UP(board, card)[:1]


PICKED_UP = crowded.picked_up


def test_the_cards_picked_up_prove_a_deal_lost_from_its_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Deal 110868: 4♥ lies on the face-down 4♦, which lies on the face-down
    5♣; both red 4s need a black 5 once picked up, and with the A♥ and A♦
    buried neither goes home. So the 5♣ never turns up: 4♦ and 4♥ would
    both need the 5♠. Knowing only that the card on a card is picked up
    before it reaches the end, the proof leaves the deal open."""
    board = Board(Game.new(110868).position())
    assert not StuckProof(board).is_stuck()
    assert CrowdingProof(StuckProof(board)).is_crowded()
    monkeypatch.setattr(crowded, "picked_up", only_the_card_on_it)
    assert not CrowdingProof(StuckProof(board)).is_crowded()


def dug_in(seed: int, rules: Rules) -> Position:
    """A random legal position with each suit home up to a height of 3-8,
    the other cards shuffled into three to five columns, all face down but
    the last one to three of each: small enough for the exhaustive search,
    with the face-down cards the gates are about."""
    rng = random.Random(seed)
    found = [rng.choice((3, 4, 5, 6, 7, 8)) for _ in range(4)]
    cards = [suit * 13 + rank for suit in range(4) for rank in range(found[suit], 13)]
    rng.shuffle(cards)
    columns: list[list[int]] = [[] for _ in range(COLUMNS)]
    used = rng.sample(range(COLUMNS), rng.choice((3, 4, 5)))
    for card in cards:
        columns[rng.choice(used)].append(card)
    down = [max(0, len(column) - 1 - rng.randrange(3)) for column in columns]
    return Position(tuple(map(tuple, columns)), tuple(down), tuple(found), rules)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([Rules.CLASSIC, Rules.MOOSEHIDE, Rules.RELAXED]))
def test_a_crowded_position_is_lost_by_an_exhaustive_search(seed: int, rules: Rules) -> None:
    position = dug_in(seed, rules)
    assume(CrowdingProof(StuckProof(Board(position))).is_crowded())
    truth, _ = exhaust(position, 20_000)
    assume(truth != INCONCLUSIVE)
    assert truth == LOST


def test_the_cards_picked_up_prove_small_positions_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The check above meets what the cards picked up add: of these
    positions, dozens are crowded only with them, and the exhaustive search
    finds each of them lost."""
    gated = []
    for seed in range(100):
        for rules in (Rules.CLASSIC, Rules.MOOSEHIDE, Rules.RELAXED):
            position = dug_in(seed, rules)
            board = Board(position)
            if StuckProof(board).is_stuck() or not CrowdingProof(StuckProof(board)).is_crowded():
                continue
            with monkeypatch.context() as patched:
                patched.setattr(crowded, "picked_up", only_the_card_on_it)
                if not CrowdingProof(StuckProof(board)).is_crowded():
                    gated.append(position)
    assert len(gated) >= 10
    verdicts = [exhaust(position, 50_000)[0] for position in gated]
    assert WON not in verdicts and verdicts.count(LOST) >= 10


def fresh_proofs(board: Board, count: int) -> tuple[CrowdingProof, list[bool], list[bool]]:
    """``count`` fresh crowding proofs of the board's position (none read
    from the proofs kept): the proof, its answers, and whether each shut
    the gates."""
    proof = CrowdingProof(StuckProof(board))
    gated: list[bool] = []
    gates = proof._gates

    def counted() -> list[bool]:
        gated[-1] = True
        return gates()

    proof._gates = counted  # type: ignore[method-assign]
    answers = []
    for _ in range(count):
        gated.append(False)
        answers.append(proof._proved(proof._layout()))
    return proof, answers, gated


@pytest.mark.parametrize(
    ("deal", "needs_gates"), [(None, False), (110868, True)], ids=["example", "110868"]
)
def test_gates_stay_shut_only_while_losses_need_them(
    monkeypatch: pytest.MonkeyPatch, deal: int | None, needs_gates: bool
) -> None:
    """Past ``GATES_TRIAL`` fresh proofs, a search whose losses never needed
    a gate shut works out one in ``GATES_SAMPLE`` with gates; the example's
    loss needs none and is proved either way. The proof of deal 110868's
    loss from its start leans on a gate shut (the 5♣'s): every proof keeps
    them."""
    monkeypatch.setattr(knobs, "GATES_TRIAL", 3)
    monkeypatch.setattr(knobs, "GATES_SHARE", 2)
    monkeypatch.setattr(knobs, "GATES_SAMPLE", 4)
    game = crowded_example() if deal is None else Game.new(deal)
    proof, answers, gated = fresh_proofs(Board(game.position()), 19)
    assert all(answers)
    assert proof.gating.paid == (19 if needs_gates else 0)
    assert gated == ([True] * 19 if needs_gates else [True] * 3 + [False, False, False, True] * 4)
    monkeypatch.setattr(knobs, "GATES_TRIAL", 0)
    monkeypatch.setattr(knobs, "GATES_SAMPLE", 10**9)
    _, ungated, gated = fresh_proofs(Board(game.position()), 1)
    assert gated == [False]
    if not needs_gates:
        assert ungated == [True]


def test_a_prover_works_out_fewer_fresh_proofs_once_they_prove_too_little(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where no proof kept holds, a fresh crowding proof is worked out at
    every position for ``FRESH_TRIAL`` of them, then at one in
    ``FRESH_SAMPLE`` while they prove nothing; the others are unknown,
    not open, so the table keeps no answer and a later ask may prove it."""
    monkeypatch.setattr(knobs, "FRESH_TRIAL", 5)
    monkeypatch.setattr(knobs, "FRESH_SAMPLE", 4)
    board = Board(Game.new(1).position())  # won: every fresh proof finds it open
    table = ProofTable()
    prover = LossProofs(board, table, twins=False, crowding=True)
    assert prover.crowding is not None
    answers = [prover.crowding.is_crowded() for _ in range(25)]
    assert answers[:5] == [False] * 5
    assert answers[5:] == ([None] * 3 + [False]) * 5
    assert prover.crowding.fresh.tried == 10 and prover.crowding.fresh.paid == 0
    keys = [bytes((n,)) for n in range(8)]
    assert not any(prover._crowded(key) for key in keys)
    assert sum(key in table.crowded for key in keys) == 2


def test_a_fresh_proof_that_proves_a_loss_keeps_them_coming(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each fresh crowding proof that proves a loss buys ``FRESH_SHARE``
    more at every position: a prover whose fresh proofs pay never spares
    them."""
    monkeypatch.setattr(knobs, "FRESH_TRIAL", 2)
    monkeypatch.setattr(knobs, "FRESH_SHARE", 3)
    monkeypatch.setattr(knobs, "FRESH_SAMPLE", 100)
    prover = CrowdingProof(StuckProof(Board(Game.new(200033).position())))
    prover.fresh.paid = 1
    monkeypatch.setattr(prover, "_proved", lambda layout: False)
    assert [prover.is_crowded() for _ in range(7)] == [False] * 5 + [None] * 2
