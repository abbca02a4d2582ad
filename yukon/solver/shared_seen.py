"""The seen positions of the two provers of a split ``solve``, shared
between its two processes, so that together they go through the space of
positions once instead of each going through all of it.

On a lost deal both provers (the full best-first one in one process, the
full depth-first one in the other: ``yukon.solver.split``) must expand
every position they reach, and each reached the same space alone. Sharing
their seen positions, each expands only the positions it *claims*: the
depth-first prover claims a position when it first reaches it (as it
steps into it), the best-first one when it takes it from its queue to
expand it, so its queue, many positions at a time, stays open to the
other. Each skips a position the other claimed. Both run dry at about the
same time, each having expanded about half of the space.

A prover can be left with nothing of its own: when the depth-first one
has claimed every position the best-first one's queue leads to (a start
with one move only is enough), the best-first prover would wait idle for
the other to finish alone. So a claimed position is also marked
*expanded* once its claimant found it open (not proven lost), and the
best-first prover, when its own queue is empty, passes *through* such
positions without claiming them or asking the proofs: it plays their moves
to reach the positions the depth-first prover has not come to yet (the
moves still waiting on its line), and claims those. A position proven
lost is never passed through, so no prover searches below it. Lost deals
at 10 s a deal, alternated with the code before (seconds): 111212 1.3-1.4
against 2.4 (the best-first prover had expanded nothing: the start has
one move), 111107 1.0-1.1 against 2.0-2.1, 110031 1.4 against 2.6, 110050
4.3 against 7.5; 111053, 111154 and 111981 as before.

Why running dry still proves a loss. A position either prover reaches is
claimed by one of them (or by both, where two claims cross), and the one
that claims it expands it with the moves ``Search.children`` gives, or
proves it lost, as it would alone; the other one only skips it. The twins'
orders a prover carries down its line (``yukon.solver.twins``) hold of the
position itself, whichever line reached it. So once both have run dry,
every position either reached has been expanded or proven lost, which is
all the provers' argument needs (``yukon.solver.forced_home``): the deal
is lost. Passing through only expands positions once more (each is
reached by legal moves from the start, so a win found beyond one is a
win). One prover running dry alone proves nothing, as the other may be
still expanding positions it claimed; the one that runs dry second proves
the loss (``Partner.dry``).

The table holds, for each position claimed, two 64-bit hashes of its key
(the interpreter's own, salted the same in both processes after the
fork, of the key and of the key behind a zero byte), the second's lowest
bit giving way to the mark of an expanded position: a position is taken
for claimed only if both match, a chance of about one in 2**126 per
position of taking an unclaimed one for claimed. Writes are not locked:
two processes writing one slot at once may lose a claim, which only has
a position expanded twice; a slot is never read as holding a key nobody
wrote (the second hash is written first, and a slot half written reads
as another key). A full table takes no more claims, which again only
costs time.

Each prover keeps its own set of seen positions too (``Search.seen``) and
skips a position in either (``Search.shared``):

>>> table = SharedTable(slots=1 << 10)
>>> table.take(b"a"), table.take(b"a"), table.holds(b"a"), table.holds(b"b")
(True, False, True, False)
>>> at = table.claim(b"c")
>>> table.expanded(b"c"), table.mark_expanded(at), table.expanded(b"c"), table.claim(b"c")
(False, None, True, -1)
>>> table.take(b"b", expanded=True), table.expanded(b"b"), table.holds(b"b")
(True, True, True)
>>> table.close()
"""

from __future__ import annotations

import mmap
import time

# Slots in the table (a power of two), 16 bytes each. The two provers
# reach well under 200,000 positions in 2 s; longer searches may fill it.
SLOTS = 1 << 20
# Slots looked at for a key before giving up (the table is too full there).
PROBES = 32
_MASK64 = (1 << 64) - 1
# The second hash without its lowest bit, which marks an expanded position.
_SECOND = _MASK64 - 1
_EXPANDED = 1
# The mapping's first words: each prover's "ran dry" flag.
_FLAGS = 2
# ``SharedTable.claim``'s answers other than a slot: claimed already, or
# not but with no slot to hold the claim.
TAKEN = -1
UNHELD = -2


