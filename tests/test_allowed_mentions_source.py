"""Every message the bot sends or edits says explicitly whom it may ping (``allowed_mentions``): a source check
over ``bot/`` for ``.send(``, ``send_message(``, ``.edit(``, ``edit_message(`` and ``edit_original_response(``.

A call passes when it names ``allowed_mentions=``, or spreads keyword arguments (``**kwargs``) built in the
same function with ``allowed_mentions`` in them (the courier's ``message_kwargs`` sets it for its posts).
Editing a channel or thread (``archived=``) sends no message and is left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

from sources import syntax

BOT = Path(__file__).resolve().parent.parent / "bot"
SENDING = {"send", "send_message", "edit", "edit_message", "edit_original_response"}
CHANNEL_EDITS = {"archived", "locked", "name"}


def _functions(tree: ast.AST) -> list[ast.AST]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def offending_calls() -> list[str]:
    found = []
    for path in sorted(BOT.rglob("*.py")):
        source = path.read_text()
        tree = syntax(path)
        for function in _functions(tree):
            body = None  # the function's source, only when a call spreads keyword arguments (slow to cut out)
            for call in ast.walk(function):
                if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)):
                    continue
                if call.func.attr not in SENDING:
                    continue
                names = {k.arg for k in call.keywords}
                if names & CHANNEL_EDITS or "allowed_mentions" in names:
                    continue
                if None in names:
                    body = body if body is not None else ast.get_source_segment(source, function) or ""
                    if "allowed_mentions" in body or "message_kwargs(" in body:
                        continue
                found.append(f"{path.relative_to(BOT.parent)}:{call.lineno} {ast.get_source_segment(source, call)}")
    return sorted(set(found))


def test_every_message_the_bot_sends_or_edits_sets_allowed_mentions() -> None:
    assert not offending_calls(), "\n".join(offending_calls())
