"""Key tones and jingles: each phone key beeps as a handset's keypad does, and the skin's
ringtone jingles play at the deal, a knock, gin, an undercut and the match's end, when sound
is on.

The digits, ``*`` and ``#`` sound their DTMF pair (a row tone and a column tone, as on a real
keypad); the d-pad, OK, CLR and the soft keys give a short click. The samples are synthesised
the first time a key or a jingle sounds: there are no sound files.

A machine without a sound device is told once, in the game (`KeyTones.take_news`), never on the
terminal: the C libraries under the mixer (ALSA) write their complaints straight to file
descriptor 2, so it is sent to nowhere while the mixer opens (`stderr_silenced`).
"""

from __future__ import annotations

import math
import os
import sys
from array import array
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pygame

from gin_handset.device.keys import PhoneKey
from gin_handset.device.rtttl import Note, synthesise

TONE_MS = 70
CLICK_MS = 25
CLICK_HZ = (1800,)
VOLUME = 0.22  # of full scale, each tone pair summed
FADE_MS = 5  # ramps at both ends, so a tone starts and stops without a pop

NO_DEVICE = "No sound device"
UNUSABLE = "Sound device unusable"

_ROWS = (697, 770, 852, 941)
_COLUMNS = (1209, 1336, 1477)
_KEYPAD = ("123", "456", "789", "*0#")


def dtmf(key: PhoneKey) -> tuple[int, ...]:
    """The frequencies (Hz) a key sounds: its DTMF pair, or the click's single tone."""
    for row, keys in enumerate(_KEYPAD):
        column = keys.find(key.value)
        if column >= 0 and len(key.value) == 1:
            return (_ROWS[row], _COLUMNS[column])
    return CLICK_HZ


def samples(frequencies: tuple[int, ...], ms: int, rate: int, channels: int) -> array:
    """Signed 16-bit samples of the summed sines, faded in and out, interleaved by channel."""
    count = rate * ms // 1000
    fade = max(1, rate * FADE_MS // 1000)
    peak = 32767 * VOLUME / len(frequencies)
    out = array("h")
    for i in range(count):
        ramp = min(1.0, i / fade, (count - 1 - i) / fade)
        value = sum(math.sin(2 * math.pi * f * i / rate) for f in frequencies)
        out.extend([int(peak * ramp * value)] * channels)
    return out


@contextmanager
def stderr_silenced() -> Iterator[None]:
    """File descriptor 2 sent to the null device while inside (as is, if it cannot be)."""
    sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:
        saved = None
    try:
        if saved is not None:
            with open(os.devnull, "wb") as null:
                os.dup2(null.fileno(), 2)
        yield
    finally:
        if saved is not None:
            os.dup2(saved, 2)
            os.close(saved)


class KeyTones:
    """Plays a key's tone when ``enabled()`` says sound is on (the setting, read each time).

    The audio device is opened only when a tone is first wanted: while sound is off none is
    opened (so a machine without sound says nothing). Without a device the keys stay silent,
    and `take_news` says so once.
    """

    def __init__(self, enabled: Callable[[], bool]) -> None:
        self.enabled = enabled
        self.rate: int | None = None
        self.channels = 1
        self.unavailable = False
        self.news: str | None = None  # why there is no sound, until taken
        self.sounds: dict[PhoneKey, pygame.mixer.Sound] = {}
        self.tunes: dict[tuple[Note, ...], pygame.mixer.Sound] = {}

    def ready(self) -> bool:
        """Open the mixer (signed 16-bit) the first time; whether tones can be played."""
        if self.rate is not None or self.unavailable:
            return self.rate is not None
        try:
            if pygame.mixer.get_init() is None:
                with stderr_silenced():
                    pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
        except pygame.error:
            self.unavailable, self.news = True, NO_DEVICE
            return False
        rate, size, channels = pygame.mixer.get_init() or (0, 0, 0)
        if size != -16:
            self.unavailable, self.news = True, UNUSABLE
            return False
        self.rate, self.channels = rate, channels
        pygame.mixer.set_reserved(1)  # channel 0: jingles, one at a time
        return True

    def prepare(self) -> None:
        """Open the device now if sound is on (so the first key does not wait for it)."""
        if self.enabled():
            self.ready()

    def take_news(self) -> str | None:
        """Why there is no sound, once, the first time it is known; otherwise None."""
        news, self.news = self.news, None
        return news

    def sound(self, key: PhoneKey) -> pygame.mixer.Sound:
        """The key's tone, made the first time it is asked for."""
        assert self.rate is not None, "ready() first"
        if key not in self.sounds:
            frequencies = dtmf(key)
            ms = CLICK_MS if frequencies == CLICK_HZ else TONE_MS
            data = samples(frequencies, ms, self.rate, self.channels).tobytes()
            self.sounds[key] = pygame.mixer.Sound(buffer=data)
        return self.sounds[key]

    def play(self, key: PhoneKey) -> None:
        if self.enabled() and self.ready():
            self.sound(key).play()

    def jingle(self, notes: tuple[Note, ...]) -> None:
        """Play a jingle (stopping the one playing, as a phone's single voice does)."""
        if not (self.enabled() and self.ready()):
            return
        assert self.rate is not None
        if notes not in self.tunes:
            data = synthesise(notes, self.rate, self.channels).tobytes()
            self.tunes[notes] = pygame.mixer.Sound(buffer=data)
        channel = pygame.mixer.Channel(0)
        channel.play(self.tunes[notes])
