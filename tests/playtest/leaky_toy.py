"""Broken variants of the kernel's toy game (Two Tricks) that leak, for the leak check.

- :func:`named_deal`: a card dealt face down is named in every seat's log;
- :func:`card_on_stack`: the card just dealt waits in a public step (``Keep``);
- :func:`kept_secret`: the same step with its card declared secret (no leak);
- :func:`peeking_option`: seat 2's options name seat 1's hidden card;
- :func:`bid_in_public`: a bid made face down sits in a public field;
- :func:`bid_concealed`: the same bid masked by the table's ``conceal`` (no leak).
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from workbench.engine.conformance.kernel_toy import Deal, Play, Trick, TwoTricks, TwoTricksTable
from workbench.engine.kernel import decision, items
from workbench.engine.kernel.secrets import MASKED, Masked, secret


class NamedDeal(Deal):
    """Deals face down, but every seat reads the card."""

    seen_by = None  # type: ignore[assignment]


@decision
class Keep(NamedTuple):
    """The seat dealt to keeps the card just dealt (the card sits in the step)."""

    seat: int
    card: int

    def legal(self, t: TwoTricksTable) -> list[str]:
        return ["keep"]

    def resolve(self, t: TwoTricksTable, a: str) -> None:
        pass

    def label(self, t: TwoTricksTable, a: str) -> str:
        return "keep the card"


@secret(card="seat")
@decision
class SecretKeep(NamedTuple):
    """:class:`Keep` with its card declared as the seat's secret."""

    seat: int
    card: int

    def legal(self, t: TwoTricksTable) -> list[str]:
        return ["keep"]

    def resolve(self, t: TwoTricksTable, a: str) -> None:
        pass

    def label(self, t: TwoTricksTable, a: str) -> str:
        return "keep the card"

    def guess(self, t: TwoTricksTable, rng: random.Random) -> SecretKeep:
        return self._replace(card=t.hands[self.seat][-1])


def _dealing(keep: Any) -> type:
    class DealThenKeep(Deal):
        def resolve(self, t: TwoTricksTable, card: int) -> None:
            super().resolve(t, card)
            t.push(keep(self.seat, card))

    return DealThenKeep


@decision
class PeekingPlay(NamedTuple):
    """Seat 2 plays; its options say which card seat 1 still holds."""

    seat: int

    def legal(self, t: TwoTricksTable) -> list[int]:
        return sorted(set(t.hands[self.seat]))

    def resolve(self, t: TwoTricksTable, card: int) -> None:
        Play.resolve(self, t, card)  # type: ignore[arg-type]

    def label(self, t: TwoTricksTable, card: int) -> str:
        return f"play {card} against {t.hands[0]}"


class Variant(TwoTricks):
    """Two Tricks with another deal step or another play step for seat 2."""

    def __init__(self, deal: Any = Deal, play2: Any = Play) -> None:
        super().__init__()
        self.deal, self.play2 = deal, play2

    def setup(self, t: TwoTricksTable) -> None:
        t.deck, t.hands, t.played, t.tricks = sorted([1, 2, 3, 4, 5] * 2), [[], []], [], [0, 0]
        t.push(
            *[self.deal(s) for _ in range(2) for s in (0, 1)],
            *[Play(0), self.play2(1), Trick()] * 2,
        )


def named_deal() -> Variant:
    return Variant(deal=NamedDeal)


def card_on_stack() -> Variant:
    return Variant(deal=_dealing(Keep))


def kept_secret() -> Variant:
    return Variant(deal=_dealing(SecretKeep))


def peeking_option() -> Variant:
    return Variant(play2=PeekingPlay)


class BidTable(TwoTricksTable):
    """Two Tricks with a secret bid per seat, kept in a public field (a leak)."""

    bids: list[int] = items()


class ConcealedBidTable(BidTable):
    """The same bids, masked for the other seat (``conceal``) and guessed back."""

    def conceal(self, seat: int, seen: list[Any]) -> None:
        at = self.NAMES.index("bids")
        seen[at] = tuple(b if i == seat or not b else MASKED for i, b in enumerate(self.bids))

    def guess_secrets(self, rng: random.Random) -> None:
        super().guess_secrets(rng)
        self.bids = [rng.choice((1, 2)) if isinstance(b, Masked) else b for b in self.bids]


@decision
class Bid(NamedTuple):
    """``seat`` bids 1 or 2, face down."""

    seat: int

    def legal(self, t: BidTable) -> list[int]:
        return [1, 2]

    def resolve(self, t: BidTable, bid: int) -> None:
        t.bids[self.seat] = bid

    def seen_by(self, t: BidTable, bid: int) -> tuple[int, ...]:
        return (self.seat,)

    def hidden_label(self, t: BidTable, bid: int) -> str:
        return f"seat {self.seat + 1} bids face down"


class Bidding(Variant):
    def setup(self, t: Any) -> None:
        super().setup(t)
        t.bids = [0, 0]
        t.push(Bid(0), Bid(1))


class BidInPublic(Bidding):
    table = BidTable


class BidConcealed(Bidding):
    table = ConcealedBidTable


def bid_in_public() -> Variant:
    return BidInPublic()


def bid_concealed() -> Variant:
    return BidConcealed()
