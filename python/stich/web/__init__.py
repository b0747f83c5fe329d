"""``stich serve`` (docs/web.md): the analysis board in the browser and the HTTP API under it.

Needs the ``web`` extra (Starlette and uvicorn): ``pip install "stich[web]"``."""

from __future__ import annotations

from .app import Limits, create_app, serve

__all__ = ["Limits", "create_app", "serve"]
