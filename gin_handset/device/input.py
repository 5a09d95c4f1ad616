"""Physical input to phone keys: keyboard, numpad and mouse, with pressed state and repeat.

`InputMapper.handle` takes pygame events and returns the phone keys they press; `advance` moves
the logical clock and returns repeats of a held d-pad key. Keys are bound on ``event.key``; a
numpad key is also recognised by its scancode, so the numpad works whatever NumLock says.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import pygame

from gin_handset.device.bindings import Binding, parse_binding
from gin_handset.device.keys import REPEATING, PhoneKey

REPEAT_DELAY_MS = 400
REPEAT_RATE_MS = 90

# A phone's keypad has 1-2-3 on top; a computer's numpad has 7-8-9 on top.
_PHONE_ROWS = {
    pygame.K_KP7: pygame.K_KP1,
    pygame.K_KP8: pygame.K_KP2,
    pygame.K_KP9: pygame.K_KP3,
    pygame.K_KP1: pygame.K_KP7,
    pygame.K_KP2: pygame.K_KP8,
    pygame.K_KP3: pygame.K_KP9,
}
_KEYPAD_BY_SCANCODE = {
    pygame.KSCAN_KP_0: pygame.K_KP0,
    pygame.KSCAN_KP_1: pygame.K_KP1,
    pygame.KSCAN_KP_2: pygame.K_KP2,
    pygame.KSCAN_KP_3: pygame.K_KP3,
    pygame.KSCAN_KP_4: pygame.K_KP4,
    pygame.KSCAN_KP_5: pygame.K_KP5,
    pygame.KSCAN_KP_6: pygame.K_KP6,
    pygame.KSCAN_KP_7: pygame.K_KP7,
    pygame.KSCAN_KP_8: pygame.K_KP8,
    pygame.KSCAN_KP_9: pygame.K_KP9,
    pygame.KSCAN_KP_ENTER: pygame.K_KP_ENTER,
    pygame.KSCAN_KP_MULTIPLY: pygame.K_KP_MULTIPLY,
    pygame.KSCAN_KP_DIVIDE: pygame.K_KP_DIVIDE,
    pygame.KSCAN_KP_PLUS: pygame.K_KP_PLUS,
    pygame.KSCAN_KP_MINUS: pygame.K_KP_MINUS,
    pygame.KSCAN_KP_PERIOD: pygame.K_KP_PERIOD,
}
_SHIFT = pygame.KMOD_SHIFT


@dataclass
class _Held:
    key: PhoneKey
    held_ms: int = 0
    next_repeat_ms: int = REPEAT_DELAY_MS


@dataclass
class InputMapper:
    """Turns pygame events into phone keys and remembers which keys are held, and by what.

    ``hit_test`` maps a window position to the drawn key under it (or None); the app sets it
    from the handset layout, so clicks follow the current scale.
    """

    keymap: dict[Binding, PhoneKey]
    numpad: str = "printed"
    hit_test: Callable[[tuple[int, int]], PhoneKey | None] = field(default=lambda pos: None)
    repeat_delay_ms: int = REPEAT_DELAY_MS
    repeat_rate_ms: int = REPEAT_RATE_MS
    held: dict[object, _Held] = field(default_factory=dict)

    @classmethod
    def from_skin(cls, keymap: Mapping[Binding, PhoneKey], numpad: str) -> InputMapper:
        """A mapper with a skin's parsed bindings (copied: `override` changes its own)."""
        return cls(dict(keymap), numpad)

    def override(self, names: Mapping[str, PhoneKey | None]) -> None:
        """Change bindings by name; None unbinds."""
        for name, key in names.items():
            binding = parse_binding(name)
            if key is None:
                self.keymap.pop(binding, None)
            else:
                self.keymap[binding] = key

    @property
    def pressed(self) -> frozenset[PhoneKey]:
        """Keys held down now, whichever source holds them."""
        return frozenset(h.key for h in self.held.values())

    def lookup(self, key: int, scancode: int = 0, mod: int = 0) -> PhoneKey | None:
        """The phone key a physical key means, or None if it is not bound."""
        code = _KEYPAD_BY_SCANCODE.get(scancode, key)
        if self.numpad == "phone":
            code = _PHONE_ROWS.get(code, code)
        shift = bool(mod & _SHIFT)
        if shift and (found := self.keymap.get(Binding(code, True))) is not None:
            return found
        return self.keymap.get(Binding(code, False))

    def handle(self, event: pygame.event.Event) -> list[PhoneKey]:
        """Phone keys pressed by ``event``; also tracks holds and releases."""
        if event.type == pygame.KEYDOWN:
            found = self.lookup(event.key, getattr(event, "scancode", 0), getattr(event, "mod", 0))
            return self._press(("kbd", event.key), found)
        if event.type == pygame.KEYUP:
            self.held.pop(("kbd", event.key), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press("mouse", self.hit_test(event.pos))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.held.pop("mouse", None)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.held.clear()
        return []

    def _press(self, source: object, key: PhoneKey | None) -> list[PhoneKey]:
        if key is None or source in self.held:
            return []
        self.held[source] = _Held(key, next_repeat_ms=self.repeat_delay_ms)
        return [key]

    def advance(self, ms: int) -> list[PhoneKey]:
        """Move the logical clock on by ``ms``; returns repeats of held repeating keys, in order."""
        repeats: list[tuple[int, PhoneKey]] = []
        for held in self.held.values():
            if held.key not in REPEATING:
                continue
            start = held.held_ms
            held.held_ms += ms
            while held.next_repeat_ms <= held.held_ms:
                repeats.append((held.next_repeat_ms - start, held.key))
                held.next_repeat_ms += self.repeat_rate_ms
        return [key for _, key in sorted(repeats, key=lambda item: item[0])]

    def next_repeat_in(self) -> int | None:
        """Milliseconds until the next repeat is due, or None when nothing repeats."""
        waits = [h.next_repeat_ms - h.held_ms for h in self.held.values() if h.key in REPEATING]
        return max(0, min(waits)) if waits else None
