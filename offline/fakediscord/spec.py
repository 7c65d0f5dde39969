"""Discord's own OpenAPI 3.1 description (spec/openapi.json) as the judge of requests and answers.

`SPEC.operation(method, path)` maps a request (`POST /channels/123/messages`) to the spec's operation
(`/channels/{channel_id}/messages`; a literal segment such as `@original` beats a parameter).
`request_problems` validates a JSON body (or a multipart request's `payload_json`) against the
operation's requestBody schema; `response_problems` validates a JSON answer against the schema of its
2xx response. Each problem is a `Problem(path, code, message)`, `path` the keys down to the bad value.

The validator covers the part of JSON Schema the spec uses: `$ref`, `type` (also lists with "null"),
`properties`, `required`, `additionalProperties`, `items`, `oneOf` / `anyOf` / `allOf`, `enum`, `const`,
`minimum` / `maximum`, `minLength` / `maxLength`, `minItems` / `maxItems`, `uniqueItems`,
`maxProperties`, `pattern`. Deliberate leniencies, as Discord's API behaves (the spec's README says so):
`oneOf` passes when any alternative matches (several of the spec's alternatives overlap); in requests
an id (`format: snowflake`) may be a non-negative integer as well as a string of digits, and an
`int64` integer may be such a string. Formats (`date-time`, `uri`) are not checked. Resolved `$ref`s,
compiled patterns and the last verdicts (by body, see `Spec.validate`) are cached, and each schema is compiled once
into a test of whether a body passes (`Spec.passes`): only a body that fails it is walked for its problems. A message
with an embed and 25 buttons validates in well under 1 ms; the spec loads in about 0.5 s once per process.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

SPEC_PATH = Path(__file__).with_name("spec") / "openapi.json"
JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "object": (dict,),
    "array": (list,),
    "boolean": (bool,),
    "null": (type(None),),
    "number": (int, float),
    "integer": (int,),
}
SNOWFLAKE = re.compile(r"^(0|[1-9][0-9]*)$")
MAX_REPORTED = 20
JUDGED = 256
"""How many (schema, body) verdicts ``Spec.validate`` remembers (the oldest are forgotten first)."""
ID_STRING = re.compile(r'"[1-9][0-9]{16,19}"')
"""An id as the fake writes it in its answers (a snowflake: 17 to 20 digits, in a JSON string)."""


@dataclass(frozen=True)
class Problem:
    """One violation: where (keys from the body's root), Discord's error code, and a message."""

    path: tuple[str, ...]
    code: str
    message: str

    def __str__(self) -> str:
        return f"{'.'.join(self.path) or '<body>'}: {self.message}"


@dataclass(frozen=True)
class Operation:
    """One method on one path template of the spec."""

    method: str
    template: str
    operation_id: str
    spec: dict[str, Any]


class Spec:
    """The parsed spec with route matching and schema validation."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self._by_method: dict[str, list[tuple[tuple[str, ...], Operation]]] = {}
        for template, item in document["paths"].items():
            segments = tuple(template.strip("/").split("/"))
            for method, operation in item.items():
                if method == "parameters" or not isinstance(operation, dict):
                    continue
                entry = Operation(method.upper(), template, operation.get("operationId", ""), operation)
                self._by_method.setdefault(method.upper(), []).append((segments, entry))
        self.operation = lru_cache(maxsize=4096)(self._operation)
        self._judged: dict[tuple[int, bool, bool, str], tuple[dict[str, Any], tuple[Problem, ...]]] = {}
        self._passes: dict[tuple[int, bool], tuple[dict[str, Any], Test]] = {}

    @classmethod
    def load(cls, path: Path = SPEC_PATH) -> Spec:
        return cls(json.loads(path.read_text()))

    # -- routes -------------------------------------------------------------------------------------

    def _operation(self, method: str, path: str) -> Operation | None:
        """The operation for a concrete path below /api/v10 (literal segments beat parameters)."""
        segments = tuple(path.strip("/").split("/"))
        best: tuple[int, Operation] | None = None
        for template, operation in self._by_method.get(method.upper(), []):
            if len(template) != len(segments):
                continue
            literals = 0
            for expected, given in zip(template, segments, strict=True):
                if expected.startswith("{"):
                    continue
                if expected != given:
                    break
                literals += 1
            else:
                if best is None or literals > best[0]:
                    best = (literals, operation)
        return best[1] if best else None

    # -- bodies -------------------------------------------------------------------------------------

    def request_schema(self, operation: Operation, multipart: bool) -> dict[str, Any] | None:
        content = (operation.spec.get("requestBody") or {}).get("content") or {}
        media = content.get("multipart/form-data") if multipart else None
        schema: dict[str, Any] | None = (media or content.get("application/json") or {}).get("schema")
        return schema

    def response_schema(self, operation: Operation, status: int) -> dict[str, Any] | None:
        responses = operation.spec.get("responses") or {}
        answer = responses.get(str(status)) or responses.get(f"{str(status)[0]}XX")
        if answer is None:
            return None
        answer = self.resolve(answer)
        return ((answer.get("content") or {}).get("application/json") or {}).get("schema")

    def request_problems(
        self, operation: Operation, body: Any, *, multipart: bool = False, text: str | None = None
    ) -> list[Problem]:
        """The problems of a request's ``body`` (``text``: its JSON as it came, if at hand: see ``validate``)."""
        schema = self.request_schema(operation, multipart)
        if schema is None:
            return []
        return self.validate(schema, body, lenient_ids=True, text=text)

    def response_problems(
        self, operation: Operation, status: int, body: Any, *, text: str | None = None
    ) -> list[Problem]:
        """The problems of an answer's ``body``, or of its JSON ``text`` (then parsed only if not judged before)."""
        if not 200 <= status < 300:
            return []
        schema = self.response_schema(operation, status)
        if schema is None:
            return [Problem((), "NO_RESPONSE_BODY", f"{operation.template} answers {status} without a JSON body")]
        value = _UNPARSED if text is not None else body
        return self.validate(schema, value, lenient_ids=False, ids_alike=True, text=text)

    # -- validation ---------------------------------------------------------------------------------

    def resolve(self, schema: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in schema:
            schema = self._ref(schema["$ref"])
        return schema

    @cache  # noqa: B019 - the one Spec lives as long as the process
    def _ref(self, ref: str) -> dict[str, Any]:
        node: Any = self.document
        for key in ref.removeprefix("#/").split("/"):
            node = node[key.replace("~1", "/").replace("~0", "~")]
        resolved: dict[str, Any] = node
        return resolved

    def validate(
        self,
        schema: dict[str, Any],
        value: Any,
        *,
        lenient_ids: bool = False,
        ids_alike: bool = False,
        text: str | None = None,
    ) -> list[Problem]:
        """The problems of ``value`` against ``schema`` (the first ``MAX_REPORTED``).

        The same body against the same schema is judged the same: a body seen before (the bot's slash commands,
        synced at every start, are a few thousand nodes to walk) is answered from memory, by the body's JSON as it
        came (key order kept: it orders the problems). ``ids_alike`` (the fake's own answers, whose time-based ids
        differ at every start): a body that passed is remembered with its ids renumbered in turn (``_ids_in_turn``:
        which ids are equal, and their lengths, are kept), and one that differs from it only so passes too — no
        constraint of Discord's spec tells one such id from another but by equality (``uniqueItems``;
        ``tests/test_fakediscord_spec.py`` checks the rest); a body with problems is judged afresh each time.

        ``text``, where the caller has the body's JSON as it came over the wire, is the key (the same text is the
        same value; the same value sent differently is only judged again), and saves writing the body out as JSON
        again (the bot's slash commands are 125 kB of it); a ``value`` of ``_UNPARSED`` is parsed from ``text``
        only when it was not judged before.
        """
        if text is None:
            text = json.dumps(value, ensure_ascii=False)
        if ids_alike:
            text = _ids_in_turn(text)
        key = (id(schema), lenient_ids, ids_alike, text)
        known = self._judged.get(key)
        if known is None or known[0] is not schema:  # the entry holds its schema: its id names no other meanwhile
            if value is _UNPARSED:
                value = json.loads(text)
            problems: list[Problem] = []
            if not self.passes(schema, lenient_ids)(value):  # only a failing body is walked for its problems
                _Validator(self, lenient_ids, problems).check(schema, value, ())
            known = (schema, tuple(problems[:MAX_REPORTED]))
            if not (ids_alike and problems):
                self._judged[key] = known
                while len(self._judged) > JUDGED:
                    del self._judged[next(iter(self._judged))]
        return list(known[1])

    def passes(self, schema: dict[str, Any], lenient_ids: bool) -> Test:
        """A test of whether a value meets ``schema`` with no problem at all: the judgement ``_Validator`` makes,
        compiled once per schema into closures (most bodies pass, and a pass needs no problems listed; a body
        that fails this test is walked by ``_Validator`` for its problems). ``tests/test_fakediscord_spec.py``
        checks the two agree."""
        key = (id(schema), lenient_ids)
        known = self._passes.get(key)
        if known is not None and known[0] is schema:
            return known[1]
        built: list[Test] = []  # a schema that refers to itself meets its own test through this, once built

        def deferred(value: Any) -> bool:
            return built[0](value)

        self._passes[key] = (schema, deferred)
        test = _compiled(self, self.resolve(schema), lenient_ids)
        built.append(test)
        self._passes[key] = (schema, test)
        return test


_UNPARSED: Any = object()
"""``Spec.validate``'s value for a body given only as its text."""


def _ids_in_turn(text: str) -> str:
    """``text`` (JSON) with its ids (``ID_STRING``) renumbered in order of appearance, each as long as it was: the
    same id gets the same number, different ids different ones (``1000…0``, ``1000…1``, …)."""
    numbers: dict[str, str] = {}

    def renumber(found: re.Match[str]) -> str:
        digits = found[0][1:-1]
        number = numbers.get(digits)
        if number is None:
            number = numbers[digits] = "1" + str(len(numbers)).zfill(len(digits) - 1)
        return f'"{number}"'

    return ID_STRING.sub(renumber, text)


class _Validator:
    def __init__(self, spec: Spec, lenient_ids: bool, problems: list[Problem]) -> None:
        self.spec = spec
        self.lenient_ids = lenient_ids
        self.problems = problems

    def fail(self, path: tuple[str, ...], code: str, message: str) -> None:
        self.problems.append(Problem(path, code, message))

    def matches(self, schema: dict[str, Any], value: Any, path: tuple[str, ...]) -> list[Problem]:
        found: list[Problem] = []
        _Validator(self.spec, self.lenient_ids, found).check(schema, value, path)
        return found

    def check(self, schema: dict[str, Any], value: Any, path: tuple[str, ...]) -> None:
        schema = self.spec.resolve(schema)
        if not self._type_ok(schema, value, path):
            return
        if "const" in schema and value != schema["const"]:
            self.fail(path, "BASE_TYPE_CHOICES", f"must be {schema['const']!r}, got {value!r}")
        if "enum" in schema and value not in schema["enum"]:
            self.fail(path, "BASE_TYPE_CHOICES", f"must be one of {schema['enum']!r}, got {value!r}")
        for key in ("allOf",):
            for part in schema.get(key) or []:
                self.check(part, value, path)
        for key in ("oneOf", "anyOf"):
            if key in schema:
                self._any_of(schema[key], value, path)
        if isinstance(value, str):
            self._string(schema, value, path)
        elif isinstance(value, int | float) and not isinstance(value, bool):
            self._number(schema, value, path)
        elif isinstance(value, list):
            self._array(schema, value, path)
        elif isinstance(value, dict):
            self._object(schema, value, path)

    def _type_ok(self, schema: dict[str, Any], value: Any, path: tuple[str, ...]) -> bool:
        wanted = schema.get("type")
        if wanted is None:
            return True
        kinds = wanted if isinstance(wanted, list) else [wanted]
        for kind in kinds:
            if kind in ("integer", "number") and isinstance(value, bool):
                continue
            if isinstance(value, JSON_TYPES[kind]) or self._lenient_match(schema, kind, value):
                return True
        self.fail(path, "BASE_TYPE_BAD_TYPE", f"must be {' or '.join(kinds)}, got {_show(value)}")
        return False

    def _lenient_match(self, schema: dict[str, Any], kind: str, value: Any) -> bool:
        """A float with an integer value is an integer; in requests, ids as numbers and int64 as digit strings."""
        if kind == "integer" and isinstance(value, float):
            return value.is_integer()
        if not self.lenient_ids:
            return False
        if kind == "integer" and schema.get("format") == "int64":
            return isinstance(value, str) and bool(SNOWFLAKE.match(value))
        if kind == "string" and schema.get("format") == "snowflake":
            return isinstance(value, int) and not isinstance(value, bool) and value >= 0
        return False

    def _any_of(self, alternatives: list[dict[str, Any]], value: Any, path: tuple[str, ...]) -> None:
        best: list[Problem] | None = None
        for alternative in alternatives:
            found = self.matches(alternative, value, path)
            if not found:
                return
            if best is None or _closeness(found, len(path)) < _closeness(best, len(path)):
                best = found
        self.problems.extend(best or [Problem(path, "UNION_TYPE_CHOICES", f"{_show(value)} matches no choice")])

    def _string(self, schema: dict[str, Any], value: str, path: tuple[str, ...]) -> None:
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            self.fail(path, "BASE_TYPE_MAX_LENGTH", f"must be {schema['maxLength']} or fewer in length")
        if "minLength" in schema and len(value) < schema["minLength"]:
            self.fail(path, "BASE_TYPE_MIN_LENGTH", f"must be {schema['minLength']} or more in length")
        if "pattern" in schema and not _pattern(schema["pattern"]).search(value):
            self.fail(path, "STRING_TYPE_REGEX", f"{value[:50]!r} does not match {schema['pattern']}")

    def _number(self, schema: dict[str, Any], value: float, path: tuple[str, ...]) -> None:
        if "minimum" in schema and value < schema["minimum"]:
            self.fail(path, "NUMBER_TYPE_MIN", f"must be at least {schema['minimum']}, got {value}")
        if "maximum" in schema and value > schema["maximum"]:
            self.fail(path, "NUMBER_TYPE_MAX", f"must be at most {schema['maximum']}, got {value}")

    def _array(self, schema: dict[str, Any], value: list[Any], path: tuple[str, ...]) -> None:
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            self.fail(path, "BASE_TYPE_MAX_LENGTH", f"must have {schema['maxItems']} or fewer items")
        if "minItems" in schema and len(value) < schema["minItems"]:
            self.fail(path, "BASE_TYPE_MIN_LENGTH", f"must have {schema['minItems']} or more items")
        if schema.get("uniqueItems"):
            seen = [json.dumps(item, sort_keys=True) for item in value]
            if len(set(seen)) != len(seen):
                self.fail(path, "ARRAY_TYPE_DUPLICATE", "items must be unique")
        items = schema.get("items")
        if isinstance(items, dict):
            for index, item in enumerate(value):
                self.check(items, item, (*path, str(index)))

    def _object(self, schema: dict[str, Any], value: dict[str, Any], path: tuple[str, ...]) -> None:
        properties = schema.get("properties") or {}
        for key in schema.get("required") or []:
            if key not in value:
                self.fail((*path, key), "BASE_TYPE_REQUIRED", "this field is required")
        if "maxProperties" in schema and len(value) > schema["maxProperties"]:
            self.fail(path, "BASE_TYPE_MAX_LENGTH", f"must have {schema['maxProperties']} or fewer keys")
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in properties:
                self.check(properties[key], item, (*path, key))
            elif extra is False:
                self.fail((*path, key), "UNKNOWN_FIELD", "is not a field of this object")
            elif isinstance(extra, dict):
                self.check(extra, item, (*path, key))


Test = Callable[[Any], bool]


def _kind_test(schema: dict[str, Any], kind: str, lenient_ids: bool) -> Test:
    """Whether a value is of one ``type`` kind, as ``_Validator._type_ok`` and ``_lenient_match`` judge it."""
    types = JSON_TYPES[kind]
    if kind in ("integer", "number"):
        int64 = kind == "integer" and lenient_ids and schema.get("format") == "int64"

        def numeric(value: Any) -> bool:
            if isinstance(value, bool):
                return False
            if isinstance(value, types):
                return True
            if kind == "integer" and isinstance(value, float):
                return value.is_integer()
            return int64 and isinstance(value, str) and bool(SNOWFLAKE.match(value))

        return numeric
    if kind == "string" and lenient_ids and schema.get("format") == "snowflake":
        return lambda value: (
            isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool) and value >= 0)
        )
    return lambda value: isinstance(value, types)


