"""Ringtones in RTTTL, the text format of 2000s phones (``name:d=4,o=5,b=120:8c6,8e6,4g6``),
parsed into notes and synthesised as a phone's buzzer played them: one square-ish voice.

A note is ``[duration]letter[#][.][octave][.]``: duration 1, 2, 4, 8, 16 or 32 (a whole note
to a thirty-second), letter ``a``-``g`` or ``p`` (a pause), ``#`` a sharp, ``.`` half as long
again, octave 4 to 7. The defaults section gives ``d`` (duration), ``o`` (octave) and ``b``
(beats, quarter notes, a minute). Every input is bounded: its length, its notes, its time.
"""

from __future__ import annotations

import math
import re
from array import array
from dataclasses import dataclass

MAX_TEXT = 512
MAX_NOTES = 64
MAX_MS = 6000  # a jingle, not a song
DURATIONS = (1, 2, 4, 8, 16, 32)
OCTAVES = (4, 5, 6, 7)
SEMITONES = {"c": -9, "d": -7, "e": -5, "f": -4, "g": -2, "a": 0, "b": 2}  # from A
VOLUME = 0.18
FADE_MS = 3
_NOTE = re.compile(r"(\d*)([a-gp])(#?)(\.?)(\d*)(\.?)")


@dataclass(frozen=True)
class Note:
    hz: float  # 0 for a pause
    ms: int


def _setting(name: str, value: str, allowed: tuple[int, ...] | range) -> int:
    if not value.isdigit() or len(value) > 4 or int(value) not in allowed:
        shown = f"{allowed.start}-{allowed.stop - 1}" if isinstance(allowed, range) else \
            ", ".join(map(str, allowed))
        raise ValueError(f"{name}={value[:8]!r} is not one of {shown}")
    return int(value)


def parse(text: str) -> tuple[Note, ...]:
    """The notes of an RTTTL string; ValueError saying what is wrong and where."""
    if not isinstance(text, str):
        raise ValueError("expected an RTTTL text like 'tune:d=4,o=5,b=120:c,e,g'")
    if len(text) > MAX_TEXT:
        raise ValueError(f"{len(text)} characters, more than {MAX_TEXT}")
    parts = text.strip().lower().split(":")
    if len(parts) != 3:
        raise ValueError("expected three parts, 'name:defaults:notes'")
    _, defaults, body = parts
    duration, octave, bpm = 4, 6, 63
    for item in filter(None, (d.strip() for d in defaults.split(","))):
        key, _, value = item.partition("=")
        if key == "d":
            duration = _setting("d", value, DURATIONS)
        elif key == "o":
            octave = _setting("o", value, OCTAVES)
        elif key == "b":
            bpm = _setting("b", value, range(25, 901))
        else:
            raise ValueError(f"unknown default {item[:12]!r} (d, o or b)")
    notes: list[Note] = []
    for index, token in enumerate(t.strip() for t in body.split(",")):
        if index >= MAX_NOTES:
            raise ValueError(f"more than {MAX_NOTES} notes")
        notes.append(_note(token, index, duration, octave, bpm))
    total = sum(note.ms for note in notes)
    if total > MAX_MS:
        raise ValueError(f"it lasts {total} ms, more than {MAX_MS}")
    return tuple(notes)


def _note(token: str, index: int, duration: int, octave: int, bpm: int) -> Note:
    found = _NOTE.fullmatch(token)
    if found is None:
        raise ValueError(f"note {index + 1} {token[:12]!r} is not like 8c#6 or 4p")
    length, letter, sharp, dot, pitch, late_dot = found.groups()
    if length:
        duration = _setting(f"note {index + 1} duration", length, DURATIONS)
    if pitch:
        octave = _setting(f"note {index + 1} octave", pitch, OCTAVES)
    ms = 4 * 60_000 // (bpm * duration)
    if dot or late_dot:
        ms += ms // 2
    if letter == "p":
        return Note(0.0, ms)
    semitone = SEMITONES[letter] + (1 if sharp else 0) + 12 * (octave - 4)
    return Note(440.0 * 2 ** (semitone / 12), ms)


def synthesise(notes: tuple[Note, ...], rate: int, channels: int = 1) -> array:
    """Signed 16-bit samples: each note a soft square wave (the fundamental and two odd
    harmonics, as a phone's buzzer sounds), faded in and out; pauses silent."""
    out = array("h")
    peak = 32767 * VOLUME
    fade = max(1, rate * FADE_MS // 1000)
    for note in notes:
        count = rate * note.ms // 1000
        for i in range(count):
            if note.hz == 0:
                value = 0.0
            else:
                phase = 2 * math.pi * note.hz * i / rate
                ramp = min(1.0, i / fade, (count - 1 - i) / fade)
                value = ramp * (math.sin(phase) + math.sin(3 * phase) / 3
                                + math.sin(5 * phase) / 5)
            out.extend([int(peak * value)] * channels)
    return out


# When the phone plays a jingle, and the tune it plays unless the skin gives its own (written
# for this project).
JINGLES: dict[str, str] = {
    "deal": "deal:d=16,o=6,b=180:c,e,g,8c7",
    "knock": "knock:d=8,o=5,b=160:g,p,g,4c6",
    "gin": "gin:d=16,o=6,b=200:c,e,g,c7,p,g,4c7",
    "undercut": "undercut:d=8,o=5,b=140:c6,a,f,4d",
    "win": "win:d=8,o=6,b=180:c,e,g,4c7,p,g,2c7",
    "lose": "lose:d=4,o=5,b=100:g,f,e,2c",
}
