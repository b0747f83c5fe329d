"""A real browser for the page tests: headless Chromium driven by Selenium (Debian's chromium and
chromium-driver, which .ci/run installs), or a skip that says what is missing."""

from __future__ import annotations

import shutil
from typing import Any

import pytest


def browser(width: int = 1000, height: int = 1400) -> Any:
    """A headless Chromium of that window size; the caller quits it."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install --group test)")
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver = shutil.which("chromedriver")
    if binary is None or driver is None:
        pytest.skip("no browser: install Debian's chromium and chromium-driver (.ci/run does)")
    options = Options()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}"):
        options.add_argument(arg)
    options.binary_location = binary
    return webdriver.Chrome(service=Service(driver), options=options)
