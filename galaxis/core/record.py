"""Records: game state classes with generated clone and lossless JSON.

A game's state is a tree of ``Record`` dataclasses whose fields are plain
values (int, str, bool, float, None), lists, dicts, other records and the
match's ``Rng``. From the type annotations this module generates, once per
class, a ``clone`` that copies exactly what is mutable (nothing more, so tree
search stays cheap) and a ``to_json``/``from_json`` pair that round-trips
without loss. This is TAG's hand-written ``_copy`` without the hand-writing,
and with no way to forget a field.

Supported annotations: ``int``, ``str``, ``bool``, ``float``, ``X | None``,
``list[T]``, ``dict[str, T]``, ``dict[int, T]``, ``tuple[T, ...]``, a ``Record``
subclass, ``Rng`` and ``Any`` (any JSON-safe value, deep-copied).

A field declared with ``transient()`` is bookkeeping, not game state (the
change marks that fast observation encoders read, see
``galaxis.core.blocks``): a clone and a loaded record get a fresh default,
and ``to_json`` leaves it out, so saves and their format never depend on it.

A field declared with ``added(default)`` was added after states were already saved (a rule
switch that a new option sets): ``to_json`` writes it only when it differs from ``default`` and
``from_json`` gives it ``default`` when the saved state lacks it. Its default is the value that
reproduces the rules played before the field existed, so a state saved earlier loads, plays
and saves again exactly as it was (see ``docs/architecture.md``, "Saved matches across rule
changes").
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from galaxis.core.rng import Rng

R = TypeVar("R", bound="Record")

_IMMUTABLE = (int, str, bool, float, type(None))


def transient(factory: Callable[[], Any]) -> Any:
    """A dataclass field that is not game state: never compared, copied or saved;
    each new, cloned or loaded record starts with ``factory()``."""
    return dataclasses.field(default_factory=factory, compare=False, repr=False, metadata={"transient": True})


def added(default: Any = None, *, factory: Callable[[], Any] | None = None) -> Any:
    """A dataclass field added to a saved state later: omitted from ``to_json`` while it holds
    its default and read as that default from a saved state without it. The default, which
    reproduces the earlier rules, is ``default`` (an immutable value: bool, int, str, float,
    None) or, for a list or dict, what ``factory`` makes (e.g. ``factory=list``)."""
    if factory is not None:
        return dataclasses.field(default_factory=factory, metadata={"added": True})
    if not isinstance(default, _IMMUTABLE):
        raise TypeError(f"an added field's default must be an immutable value, not {default!r}")
    return dataclasses.field(default=default, metadata={"added": True})


def change_marks(components: int) -> Any:
    """A transient field of ``components`` change counters, which the rules raise where a
    component of the state changes, so that observation encoders rebuild only what changed
    (``galaxis.core.blocks``)."""
    return transient(lambda: [0] * components)


def changed_all(marks: list[int]) -> None:
    """Raises every change mark: a coarse change (a new round, re-dealt cards) after which an
    encoder rebuilds every segment."""
    for i in range(len(marks)):
        marks[i] += 1


def deep_copy_json(value: Any) -> Any:
    """Deep copy of a JSON-like value (dicts, lists and scalars)."""
    t = type(value)
    if t is list:
        return [deep_copy_json(v) for v in value]
    if t is dict:
        return {k: deep_copy_json(v) for k, v in value.items()}
    return value


class _Kind:
    """How one annotated type is copied and converted."""

    def __init__(
        self,
        immutable: bool,
        copy: Callable[[Any], Any],
        dump: Callable[[Any], Any],
        load: Callable[[Any], Any],
    ) -> None:
        self.immutable = immutable
        self.copy = copy
        self.dump = dump
        self.load = load


def _identity(v: Any) -> Any:
    return v


def _is_record(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, Record)


def _copy_records(items: list[Any]) -> list[Any]:
    """A list of records, each cloned by its class's generated function (called directly: a list
    of hundreds of cards is the bulk of some games' clones)."""
    compiled = Record._compiled
    return [(compiled.get(type(x)) or type(x)._compile())[0](x) for x in items]


