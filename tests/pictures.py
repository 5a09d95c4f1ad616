"""Rendered pictures against the stored references in ``tests/references/``.

``UPDATE_REFERENCES=1`` rewrites a reference from the picture drawn; look at it before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

REFERENCES = Path(__file__).parent / "references"


def assert_matches_reference(picture: pygame.Surface, name: str, failed_dir: Path) -> None:
    """Fail unless ``picture`` equals ``references/<name>.png`` pixel for pixel; on a
    difference the picture drawn is saved in ``failed_dir`` and named in the failure."""
    reference = REFERENCES / f"{name}.png"
    if os.environ.get("UPDATE_REFERENCES") == "1":
        REFERENCES.mkdir(exist_ok=True)
        pygame.image.save(picture, str(reference))
    assert reference.is_file(), f"no reference {reference}; run with UPDATE_REFERENCES=1"
    stored = pygame.image.load(str(reference))
    same_size = stored.get_size() == picture.get_size()
    if not same_size or pygame.image.tobytes(stored, "RGB") != pygame.image.tobytes(picture, "RGB"):
        drawn = failed_dir / reference.name
        pygame.image.save(picture, str(drawn))
        pytest.fail(f"{name} differs from {reference}; drawn: {drawn}")
