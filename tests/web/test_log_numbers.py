"""The log's line numbers stay whole past 99 (issue 23: "log numbers past 99 whole"): the numbered list
leaves room for a four-digit number in the log's own font, measured in the browser."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import PHONE, new_page
from web.serving import WebServer

pytestmark = pytest.mark.slow

MEASURE = """() => {
  const box = document.createElement('section');
  box.className = 'log';
  const list = document.createElement('ol');
  list.className = 'log-lines';
  list.start = 998;
  for (let i = 0; i < 3; i++) {
    const line = document.createElement('li');
    line.textContent = 'P1 draws 2 cards';
    list.appendChild(line);
  }
  box.appendChild(list);
  document.body.appendChild(box);
  const style = getComputedStyle(list.firstChild);
  const canvas = document.createElement('canvas').getContext('2d');
  canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return {room: parseFloat(getComputedStyle(list).paddingLeft), number: canvas.measureText('1000. ').width};
}"""


def test_the_log_has_room_for_four_digit_line_numbers(browser: Any, web_server: WebServer) -> None:
    context, page, _ = new_page(browser, PHONE)
    try:
        page.goto(f"{web_server.base}/")
        page.wait_for_selector("#app")
        sizes = page.evaluate(MEASURE)
        assert sizes["room"] >= sizes["number"], sizes
    finally:
        context.close()