class SharedTable:
    """Claimed positions and the two provers' flags, in memory that a copy
    forked after it was made shares (an anonymous shared mapping)."""

    def __init__(self, slots: int = SLOTS) -> None:
        self.mask = slots - 1
        self.memory = mmap.mmap(-1, 8 * (_FLAGS + 2 * slots))
        self.words = memoryview(self.memory).cast("Q")

    def close(self) -> None:
        self.words.release()
        self.memory.close()

    @staticmethod
    def _hashes(key: bytes) -> tuple[int, int]:
        # The first is never 0, which marks an empty slot; a bytes object
        # keeps its hash, so the first costs nothing after ``peek``'s.
        return (hash(key) & _MASK64) | 1, hash(b"\x00" + key) & _SECOND

    def _slot(self, first: int, second: int) -> int:
        """The index of the words of the slot holding these hashes, or of
        the first empty slot on their way; -1 if neither comes within
        ``PROBES`` slots."""
        words, mask = self.words, self.mask
        slot = first & mask
        for _ in range(PROBES):
            at = _FLAGS + 2 * slot
            word = words[at]
            if not word or (word == first and words[at + 1] & _SECOND == second):
                return at
            slot = (slot + 1) & mask
        return -1

    def holds(self, key: bytes) -> bool:
        """Whether a prover claimed ``key``."""
        # Most keys asked are new, and most first slots empty: then the
        # key is not in the table, known without the second hash.
        if not self.words[_FLAGS + 2 * (hash(key) & self.mask | 1)]:
            return False
        first, second = self._hashes(key)
        return self._claimed(first, second, self._slot(first, second))

    def _claimed(self, first: int, second: int, at: int) -> bool:
        # Read again: the slot may have been empty a moment ago.
        return at >= 0 and self.words[at] == first and self.words[at + 1] & _SECOND == second

    def expanded(self, key: bytes) -> bool:
        """Whether a prover claimed ``key`` and found it open: it expands
        it (or did), so the other may pass through it."""
        first, second = self._hashes(key)
        at = self._slot(first, second)
        return self._claimed(first, second, at) and bool(self.words[at + 1] & _EXPANDED)

    def mark_expanded(self, at: int) -> None:
        """Mark the position this prover claimed in slot ``at`` (``claim``'s
        answer) as found open."""
        if at >= 0:
            words = self.words
            words[at + 1] = words[at + 1] | _EXPANDED

    def claim(self, key: bytes, expanded: bool = False) -> int:
        """Claim ``key`` unless it is claimed already (marked ``expanded``
        at once if the prover found it open before claiming it): the index
        of its slot's words, for ``mark_expanded``; ``UNHELD`` if it was
        not claimed but the table is too full to hold it, ``TAKEN`` if it
        was claimed already."""
        first, second = self._hashes(key)
        at = self._slot(first, second)
        if at < 0:
            return UNHELD
        words = self.words
        word = words[at]
        if word:
            # Claimed, or another key written there a moment ago: that one
            # is expanded all the same, without a claim.
            return TAKEN if word == first and words[at + 1] & _SECOND == second else UNHELD
        words[at + 1] = second | (_EXPANDED if expanded else 0)  # the second first: see the module
        words[at] = first
        return at

    def take(self, key: bytes, expanded: bool = False) -> bool:
        """``claim``: whether ``key`` was not claimed already."""
        return self.claim(key, expanded) != TAKEN

    def mark_dry(self, side: int) -> bool:
        """Mark prover ``side`` (0 or 1) run dry; whether the other had
        been marked so already."""
        self.words[side] = 1
        return bool(self.words[1 - side])

    def is_dry(self, side: int) -> bool:
        """Whether prover ``side`` has been marked run dry."""
        return bool(self.words[side])


class Partner:
    """What a prover sharing its seen positions knows of the other one."""

    # Seconds a prover that ran dry first waits each time it is asked, so
    # that its process's turns do not keep a core busy for nothing.
    WAIT = 0.001

    def __init__(self, table: SharedTable, side: int) -> None:
        self.table = table
        self.side = side

    def dry(self) -> bool:
        """Asked each time this prover finds itself run dry (on each turn
        from then on): whether the loss is proven, the other prover having
        run dry too."""
        if self.table.mark_dry(self.side):
            return True
        time.sleep(self.WAIT)
        return False

    def other_dry(self) -> bool:
        """Whether the other prover has run dry: it has expanded every
        position it claimed, so nothing is left to pass through to."""
        return self.table.is_dry(1 - self.side)
