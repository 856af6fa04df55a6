"""Reading a rendered screen in a test: the text inside the elements of a class."""

from __future__ import annotations

import re
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class _Texts(HTMLParser):
    def __init__(self, cls: str) -> None:
        super().__init__()
        self.cls = cls
        self.open: list[tuple[int, int]] = []
        """(depth, index in ``found``) of each element of the class still open."""
        self.depth = 0
        self.found: list[list[str]] = []

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        self.depth += 1
        classes = (dict(attrs).get("class") or "").split()
        if self.cls in classes:
            self.open.append((self.depth, len(self.found)))
            self.found.append([])

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if self.open and self.open[-1][0] == self.depth:
            self.open.pop()
        self.depth -= 1

    def handle_data(self, data):
        for _depth, index in self.open:
            self.found[index].append(data)


def texts(page: str, cls: str) -> list[str]:
    """The text of every element carrying ``cls``, whitespace folded, in page order."""
    parser = _Texts(cls)
    parser.feed(page)
    return [re.sub(r"\s+", " ", "".join(parts)).strip() for parts in parser.found]


def csrf(page: str) -> str:
    match = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert match, "the page has no form"
    return match.group(1)