def _compiled(spec: Spec, schema: dict[str, Any], lenient_ids: bool) -> Test:
    """``schema`` (resolved) as one closure that says whether a value meets it with no problem."""
    wanted = schema.get("type")
    typed = wanted is not None
    kinds = (
        [_kind_test(schema, kind, lenient_ids) for kind in (wanted if isinstance(wanted, list) else [wanted])]
        if typed
        else []
    )
    has_const, const = "const" in schema, schema.get("const")
    enum = schema.get("enum") if "enum" in schema else None
    parts = [spec.passes(part, lenient_ids) for part in schema.get("allOf") or []]
    choices = [[spec.passes(a, lenient_ids) for a in schema[key]] for key in ("oneOf", "anyOf") if key in schema]
    max_length, min_length = schema.get("maxLength"), schema.get("minLength")
    pattern = _pattern(schema["pattern"]) if "pattern" in schema else None
    minimum, maximum = schema.get("minimum"), schema.get("maximum")
    max_items, min_items, unique = schema.get("maxItems"), schema.get("minItems"), schema.get("uniqueItems")
    items = spec.passes(schema["items"], lenient_ids) if isinstance(schema.get("items"), dict) else None
    required = list(schema.get("required") or [])
    max_properties = schema.get("maxProperties")
    properties = {key: spec.passes(sub, lenient_ids) for key, sub in (schema.get("properties") or {}).items()}
    extra = schema.get("additionalProperties", True)
    extra_test = spec.passes(extra, lenient_ids) if isinstance(extra, dict) else None
    closed = extra is False

    def test(value: Any) -> bool:
        if typed and not any(kind(value) for kind in kinds):
            return False
        if has_const and value != const:
            return False
        if enum is not None and value not in enum:
            return False
        if not all(part(value) for part in parts):
            return False
        if not all(any(choice(value) for choice in group) for group in choices):
            return False
        if isinstance(value, str):
            return (
                (max_length is None or len(value) <= max_length)
                and (min_length is None or len(value) >= min_length)
                and (pattern is None or pattern.search(value) is not None)
            )
        if isinstance(value, int | float) and not isinstance(value, bool):
            return (minimum is None or value >= minimum) and (maximum is None or value <= maximum)
        if isinstance(value, list):
            if (max_items is not None and len(value) > max_items) or (min_items is not None and len(value) < min_items):
                return False
            if unique and len({json.dumps(item, sort_keys=True) for item in value}) != len(value):
                return False
            return items is None or all(items(item) for item in value)
        if isinstance(value, dict):
            if any(key not in value for key in required):
                return False
            if max_properties is not None and len(value) > max_properties:
                return False
            for key, item in value.items():
                check = properties.get(key)
                if check is not None:
                    if not check(item):
                        return False
                elif closed or (extra_test is not None and not extra_test(item)):
                    return False
        return True

    return test


def _closeness(problems: list[Problem], depth: int) -> tuple[int, int]:
    """Rank a failed alternative: a wrong discriminator (type, const) is far; then fewer problems is closer."""
    far = sum(1 for p in problems if p.code in ("BASE_TYPE_CHOICES", "BASE_TYPE_BAD_TYPE") and len(p.path) <= depth + 1)
    return far, len(problems)


@lru_cache(maxsize=1024)
def _pattern(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _show(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def errors_body(problems: list[Problem]) -> dict[str, Any]:
    """Discord's nested `errors` of a 400 Invalid Form Body: keys down to `_errors: [{code, message}]`."""
    errors: dict[str, Any] = {}
    for problem in problems:
        node = errors
        for key in problem.path:
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": problem.code, "message": problem.message})
    return errors


@lru_cache(maxsize=1)
def spec() -> Spec:
    """The spec, parsed once per process (about 0.1 s)."""
    return Spec.load()
