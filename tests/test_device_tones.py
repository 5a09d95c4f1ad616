"""Key tones: the DTMF pair of each digit, a click for the other keys, silent when sound is off."""

from __future__ import annotations

import math

import pygame
import pytest

from gin_handset.compose import assemble
from gin_handset.device.keys import PhoneKey
from gin_handset.device.skin import load_skin
from gin_handset.device.tones import CLICK_HZ, KeyTones, dtmf, samples
from gin_handset.screens.base import Screen

RATE = 22050


def energy(data, frequency: int, rate: int = RATE) -> float:
    """Goertzel: the power of one frequency in the samples."""
    coeff = 2 * math.cos(2 * math.pi * frequency / rate)
    s1 = s2 = 0.0
    for x in data:
        s1, s2 = x + coeff * s1 - s2, s1
    return s1 * s1 + s2 * s2 - coeff * s1 * s2


@pytest.mark.parametrize(
    ("key", "pair"),
    [
        ("1", (697, 1209)),
        ("5", (770, 1336)),
        ("9", (852, 1477)),
        ("0", (941, 1336)),
        ("*", (941, 1209)),
        ("#", (941, 1477)),
    ],
)
def test_digits_sound_their_dtmf_pair(key: str, pair: tuple[int, int]) -> None:
    assert dtmf(PhoneKey.from_name(key)) == pair


def test_other_keys_click() -> None:
    for key in (PhoneKey.UP, PhoneKey.SELECT, PhoneKey.CLEAR, PhoneKey.SOFT_LEFT):
        assert dtmf(key) == CLICK_HZ


def test_samples_hold_the_two_tones_and_start_and_end_silent() -> None:
    data = samples((770, 1336), 70, RATE, 1)
    assert len(data) == RATE * 70 // 1000
    assert data[0] == 0 and data[-1] == 0
    wanted = min(energy(data, 770), energy(data, 1336))
    assert wanted > 50 * max(energy(data, 1000), energy(data, 941), energy(data, 1477))
    stereo = samples((770, 1336), 70, RATE, 2)
    assert len(stereo) == 2 * len(data) and stereo[::2] == data


def test_tones_play_only_while_sound_is_on(mixer) -> None:
    sound_on = [False]
    tones = KeyTones(lambda: sound_on[0])
    tones.play(PhoneKey.NUM5)
    assert not pygame.mixer.get_busy() and tones.sounds == {}
    sound_on[0] = True
    tones.play(PhoneKey.NUM5)
    assert pygame.mixer.get_busy() and set(tones.sounds) == {PhoneKey.NUM5}
    length = tones.sounds[PhoneKey.NUM5].get_length()
    assert abs(length - 0.070) < 0.002


def test_the_app_sounds_each_key_it_hands_to_the_screens(mixer) -> None:
    pygame.display.init()
    skin = load_skin("classic")
    window = pygame.display.set_mode(skin.body_size)
    tones = KeyTones(lambda: True)
    app = assemble(skin, window, 1, tones=tones, root=Screen())
    app.press([PhoneKey.NUM2, PhoneKey.SELECT])
    assert set(tones.sounds) == {PhoneKey.NUM2, PhoneKey.SELECT}


def test_no_audio_device_is_opened_while_sound_is_off() -> None:
    pygame.mixer.quit()
    tones = KeyTones(lambda: False)
    for key in PhoneKey:
        tones.play(key)
    assert pygame.mixer.get_init() is None and tones.rate is None
    tones.enabled = lambda: True
    tones.play(PhoneKey.NUM1)
    assert pygame.mixer.get_init() is not None, "opened once a tone is wanted"
    pygame.mixer.quit()
