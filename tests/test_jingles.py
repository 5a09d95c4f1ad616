"""Ringtone jingles: every bundled RTTTL tune parses, the synthesised samples have the length
and the pitch the notes say, a malformed tune is a skin error naming its field, and the match
plays each jingle at its moment."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from gin_handset.device import rtttl
from gin_handset.device.keys import PhoneKey
from gin_handset.device.rtttl import JINGLES, Note, parse, synthesise
from gin_handset.device.skin import SkinError, load_skin
from gin_handset.device.skin_files import SKINS_DIR, bundled_skins
from gin_handset.device.tones import KeyTones
from gin_handset.screens.match.deal import DealScreen
from gin_handset.screens.match.score import GameOverScreen, ScoreScreen
from tests.conftest import skin_theme
from tests.test_match_references import ui_at

RATE = 22050


@pytest.mark.parametrize("event", sorted(JINGLES))
def test_every_bundled_jingle_parses_and_is_short(event) -> None:
    notes = parse(JINGLES[event])
    assert 2 <= len(notes) <= rtttl.MAX_NOTES
    assert 150 <= sum(n.ms for n in notes) <= 3000
    for name in bundled_skins():
        assert load_skin(name).jingles[event], "every skin has a tune for every event"


def test_notes_take_their_length_and_pitch() -> None:
    a, c, pause, dotted, sharp = parse("t:d=4,o=5,b=120:a,8c6,p,4a.,a#4")
    assert a == Note(880.0, 500), "octaves as in scientific pitch: a5 is 880 Hz"
    assert c.ms == 250 and abs(c.hz - 1046.5) < 0.1
    assert pause == Note(0.0, 500)
    assert dotted.ms == 750
    assert abs(sharp.hz - 466.16) < 0.01


def crossings(samples) -> int:
    return sum(1 for i in range(1, len(samples)) if samples[i - 1] < 0 <= samples[i])


@pytest.mark.parametrize("hz_note", ["a", "e6", "c7"])
def test_the_samples_sound_the_pitch_for_the_time(hz_note) -> None:
    notes = parse(f"t:d=1,o=5,b=60:{hz_note}")
    (note,) = notes
    out = synthesise(notes, RATE)
    assert len(out) == RATE * note.ms // 1000
    seconds = len(out) / RATE
    assert abs(crossings(out) / seconds - note.hz) / note.hz < 0.01
    stereo = synthesise(notes, RATE, channels=2)
    assert len(stereo) == 2 * len(out) and stereo[::2] == out
    assert max(out) <= 32767 * rtttl.VOLUME * 1.5


@pytest.mark.parametrize(("tune", "what"), [
    ("no colons", "three parts"),
    ("t:d=3:c", "d='3' is not one of 1, 2, 4, 8, 16, 32"),
    ("t:o=9:c", "o='9'"),
    ("t:b=5:c", "b='5' is not one of 25-900"),
    ("t:x=1:c", "unknown default"),
    ("t::c,h", "note 2 'h' is not like"),
    ("t::" + ",".join(["c"] * 65), "more than 64 notes"),
    ("t:d=1,b=25:c,c,c", "more than 6000"),
    ("t::" + "c" * 600, "more than 512"),
])
def test_a_bad_tune_says_what_is_wrong(tune, what) -> None:
    with pytest.raises(ValueError) as caught:
        parse(tune)
    assert what in str(caught.value)


def test_a_skin_with_a_bad_tune_names_the_field(tmp_path: Path) -> None:
    skin = tmp_path / "tuned.yaml"
    skin.write_text(f"extends: {SKINS_DIR / 'candybar.yaml'}\njingles:\n  gin: 'gin::8x'\n")
    with pytest.raises(SkinError) as caught:
        load_skin(skin)
    assert "jingles.gin: not a ringtone: note 1 '8x'" in str(caught.value)
    skin.write_text(f"extends: {SKINS_DIR / 'candybar.yaml'}\njingles:\n  gim: 'a::c'\n")
    wrong = re.escape("jingles.gim: unknown field; did you mean 'gin'")
    with pytest.raises(SkinError, match=wrong):
        load_skin(skin)
    skin.write_text(f"extends: {SKINS_DIR / 'candybar.yaml'}\njingles:\n  win: 'w:d=8:c,e,g'\n")
    assert load_skin(skin).jingles["win"] == parse("w:d=8:c,e,g")


def test_a_jingle_plays_only_while_sound_is_on(mixer) -> None:
    sound_on = [False]
    tones = KeyTones(lambda: sound_on[0])
    tones.jingle(parse(JINGLES["gin"]))
    assert tones.tunes == {} and not pygame.mixer.Channel(0).get_busy()
    sound_on[0] = True
    tones.jingle(parse(JINGLES["gin"]))
    assert pygame.mixer.Channel(0).get_busy() and len(tones.tunes) == 1
    tones.play(PhoneKey.NUM5)
    assert pygame.mixer.Channel(0).get_sound() is tones.tunes[parse(JINGLES["gin"])], (
        "a key tone never cuts the jingle off")


@pytest.mark.parametrize(("state", "build", "event"), [
    ("gin_offer", DealScreen, "deal"),
    ("gin_score_gin", ScoreScreen, "gin"),
    ("gin_score_knock", ScoreScreen, "knock"),
    ("gin_score_undercut", ScoreScreen, "undercut"),
    ("okla_score_dead", ScoreScreen, None),
    ("gin_over", GameOverScreen, "lose"),
])
def test_the_match_plays_each_jingle_at_its_moment(state, build, event, tmp_path) -> None:
    ui = ui_at(skin_theme("classic"), state, tmp_path)
    build(ui).on_enter()
    played = ui.context.host.jingles
    if build is GameOverScreen:
        event = "win" if ui.session.winner == 0 else "lose"
    assert played == ([event] if event else [])
