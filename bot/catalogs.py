"""Keep the message catalogs in step with the code: ``python -m bot.catalogs`` (or ``bazaar catalogs``).

For every domain (``bazaar``: the ``bot`` package without ``bot/games``; one per game: its
``bot/games/<game>`` package) it extracts the ``N_("...")`` messages with Babel into
``locale/<domain>.pot`` and brings each language's ``locale/<lang>/LC_MESSAGES/<domain>.po`` up
to date (new messages added untranslated, gone ones dropped). ``--check`` changes nothing and
exits 1 when a template is out of date; the test suite runs the same check.
"""

from __future__ import annotations

import argparse
import io
import re
import string
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent
KEYWORDS = {"N_": None, "NN_": (1, 2), "C_": ((1, "c"), 2)}
LANGUAGES = ("en", "es")
COMPLETE = ("es",)
"""Languages whose every message must be translated (``--check`` and the tests fail otherwise)."""
PLURAL_FORMS = {"es": "nplurals=2; plural=(n != 1);"}
"""A language's plural rule as its ``.po`` header states it (otherwise CLDR's, from Babel)."""


@dataclass(frozen=True)
class Domain:
    """One catalog: its name, the folder its messages are extracted from, and its locale folder."""

    name: str
    source: Path
    locale: Path

    @property
    def template(self) -> Path:
        return self.locale / f"{self.name}.pot"

    def po(self, language: str) -> Path:
        return self.locale / language / "LC_MESSAGES" / f"{self.name}.po"


def domains() -> Iterator[Domain]:
    """The shared domain and one per game package under ``bot/games``."""
    yield Domain("bazaar", ROOT, ROOT / "locale")
    games = ROOT / "games"
    for package in sorted(p for p in games.iterdir() if (p / "__init__.py").is_file()):
        yield Domain(package.name, package, package / "locale")


def _skip_games(domain: Domain) -> bool:
    return domain.name == "bazaar"


def extract(domain: Domain) -> Catalog:
    """The messages marked in ``domain``'s source, sorted, without line numbers (stable diffs)."""
    catalog = Catalog(domain=domain.name, project="bazaar", version="1", charset="utf-8")

    def wanted(filename: str) -> bool:
        relative = Path(filename)
        parts = relative.parts
        return not (_skip_games(domain) and parts and parts[0] == "games")

    found = extract_from_dir(
        str(domain.source),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
        callback=None,
        strip_comment_tags=True,
        directory_filter=lambda dirname: wanted(str(Path(dirname).relative_to(domain.source))),
    )
    for filename, _lineno, message, comments, context in found:
        if not wanted(filename):
            continue
        catalog.add(
            message, locations=[(f"{domain.source.name}/{filename}", 0)], auto_comments=comments, context=context
        )
    return catalog


def _header(language: str) -> str:
    """A fixed ``.po`` header (no dates, so the file changes only when its messages do); none for English."""
    if language == "en":
        return ""
    forms = PLURAL_FORMS.get(language) or get_plural(language).plural_forms
    lines = (
        f"Language: {language}",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: 8bit",
        f"Plural-Forms: {forms}",
    )
    return 'msgid ""\nmsgstr ""\n' + "".join(f'"{line}\\n"\n' for line in lines) + "\n"


def _empty(domain: Domain, language: str) -> Catalog:
    """A catalog with no messages whose plural rule is the header's."""
    header = _header(language)
    if not header:
        return Catalog(domain=domain.name, locale=language)
    return read_po(io.BytesIO(header.encode("utf-8")), locale=language, domain=domain.name)


def _po_text(catalog: Catalog, language: str | None = None) -> str:
    buffer = io.BytesIO()
    write_po(buffer, catalog, omit_header=True, sort_output=True, width=120, include_lineno=False)
    return _header(language or "en") + buffer.getvalue().decode("utf-8")


_FORMATTER = string.Formatter()
_MARKUP = re.compile(r"<(?:@[!&]?|#|t:|a?:\w+:)[^<>\s]*>|`[^`]*`|\*\*")


def placeholders(text: str) -> set[str]:
    """The names of ``text``'s ``str.format`` fields (``{seat}``, ``{count:>2}``: "seat", "count")."""
    try:
        return {field for _, field, _, _ in _FORMATTER.parse(text) if field is not None}
    except ValueError:
        return set(re.findall(r"\{([^{}]*)\}", text))


def markup(text: str) -> list[str]:
    """``text``'s Discord markup tokens, sorted: mentions, timestamps, channel links, code spans, ``**``."""
    return sorted(_MARKUP.findall(text))


def _message_problems(message: Message) -> list[str]:
    ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    if message.fuzzy:
        return ["fuzzy"]
    if not strings or not all(strings):
        return ["untranslated"]
    problems: list[str] = []
    for index, found in enumerate(strings):
        translated, source = str(found), str(ids[0] if index == 0 else ids[-1])
        form = f" (form {index})" if len(strings) > 1 else ""
        if placeholders(translated) != placeholders(source):
            problems.append(f"placeholders{form} {sorted(placeholders(translated))} != {sorted(placeholders(source))}")
        if markup(translated) != markup(source):
            problems.append(f"markup{form} {markup(translated)} != {markup(source)}")
    return problems


def _key(message: Message) -> str:
    """How a message is named in a problem: its (singular) id, after its context if it has one."""
    key = str(message.id if isinstance(message.id, str) else message.id[0])
    return f"{message.context}|{key}" if message.context else key


def problems(domain: Domain, language: str) -> list[str]:
    """What keeps ``domain``'s catalog in ``language`` from being complete and safe to format."""
    path = domain.po(language)
    if not path.is_file():
        return [f"{path.relative_to(ROOT.parent)}: missing"]
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language, domain=domain.name)
    found: list[str] = []
    known = {_key(message) for message in catalog if message.id}
    template = extract(domain)
    for message in template:
        key = _key(message)
        if message.id and key not in known:
            found.append(f"{path.relative_to(ROOT.parent)}: missing {key!r}")
    for message in catalog:
        if message.id:
            key = _key(message)
            found.extend(
                f"{path.relative_to(ROOT.parent)}: {problem}: {key!r}" for problem in _message_problems(message)
            )
    return found


def update(domain: Domain, *, check: bool) -> list[Path]:
    """Write (or, with ``check``, compare) the domain's template and language files; the stale paths."""
    template = extract(domain)
    stale: list[Path] = []
    wanted = {domain.template: _po_text(template)}
    for language in LANGUAGES:
        path = domain.po(language)
        existing = _empty(domain, language)
        if path.is_file():
            with path.open("rb") as handle:
                existing = read_po(handle, locale=language, domain=domain.name)
        existing.update(template, no_fuzzy_matching=True)
        existing.obsolete.clear()
        wanted[path] = _po_text(existing, language)
    for path, text in wanted.items():
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(path)
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    return stale


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.catalogs", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a catalog is out of date")
    args = parser.parse_args(argv)
    stale = [path for domain in domains() for path in update(domain, check=args.check)]
    for path in stale:
        print(("out of date: " if args.check else "written: ") + str(path.relative_to(ROOT.parent)))
    if not args.check:
        return 0
    found = [problem for domain in domains() for language in COMPLETE for problem in problems(domain, language)]
    for problem in found:
        print(problem)
    return 1 if stale or found else 0


if __name__ == "__main__":
    sys.exit(main())
