"""Who may use ``stich serve`` (docs/web.md, "Who may use it"): the checks every request passes
before the application sees it, and the headers every answer carries.

A page on any site the user visits can send requests to a server on the user's machine: plain
form posts and simple requests cross sites without the browser asking, and with DNS rebinding
(the attacker's name made to resolve to 127.0.0.1) the page can even read the answers. So, as
Jupyter does:

- the **Host** must be a name this server is reached by (a rebinding page's requests carry the
  attacker's name): an IP address where the server listens beyond this machine, a loopback address
  where it listens on this machine only, ``localhost``, the address it was bound to, the machine's
  name when bound to every address, and the names given with ``--allow-host``; 400 without one,
  403 for another;
- a request that changes something (any method but GET, HEAD, OPTIONS) whose **Origin** (or, where
  a browser sent none, **Referer**) is another site is refused (403);
- the API reads **JSON** only: a POST without ``Content-Type: application/json`` gets 415 (so no
  cross-site request can reach it without the browser's preflight, which this server never
  grants: it sends no CORS headers);
- with a **token** (the default; ``--no-token`` turns it off) every request under ``/api/`` needs
  ``Authorization: token <token>`` (or ``Bearer``): the page keeps the token of the address
  ``stich serve`` printed and sends it; the page and its files need none (they hold nothing).
"""

from __future__ import annotations

import dataclasses
import hmac
import ipaddress
import json
import re
import socket
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

#: The headers on every answer: no sniffing of types, no framing (clickjacking), scripts, styles and
#: requests from this origin only, no referrer sent on, no caching of the API's answers.
SECURITY_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                 b"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
)
API_HEADERS = ((b"cache-control", b"no-store"),)

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_HOST = re.compile(r"^(?:\[(?P<v6>[0-9A-Fa-f:.]+)\]|(?P<name>[A-Za-z0-9._-]+))(?::(?P<port>\d{1,5}))?$")


def host_name(header: str) -> str | None:
    """The name of a Host header (lower-case, the port and an IPv6 address's brackets dropped), or
    None where it is not a host[:port]."""
    m = _HOST.match(header.strip())
    if m is None:
        return None
    return (m.group("v6") or m.group("name")).lower()


def _ip(name: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(name)
    except ValueError:
        return None


def _is_wildcard(bind: str) -> bool:
    ip = _ip(bind.strip("[]"))
    return bind in ("", "*") or (ip is not None and ip.is_unspecified)


def is_loopback(bind: str) -> bool:
    """Whether a server bound to this address is reachable from this machine only."""
    if bind.lower() == "localhost":
        return True
    ip = _ip(bind.strip("[]"))
    return ip is not None and ip.is_loopback


@dataclasses.dataclass(frozen=True)
class Access:
    """What a server accepts: the Host names (``names``; ``any_ip``: any IP address too, where it
    listens beyond this machine; loopback addresses always) and the token (None: none asked)."""

    names: frozenset[str] = frozenset({"localhost"})
    any_ip: bool = False
    token: str | None = None

    @classmethod
    def for_bind(cls, bind: str, token: str | None = None, allow_hosts: Iterable[str] = ()) -> Access:
        """The access of a server bound to ``bind``: localhost and the loopback addresses; beyond this
        machine any IP address, the bound name, and on every address the machine's name; and the
        names of ``allow_hosts`` (a reverse proxy's public name)."""
        names = {"localhost", bind.strip("[]").lower()}
        for name in allow_hosts:
            clean = host_name(name)
            if clean is None or not name.strip():
                raise ValueError(f"--allow-host takes a host name or address (e.g. board.example.org), got {name!r}")
            names.add(clean)
        if _is_wildcard(bind):
            names.add(socket.gethostname().lower())
        names.discard("")
        return cls(frozenset(names), any_ip=not is_loopback(bind), token=token)

    def host_allowed(self, name: str) -> bool:
        ip = _ip(name)
        if ip is not None:
            return ip.is_loopback or self.any_ip or name in self.names
        return name in self.names

    def token_matches(self, authorization: str | None) -> bool:
        if self.token is None:
            return True
        if not authorization:
            return False
        scheme, _, given = authorization.strip().partition(" ")
        if scheme.lower() not in ("token", "bearer"):
            return False
        return hmac.compare_digest(given.strip().encode(), self.token.encode())


def _same_site(source: str, host: str) -> bool:
    """Whether an Origin or Referer names this server as the request's Host does (scheme http or https)."""
    try:
        parts = urlsplit(source)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()


class Guard:
    """The ASGI middleware that makes the checks above before the application sees a request, and
    adds SECURITY_HEADERS (and API_HEADERS under /api/) to every answer, refusals included."""

    def __init__(self, app: Any, access: Access) -> None:
        self.app, self.access = app, access

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":   # the board has none: closed before any check could be missed
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] != "http":   # lifespan
            await self.app(scope, receive, send)
            return
        api = scope["path"].startswith("/api/")
        extra = SECURITY_HEADERS + (API_HEADERS if api else ())

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        refusal = self.refusal(scope, api)
        if refusal is not None:
            status, why = refusal
            body = json.dumps({"error": why}).encode()
            await send_with_headers({"type": "http.response.start", "status": status,
                                     "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
            await send_with_headers({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send_with_headers)

    def refusal(self, scope: Any, api: bool) -> tuple[int, str] | None:
        """(status, one line why) for a request refused, else None."""
        headers: dict[str, str] = {}
        for key, value in scope["headers"]:
            name = key.decode("latin-1").lower()
            if name in headers and name in ("host", "origin", "authorization", "content-type"):
                return 400, f"the request has two {name.title()} headers"
            headers[name] = value.decode("latin-1")
        host = headers.get("host")
        if host is None:
            return 400, "the request has no Host header"
        name = host_name(host)
        if name is None:
            return 400, f"the Host header is not a host[:port]: {host[:100]!r}"
        if not self.access.host_allowed(name):
            return 403, (f"this server does not answer for the host {name[:100]!r} (a page of another site may be "
                         f"reaching it through DNS rebinding); it answers for {self.described_hosts()} "
                         "(stich serve --allow-host NAME adds a name)")
        if not api:
            return None
        if not self.access.token_matches(headers.get("authorization")):
            return 403, ("this server needs its token: open the address stich serve printed (.../?token=...), or send the "
                         "header 'Authorization: token <token>'")
        method = scope["method"].upper()
        if method not in SAFE_METHODS:
            origin = headers.get("origin")
            source, what = (origin, "Origin") if origin is not None else (headers.get("referer"), "Referer")
            if source is not None and not _same_site(source, host):
                return 403, f"a request from another site ({what} {source[:100]!r}) cannot change anything here"
            kind = headers.get("content-type", "").split(";", 1)[0].strip().lower()
            if method in ("POST", "PUT", "PATCH") and kind != "application/json":
                return 415, f"the API reads JSON: send 'Content-Type: application/json', got {kind[:100] or 'none'!r}"
        return None

    def described_hosts(self) -> str:
        names = sorted(self.access.names - {"localhost"})
        parts = ["localhost", "the loopback addresses"] + (["any IP address"] if self.access.any_ip else []) + names
        return ", ".join(parts)
