"""One hand of Gin Rummy as an immutable state: ``legal_actions()`` and ``apply(action)``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, fields
from enum import Enum
from functools import cached_property
from typing import TypeVar

from gin_handset.rules.actions import (
    Action,
    Arrange,
    CancelDiscard,
    Discard,
    DrawDiscard,
    DrawStock,
    EndTurn,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from gin_handset.rules.cards import DECK, Card
from gin_handset.rules.layoff import LayOffResult, lay_off
from gin_handset.rules.log import Log
from gin_handset.rules.melds import (
    Arrangement,
    arrangement_of,
    arrangement_problem,
    deadwood,
    knock_arrangements,
    meld_collections,
)
from gin_handset.rules.options import NON_DEALER, TEN_LIMIT, Options

SPADES = 3
DEAD_STOCK = 2  # a turn that ends with this many cards in the stock ends the hand, unscored
S = TypeVar("S")
_FIELDS: dict[type, frozenset[str]] = {}  # each state's field names, for `evolve`


def evolve(state: S, **changes: object) -> S:
    """``dataclasses.replace`` for the rules' frozen states, at a fraction of its cost (a long
    hand's replay is mostly this): the fields copied, ``changes`` put in, nothing cached kept
    (a state's cached legal actions are its own)."""
    kind = type(state)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = frozenset(f.name for f in fields(kind))  # type: ignore[arg-type]
    if not changes.keys() <= names:
        raise TypeError(f"{kind.__name__} has no field {sorted(changes.keys() - names)[0]}")
    values = state.__dict__.copy()
    if len(values) > len(names):  # something cached besides the fields: left behind
        values = {name: values[name] for name in names}
    values.update(changes)
    new = object.__new__(kind)
    object.__setattr__(new, "__dict__", values)
    return new


class Phase(Enum):
    OFFER = "offer"  # the upcard is offered to the player on turn: take or pass
    FORCED_DRAW = "forced draw"  # both passed: the non-dealer must draw from the stock
    DRAW = "draw"
    DISCARD = "discard"
    DECIDE = "decide"  # after discarding: knock, end the turn, or cancel the discard
    KNOCKER_ARRANGE = "knocker arranges"
    DEFENDER_ARRANGE = "defender arranges"
    OVER = "over"


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the state it was applied to is unchanged."""


class EventKind(str, Enum):
    """What happened in an `Event`; its value is the word texts, saves and tunes know it by."""

    PASS = "pass"  # the offered upcard passed
    TAKE = "take"  # the offered upcard taken
    STOCK = "stock"  # a card drawn from the stock
    PILE = "pile"  # the discard pile's top card taken
    DISCARD = "discard"
    CANCEL = "cancel"  # the card just discarded taken back
    KNOCK = "knock"
    END = "end"  # the turn ended

    def __str__(self) -> str:
        return self.value


PICKUPS = frozenset({EventKind.TAKE, EventKind.PILE})  # taking the discard pile's top card


class ResultKind(str, Enum):
    """How a hand ended; its value is the word texts, saves and tunes know it by."""

    GIN = "gin"
    KNOCK = "knock"  # the knocker won
    UNDERCUT = "undercut"  # the defender won
    DEAD = "dead"  # nobody knocked before the stock ran low: no score

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Event:
    """Something both players saw happen. ``card`` is the card shown, if any (never the card
    drawn from the stock)."""

    seat: int
    kind: EventKind
    card: Card | None = None


def thrown(log: Sequence[Event], seat: int) -> list[Card]:
    """The cards ``seat`` has discarded this hand, in order; a discard taken back (``CANCEL``)
    was never thrown. Its length is the seat's turns so far."""
    cards: list[Card] = []
    for event in log:
        if event.seat == seat and event.card is not None:
            if event.kind is EventKind.DISCARD:
                cards.append(event.card)
            elif event.kind is EventKind.CANCEL and cards and cards[-1] == event.card:
                cards.pop()
    return cards


@dataclass(frozen=True)
class HandResult:
    kind: ResultKind
    winner: int | None
    points: int  # what the winner scores, doubling and bonus included
    bonus: int = 0
    doubled: bool = False
    knocker: int | None = None
    knocker_arrangement: Arrangement | None = None
    defender: LayOffResult | None = None

    @property
    def knocker_deadwood(self) -> int:
        return self.knocker_arrangement.deadwood_count if self.knocker_arrangement else 0

    @property
    def defender_deadwood(self) -> int:
        return self.defender.deadwood_count if self.defender else 0


def knock_limit(options: Options, upcard: Card) -> int:
    """10 in Gin Rummy; in Oklahoma the upcard's value (an ace 0 or 1 by option), or 10 when
    the Oklahoma knock limit option says so."""
    if not options.oklahoma or options.oklahoma_knock_limit == TEN_LIMIT:
        return 10
    if upcard.rank == 1:
        return 0 if options.oklahoma_ace_gin_only else 1
    return upcard.value


def is_doubled(options: Options, upcard: Card) -> bool:
    return options.oklahoma and options.oklahoma_spade_doubles and upcard.suit == SPADES


@dataclass(frozen=True)
class HandState:
    options: Options
    dealer: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    stock: tuple[Card, ...]  # the next card drawn is stock[0]
    discard_pile: tuple[Card, ...]  # bottom first; the top is the last
    upcard: Card
    turn: int
    phase: Phase
    passes: int = 0
    taken: Card | None = None  # the card taken from the pile this turn: not to be discarded
    discarded: Card | None = None  # the card discarded this turn, while deciding
    log: Log[Event] | tuple[Event, ...] = ()  # every public event; a Log once one happened
    knocker: int | None = None
    knocker_arrangement: Arrangement | None = None
    result: HandResult | None = None

    @classmethod
    def deal(cls, options: Options, dealer: int, rng: random.Random) -> HandState:
        """Shuffle with ``rng`` and deal ten cards each, alternately, non-dealer first."""
        deck = list(DECK)
        rng.shuffle(deck)
        first = 1 - dealer
        hands: list[list[Card]] = [[], []]
        for i in range(20):
            hands[(first + i) % 2].append(deck[i])
        upcard = deck[20]
        offered = first if options.upcard_first == NON_DEALER else dealer
        return cls(
            options=options,
            dealer=dealer,
            hands=(tuple(hands[0]), tuple(hands[1])),
            stock=tuple(deck[21:]),
            discard_pile=(upcard,),
            upcard=upcard,
            turn=offered,
            phase=Phase.OFFER,
        )

    @property
    def knock_limit(self) -> int:
        return knock_limit(self.options, self.upcard)

    @property
    def doubled(self) -> bool:
        return is_doubled(self.options, self.upcard)

    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def pickups(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` took from the discard pile this hand, in order."""
        return tuple(
            e.card for e in self.log if e.seat == seat and e.kind in PICKUPS and e.card
        )

    @cached_property
    def _legal(self) -> tuple[Action, ...]:
        hand = self.hands[self.turn]
        match self.phase:
            case Phase.OFFER:
                return (TakeUpcard(), PassUpcard())
            case Phase.FORCED_DRAW:
                return (DrawStock(),)
            case Phase.DRAW:
                return (DrawStock(), DrawDiscard())
            case Phase.DISCARD:
                return tuple(Discard(c) for c in hand if c != self.taken)
            case Phase.DECIDE:
                knock = (Knock(),) if deadwood(hand) <= self.knock_limit else ()
                return (*knock, EndTurn(), CancelDiscard())
            case Phase.KNOCKER_ARRANGE:
                return tuple(Arrange(a.melds) for a in knock_arrangements(hand, self.knock_limit))
            case Phase.DEFENDER_ARRANGE:
                return tuple(Arrange(m) for m in meld_collections(hand))
        return ()

    def legal_actions(self) -> tuple[Action, ...]:
        return self._legal

    def apply(self, action: Action) -> HandState:
        """The state after ``action``; IllegalAction (saying why) if it is not allowed now."""
        handler = _HANDLERS.get((self.phase, type(action)))
        if handler is None:
            allowed = sorted({type(a).__name__ for a in self._legal}) or ["nothing"]
            raise IllegalAction(
                f"{type(action).__name__} is not allowed when the phase is {self.phase.value}; "
                f"allowed: {', '.join(allowed)}"
            )
        return handler(self, action)

    def _with_hand(self, seat: int, cards: tuple[Card, ...], **changes: object) -> HandState:
        hands = (cards, self.hands[1]) if seat == 0 else (self.hands[0], cards)
        return evolve(self, hands=hands, **changes)

    def _event(self, kind: EventKind, card: Card | None = None) -> Log[Event]:
        """The log with one more event: the past is shared, not copied (see `Log`)."""
        log = self.log if isinstance(self.log, Log) else Log(self.log)
        return log.plus(Event(self.turn, kind, card))

    def _take(self, action: Action) -> HandState:
        top = self.discard_pile[-1]
        kind = EventKind.TAKE if self.phase is Phase.OFFER else EventKind.PILE
        return self._with_hand(
            self.turn,
            (*self.hands[self.turn], top),
            discard_pile=self.discard_pile[:-1],
            taken=top,
            phase=Phase.DISCARD,
            log=self._event(kind, top),
        )

    def _pass(self, action: Action) -> HandState:
        if self.passes == 0:
            return evolve(self, passes=1, turn=1 - self.turn, log=self._event(EventKind.PASS))
        return evolve(self, passes=2, turn=self.non_dealer, phase=Phase.FORCED_DRAW,
                      log=self._event(EventKind.PASS))

    def _draw_stock(self, action: Action) -> HandState:
        return self._with_hand(
            self.turn,
            (*self.hands[self.turn], self.stock[0]),
            stock=self.stock[1:],
            taken=None,
            phase=Phase.DISCARD,
            log=self._event(EventKind.STOCK),
        )

    def _discard(self, action: Discard) -> HandState:
        hand = self.hands[self.turn]
        if action.card not in hand:
            raise IllegalAction(f"cannot discard {action.card}: it is not in the hand")
        if action.card == self.taken:
            raise IllegalAction(
                f"cannot discard {action.card}: it was just taken from the discard pile"
            )
        return self._with_hand(
            self.turn,
            hand[: (at := hand.index(action.card))] + hand[at + 1:],
            discard_pile=(*self.discard_pile, action.card),
            discarded=action.card,
            phase=Phase.DECIDE,
            log=self._event(EventKind.DISCARD, action.card),
        )

    def _cancel(self, action: Action) -> HandState:
        card = self.discarded
        assert card is not None
        return self._with_hand(
            self.turn,
            (*self.hands[self.turn], card),
            discard_pile=self.discard_pile[:-1],
            discarded=None,
            phase=Phase.DISCARD,
            log=self._event(EventKind.CANCEL, card),
        )

    def _end_turn(self, action: Action) -> HandState:
        log = self._event(EventKind.END)
        if len(self.stock) <= DEAD_STOCK:
            return evolve(
                self, phase=Phase.OVER, log=log, result=HandResult(ResultKind.DEAD, None, 0)
            )
        return evolve(
            self, turn=1 - self.turn, phase=Phase.DRAW, taken=None, discarded=None, log=log
        )

    def _knock(self, action: Action) -> HandState:
        count = deadwood(self.hands[self.turn])
        if count > self.knock_limit:
            raise IllegalAction(
                f"cannot knock: deadwood {count} is over the knock limit {self.knock_limit}"
            )
        return evolve(
            self, phase=Phase.KNOCKER_ARRANGE, knocker=self.turn, log=self._event(EventKind.KNOCK)
        )

    def _arrange(self, action: Arrange) -> HandState:
        hand = self.hands[self.turn]
        reason = arrangement_problem(hand, (m.cards for m in action.melds))
        if reason:
            raise IllegalAction(f"not an arrangement of the hand: {reason}")
        arrangement = arrangement_of(hand, action.melds)
        if self.phase is Phase.KNOCKER_ARRANGE:
            if arrangement.deadwood_count > self.knock_limit:
                raise IllegalAction(
                    f"deadwood {arrangement.deadwood_count} is over the knock limit "
                    f"{self.knock_limit}"
                )
            return evolve(
                self,
                knocker_arrangement=arrangement,
                turn=1 - self.turn,
                phase=Phase.DEFENDER_ARRANGE,
            )
        return evolve(self, phase=Phase.OVER, result=self._score(action))

    def _score(self, defender_choice: Arrange) -> HandResult:
        knocker_arrangement = self.knocker_arrangement
        assert knocker_arrangement is not None and self.knocker is not None
        knocker, defender = self.knocker, 1 - self.knocker
        gin = knocker_arrangement.is_gin
        targets = () if gin else knocker_arrangement.melds
        laid = lay_off(targets, self.hands[defender], preferred=defender_choice.melds)
        k, d = knocker_arrangement.deadwood_count, laid.deadwood_count
        if gin:
            kind, winner, bonus, points = ResultKind.GIN, knocker, self.options.gin_bonus, d
        elif k < d:
            kind, winner, bonus, points = ResultKind.KNOCK, knocker, 0, d - k
        else:
            kind, winner, bonus = ResultKind.UNDERCUT, defender, self.options.undercut_bonus
            points = k - d
        factor = 2 if self.doubled else 1
        return HandResult(
            kind=kind,
            winner=winner,
            points=(points + bonus) * factor,
            bonus=bonus,
            doubled=self.doubled,
            knocker=knocker,
            knocker_arrangement=knocker_arrangement,
            defender=laid,
        )


_HANDLERS = {
    (Phase.OFFER, TakeUpcard): HandState._take,
    (Phase.OFFER, PassUpcard): HandState._pass,
    (Phase.FORCED_DRAW, DrawStock): HandState._draw_stock,
    (Phase.DRAW, DrawStock): HandState._draw_stock,
    (Phase.DRAW, DrawDiscard): HandState._take,
    (Phase.DISCARD, Discard): HandState._discard,
    (Phase.DECIDE, Knock): HandState._knock,
    (Phase.DECIDE, EndTurn): HandState._end_turn,
    (Phase.DECIDE, CancelDiscard): HandState._cancel,
    (Phase.KNOCKER_ARRANGE, Arrange): HandState._arrange,
    (Phase.DEFENDER_ARRANGE, Arrange): HandState._arrange,
}