def _kind_of(tp: Any) -> _Kind:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp in _IMMUTABLE:
        return _Kind(True, _identity, _identity, _identity)
    if tp is Any:
        return _Kind(False, deep_copy_json, deep_copy_json, deep_copy_json)
    if tp is Rng:
        return _Kind(False, Rng.clone, Rng.to_json, Rng.from_json)
    if isinstance(tp, type) and issubclass(tp, Record):
        rec = tp
        return _Kind(False, lambda v: v.clone(), lambda v: v.to_json(), lambda d: rec.from_json(d))
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) != 1:
            raise TypeError(f"only 'X | None' unions are supported in records, not {tp}")
        k = _kind_of(inner[0])
        if k.immutable:
            return k
        return _Kind(
            False,
            lambda v: None if v is None else k.copy(v),
            lambda v: None if v is None else k.dump(v),
            lambda d: None if d is None else k.load(d),
        )
    if origin is list:
        k = _kind_of(args[0])
        if k.immutable:
            return _Kind(False, list.copy, list.copy, list)
        element_copy = k.copy
        return _Kind(
            False,
            _copy_records if _is_record(args[0]) else (lambda v: [element_copy(x) for x in v] if v else []),
            lambda v: [k.dump(x) for x in v],
            lambda d: [k.load(x) for x in d],
        )
    if origin is tuple:
        elem = args[0] if args else Any
        k = _kind_of(elem)
        return _Kind(
            k.immutable,
            (lambda v: v) if k.immutable else (lambda v: tuple(k.copy(x) for x in v)),
            lambda v: [k.dump(x) for x in v],
            lambda d: tuple(k.load(x) for x in d),
        )
    if origin is dict:
        key_t, val_t = args
        k = _kind_of(val_t)
        int_keys = key_t is int
        if key_t not in (str, int):
            raise TypeError("record dict keys must be str or int")
        copy = dict.copy if k.immutable else (lambda v: {a: k.copy(b) for a, b in v.items()})
        if int_keys:
            return _Kind(
                False,
                copy,
                lambda v: {str(a): k.dump(b) for a, b in v.items()},
                lambda d: {int(a): k.load(b) for a, b in d.items()},
            )
        return _Kind(
            False,
            copy,
            lambda v: {a: k.dump(b) for a, b in v.items()},
            lambda d: {a: k.load(b) for a, b in d.items()},
        )
    raise TypeError(f"unsupported type in a record: {tp!r}")


class Record:
    """Base class of game state records (use with ``@dataclass(slots=True)``)."""

    __slots__ = ()
    _compiled: ClassVar[dict[type, tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]]] = {}

    @classmethod
    def _compile(cls) -> tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]:
        hints = typing.get_type_hints(cls)
        every = dataclasses.fields(cls)  # type: ignore[arg-type]
        fields = [f.name for f in every if not f.metadata.get("transient")]
        kinds = {name: _kind_of(hints[name]) for name in fields}
        env: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
        clone_lines = ["def clone(self):", "    new = _new(_cls)"]
        dump_lines = ["def dump(self):", "    return {"]
        load_lines = ["def load(data):", "    new = _new(_cls)"]
        for f in every:
            if f.metadata.get("transient"):  # a fresh default, never copied, dumped or read
                env[f"_f_{f.name}"] = f.default_factory
                clone_lines.append(f"    new.{f.name} = _f_{f.name}()")
                load_lines.append(f"    new.{f.name} = _f_{f.name}()")
        added_later = {
            f.name: f.default_factory if f.default is dataclasses.MISSING else (lambda v=f.default: v)
            for f in every
            if f.metadata.get("added")
        }
        for name in fields:
            k = kinds[name]
            env[f"_c_{name}"], env[f"_d_{name}"], env[f"_l_{name}"] = k.copy, k.dump, k.load
            if k.immutable:
                clone_lines.append(f"    new.{name} = self.{name}")
            else:
                clone_lines.append(f"    new.{name} = _c_{name}(self.{name})")
            if name in added_later:  # written only off its default, read as it when missing
                env[f"_a_{name}"] = added_later[name]  # makes the default
                load_lines.append(
                    f"    new.{name} = _l_{name}(data[{name!r}]) if {name!r} in data else _a_{name}()"
                )
                continue
            # immutable is not the same as JSON-native: a tuple still dumps as a list
            if k.dump is _identity:
                dump_lines.append(f"        {name!r}: self.{name},")
            else:
                dump_lines.append(f"        {name!r}: _d_{name}(self.{name}),")
            load_lines.append(f"    new.{name} = _l_{name}(data[{name!r}])")
        dump_lines.append("    }")
        if added_later:
            dump_lines[1] = "    out = {"
            dump_lines.extend(
                f"    if self.{name} != _a_{name}(): out[{name!r}] = _d_{name}(self.{name})"
                for name in added_later
            )
            dump_lines.append("    return out")
        clone_lines.append("    return new")
        load_lines.append("    return new")
        src = "\n".join(clone_lines + dump_lines + load_lines)
        exec(compile(src, f"<record {cls.__name__}>", "exec"), env)
        compiled = (env["clone"], env["dump"], env["load"])
        Record._compiled[cls] = compiled
        return compiled

    def clone(self: R) -> R:
        fns = Record._compiled.get(type(self)) or type(self)._compile()
        return fns[0](self)  # type: ignore[no-any-return]

    def to_json(self) -> dict[str, Any]:
        fns = Record._compiled.get(type(self)) or type(self)._compile()
        return fns[1](self)  # type: ignore[no-any-return]

    @classmethod
    def from_json(cls: type[R], data: Any) -> R:
        fns = Record._compiled.get(cls) or cls._compile()
        if not isinstance(data, dict):
            raise ValueError(f"{cls.__name__} expects a JSON object")
        try:
            return fns[2](data)  # type: ignore[no-any-return]
        except KeyError as exc:
            raise ValueError(f"{cls.__name__} is missing field {exc}") from None
