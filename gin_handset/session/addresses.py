"""A network table's address as a player types it, ``[wss://]HOST[:PORT]/CODE``, and as the
phone keeps it; cheap to import (the settings check a kept address)."""

from __future__ import annotations

import re

DEFAULT_PORT = 8765  # as `gin-handset serve`
ADDRESS = re.compile(r"(?:(?P<scheme>wss?)://)?(?P<host>[0-9A-Za-z.\-]+)(?::(?P<port>[0-9]{1,5}))?"
                     r"/(?P<code>[0-9]{6})")


def parse_address(text: str) -> tuple[str, str]:
    """The server's URL and the table code of ``[wss://]HOST[:PORT]/CODE`` (``wss://``: a
    server speaking TLS, checked against the system's certificates); ValueError saying what is
    wrong."""
    found = ADDRESS.fullmatch(text.strip())
    if found is None:
        raise ValueError("Type HOST:PORT/CODE, e.g. 127.0.0.1:8765/123456")
    port = int(found["port"] or DEFAULT_PORT)
    if not 0 < port < 65536:
        raise ValueError(f"Port {port} is not 1 to 65535")
    return f"{found['scheme'] or 'ws'}://{found['host']}:{port}", found["code"]


def kept_address(url: str, code: str) -> str:
    """The address of the table ``code`` at ``url`` as Join Table offers it again:
    ``HOST:PORT/CODE``, with ``wss://`` for a server speaking TLS."""
    return f"{url.removeprefix('ws://')}/{code}"


def is_kept_address(text: str) -> bool:
    """Whether ``text`` is an address exactly as `kept_address` writes it."""
    try:
        return kept_address(*parse_address(text)) == text
    except ValueError:
        return False
