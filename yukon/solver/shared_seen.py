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

Why running dry still proves a loss. A position either prover reaches is
claimed by one of them (or by both, where two claims cross), and the one
that claims it expands it with the moves ``Search.children`` gives, or
proves it lost, as it would alone; the other one only skips it. The twins'
orders a prover carries down its line (``yukon.solver.twins``) hold of the
position itself, whichever line reached it. So once both have run dry,
every position either reached has been expanded or proven lost, which is
all the provers' argument needs (``yukon.solver.forced_home``): the deal
is lost. One prover running dry alone proves nothing, as the other may be
still expanding positions it claimed; the one that runs dry second proves
the loss (``Partner.dry``).

The table holds, for each position claimed, two 64-bit hashes of its key
(the interpreter's own, salted the same in both processes after the
fork, of the key and of the key behind a zero byte): a position is taken
for claimed only if both match, a chance of about one in 2**127 per
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
# The mapping's first words: each prover's "ran dry" flag.
_FLAGS = 2


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
        return (hash(key) & _MASK64) | 1, hash(b"\x00" + key) & _MASK64

    def _slot(self, first: int, second: int) -> int:
        """The index of the words of the slot holding these hashes, or of
        the first empty slot on their way; -1 if neither comes within
        ``PROBES`` slots."""
        words, mask = self.words, self.mask
        slot = first & mask
        for _ in range(PROBES):
            at = _FLAGS + 2 * slot
            word = words[at]
            if not word or (word == first and words[at + 1] == second):
                return at
            slot = (slot + 1) & mask
        return -1

    def holds(self, key: bytes) -> bool:
        """Whether a prover claimed ``key``."""
        first, second = self._hashes(key)
        at = self._slot(first, second)
        # Read again: the slot may have been empty a moment ago.
        return at >= 0 and self.words[at] == first and self.words[at + 1] == second

    def take(self, key: bytes) -> bool:
        """Claim ``key`` unless it is claimed already; whether it was not
        (also where the table is too full to hold it)."""
        first, second = self._hashes(key)
        at = self._slot(first, second)
        if at < 0:
            return True
        words = self.words
        word = words[at]
        if word:
            # Claimed, or another key written there a moment ago: that one
            # is expanded all the same, without a claim.
            return not (word == first and words[at + 1] == second)
        words[at + 1] = second  # the second first: see the module
        words[at] = first
        return True

    def mark_dry(self, side: int) -> bool:
        """Mark prover ``side`` (0 or 1) run dry; whether the other had
        been marked so already."""
        self.words[side] = 1
        return bool(self.words[1 - side])


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
