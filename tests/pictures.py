"""Rendered pictures against the stored references in ``tests/references/``.

LCD pictures are drawn only with the project's own pixel fonts, sprites and filled rectangles,
so they must match pixel for pixel. Handset pictures also use pygame's shape drawing (rounded
keys, circles), whose edges a pygame-ce upgrade may rasterise a pixel differently; they pass
with ``edges_may_move``: every differing pixel must lie on an edge of the reference (next to a
pixel of another colour), and at most ``EDGE_SHARE`` of the pixels may differ. A changed
colour, label or shape inside a key or the body still fails.

``UPDATE_REFERENCES=1`` rewrites a reference from the picture drawn; look at it before committing.
Nothing else is ever written into the checkout: a picture that differs is saved in the test's
temporary folder and named in the failure.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

CHECKOUT = Path(__file__).resolve().parent.parent
REFERENCES = Path(__file__).parent / "references"
EDGE_SHARE = 0.02


def moved_edges_only(stored: pygame.Surface, picture: pygame.Surface) -> str | None:
    """None if the pictures differ only on the reference's edges, else what is wrong."""
    width, height = stored.get_size()
    old = pygame.image.tobytes(stored, "RGB")
    new = pygame.image.tobytes(picture, "RGB")
    differing = [i for i in range(width * height) if old[3 * i:3 * i + 3] != new[3 * i:3 * i + 3]]
    if len(differing) > EDGE_SHARE * width * height:
        return f"{len(differing)} of {width * height} pixels differ"
    for i in differing:
        x, y = i % width, i // width
        here = old[3 * i:3 * i + 3]
        neighbours = [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                      if 0 <= x + dx < width and 0 <= y + dy < height]
        if all(old[3 * (ny * width + nx):3 * (ny * width + nx) + 3] == here
               for nx, ny in neighbours):
            return f"pixel ({x}, {y}) inside a plain area differs"
    return None


def assert_matches_reference(
    picture: pygame.Surface, name: str, failed_dir: Path, edges_may_move: bool = False
) -> None:
    """Fail unless ``picture`` equals ``references/<name>.png`` (pixel for pixel, or but for
    moved edges); on a difference the picture drawn is saved in ``failed_dir`` (a temporary
    folder, never the checkout) and named in the failure."""
    assert not failed_dir.resolve().is_relative_to(CHECKOUT), f"{failed_dir} is in the checkout"
    reference = REFERENCES / f"{name}.png"
    if os.environ.get("UPDATE_REFERENCES") == "1":
        REFERENCES.mkdir(exist_ok=True)
        pygame.image.save(picture, str(reference))
    assert reference.is_file(), f"no reference {reference}; run with UPDATE_REFERENCES=1"
    stored = pygame.image.load(str(reference))
    if stored.get_size() != picture.get_size():
        problem: str | None = f"size {picture.get_size()} is not {stored.get_size()}"
    elif pygame.image.tobytes(stored, "RGB") == pygame.image.tobytes(picture, "RGB"):
        problem = None
    else:
        problem = moved_edges_only(stored, picture) if edges_may_move else "pixels differ"
    if problem is not None:
        failed_dir.mkdir(parents=True, exist_ok=True)
        drawn = failed_dir / reference.name
        pygame.image.save(picture, str(drawn))
        pytest.fail(f"{name} differs from {reference} ({problem}); drawn: {drawn}")
