"""Browser fixtures: Debian's Chromium through Playwright (see workbench.share.browser)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from workbench.share.browser import chromium_context


class PageWatch:
    """A page plus the errors and blocked requests seen while it was open."""

    def __init__(self, page: Any, blocked: list[str]) -> None:
        self.page = page
        self.blocked = blocked
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))


@pytest.fixture()
def browser_context(chromium: str, chromium_endpoint: str) -> Iterator[Any]:
    """A fresh context (its own cookies and storage) in this process's one Chromium, with
    every non-local request blocked."""
    with chromium_context(chromium, endpoint=chromium_endpoint) as context:
        yield context


@pytest.fixture()
def watched_page(browser_context: Any) -> Iterator[PageWatch]:
    """A new page whose errors are collected."""
    yield PageWatch(browser_context.new_page(), browser_context.wb_blocked)
