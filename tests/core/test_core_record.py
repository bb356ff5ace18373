"""Records: the generated clone is deep where it must be, and JSON round-trips losslessly."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from galaxis.core import Record, Rng
from galaxis.core.record import change_marks, changed_all, transient


@dataclass(slots=True)
class Leaf(Record):
    name: str
    values: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Everything(Record):
    """One field of every supported kind."""

    count: int
    label: str
    flag: bool
    ratio: float
    maybe: int | None
    maybe_list: list[int] | None
    numbers: list[int]
    grid: list[list[int]]
    by_name: dict[str, int]
    by_seat: dict[int, list[int]]
    leaf: Leaf
    leaves: list[Leaf]
    leaf_by_seat: dict[int, Leaf]
    maybe_leaf: Leaf | None
    anything: Any
    rng: Rng
    fixed: tuple[int, ...]
    leaf_tuple: tuple[Leaf, ...]


def sample() -> Everything:
    return Everything(
        count=3,
        label="x",
        flag=True,
        ratio=0.25,
        maybe=None,
        maybe_list=[1, 2],
        numbers=[1, 2, 3],
        grid=[[1], [2, 3]],
        by_name={"a": 1},
        by_seat={0: [1], 2: [5, 6]},
        leaf=Leaf("root", [9]),
        leaves=[Leaf("a", [1]), Leaf("b")],
        leaf_by_seat={1: Leaf("one", [1, 1])},
        maybe_leaf=Leaf("m", [4]),
        anything={"deep": [{"x": [1, 2]}], "n": None},
        rng=Rng(42),
        fixed=(1, 2),
        leaf_tuple=(Leaf("t", [7]),),
    )


def snapshot(rec: Record) -> str:
    return json.dumps(rec.to_json(), sort_keys=True, allow_nan=False)


def mutate_everything(rec: Everything) -> None:
    """Mutates every mutable part of ``rec`` in place (never rebinding a top-level field)."""
    assert rec.maybe_list is not None and rec.maybe_leaf is not None
    rec.maybe_list.append(99)
    rec.numbers.append(4)
    rec.grid[1].append(4)
    rec.by_name["b"] = 2
    rec.by_seat[2].append(7)
    rec.by_seat[5] = []
    rec.leaf.values.append(10)
    rec.leaf.name = "changed"
    rec.leaves[0].values.append(2)
    rec.leaves.append(Leaf("c"))
    rec.leaf_by_seat[1].values.clear()
    rec.maybe_leaf.values.append(5)
    rec.anything["deep"][0]["x"].append(3)
    rec.anything["new"] = True
    rec.rng.next64()
    rec.leaf_tuple[0].values.append(8)


def test_clone_is_deep_for_every_field_kind() -> None:
    original = sample()
    before = snapshot(original)
    copy = original.clone()
    assert copy == original and copy is not original
    mutate_everything(copy)
    assert snapshot(original) == before
    assert snapshot(copy) != before


def test_original_mutations_do_not_reach_the_clone() -> None:
    original = sample()
    copy = original.clone()
    before = snapshot(copy)
    mutate_everything(original)
    assert snapshot(copy) == before


def test_clone_shares_immutable_values() -> None:
    """Tuples of immutables need no copy; that is what keeps clone cheap."""
    original = sample()
    assert original.clone().fixed is original.fixed


def test_json_round_trip_is_lossless() -> None:
    original = sample()
    data = json.loads(json.dumps(original.to_json(), allow_nan=False))
    restored = Everything.from_json(data)
    assert restored == original
    assert restored.by_seat == {0: [1], 2: [5, 6]}
    assert all(type(k) is int for k in restored.by_seat)
    assert all(type(k) is int for k in restored.leaf_by_seat)
    assert isinstance(restored.leaf, Leaf) and isinstance(restored.leaves[1], Leaf)
    assert isinstance(restored.fixed, tuple) and isinstance(restored.leaf_tuple[0], Leaf)
    assert restored.to_json() == original.to_json()
    assert restored.rng == Rng(42)
    assert restored.rng.next64() == Rng(42).next64()


def test_to_json_is_plain_json() -> None:
    """``to_json`` output equals its own trip through JSON text (no tuples, no int keys)."""
    data = sample().to_json()
    assert json.loads(json.dumps(data)) == data


def test_from_json_does_not_alias_its_input() -> None:
    data = json.loads(json.dumps(sample().to_json()))
    frozen = json.dumps(data, sort_keys=True)
    restored = Everything.from_json(data)
    mutate_everything(restored)
    assert json.dumps(data, sort_keys=True) == frozen


def test_missing_field_is_a_value_error() -> None:
    data = sample().to_json()
    del data["numbers"]
    with pytest.raises(ValueError, match="numbers"):
        Everything.from_json(data)


def test_missing_nested_field_is_a_value_error() -> None:
    data = sample().to_json()
    del data["leaf"]["name"]
    with pytest.raises(ValueError, match="name"):
        Everything.from_json(data)


@pytest.mark.parametrize("bad", [None, [], "state", 3])
def test_non_object_is_a_value_error(bad: object) -> None:
    with pytest.raises(ValueError):
        Everything.from_json(bad)


@dataclass(slots=True)
class WithMarks(Record):
    score: int
    marks: list[int] = transient(lambda: [0, 0])


def test_a_transient_field_is_not_copied_saved_or_compared() -> None:
    rec = WithMarks(3)
    rec.marks[1] = 5
    assert rec.to_json() == {"score": 3}  # saves never depend on it
    assert rec.clone().marks == [0, 0]  # a clone starts over
    assert WithMarks.from_json({"score": 3}).marks == [0, 0]  # so does a loaded record
    assert rec == WithMarks(3)


def test_changed_all_raises_every_change_mark() -> None:
    @dataclass(slots=True)
    class Marked(Record):
        marks: list[int] = change_marks(3)

    rec = Marked()
    rec.marks[1] = 4
    changed_all(rec.marks)
    assert rec.marks == [1, 5, 1]


def test_unsupported_annotations_are_refused() -> None:
    @dataclass(slots=True)
    class WithSet(Record):
        items: set[int]

    @dataclass(slots=True)
    class WithUnion(Record):
        value: int | str

    @dataclass(slots=True)
    class WithFloatKeys(Record):
        table: dict[float, int]

    cases: list[tuple[Any, Any]] = [(WithSet, {1}), (WithUnion, 1), (WithFloatKeys, {1.0: 1})]
    for cls, value in cases:
        with pytest.raises(TypeError):
            cls(value).clone()


# --- property: random values of every kind ----------------------------------------

ints = st.integers(-(2**40), 2**40)
texts = st.text(max_size=8)
json_values = st.recursive(
    st.none() | st.booleans() | ints | texts | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
    max_leaves=12,
)
leaves = st.builds(Leaf, texts, st.lists(ints, max_size=5))


@st.composite
def everything(draw: st.DrawFn) -> Everything:
    return Everything(
        count=draw(ints),
        label=draw(texts),
        flag=draw(st.booleans()),
        ratio=draw(st.floats(allow_nan=False, allow_infinity=False)),
        maybe=draw(st.none() | ints),
        maybe_list=draw(st.none() | st.lists(ints, max_size=4)),
        numbers=draw(st.lists(ints, max_size=6)),
        grid=draw(st.lists(st.lists(ints, max_size=3), max_size=3)),
        by_name=draw(st.dictionaries(texts, ints, max_size=4)),
        by_seat=draw(st.dictionaries(ints, st.lists(ints, max_size=3), max_size=4)),
        leaf=draw(leaves),
        leaves=draw(st.lists(leaves, max_size=3)),
        leaf_by_seat=draw(st.dictionaries(ints, leaves, max_size=3)),
        maybe_leaf=draw(st.none() | leaves),
        anything=draw(json_values),
        rng=Rng(draw(ints)),
        fixed=tuple(draw(st.lists(ints, max_size=4))),
        leaf_tuple=tuple(draw(st.lists(leaves, max_size=2))),
    )


@settings(max_examples=80, deadline=None)
@given(everything())
def test_random_records_round_trip_and_clone(rec: Everything) -> None:
    text = json.dumps(rec.to_json(), allow_nan=False)
    restored = Everything.from_json(json.loads(text))
    assert restored == rec
    assert json.dumps(restored.to_json(), allow_nan=False) == text
    copy = rec.clone()
    assert copy == rec
    copy.numbers.append(1)
    copy.leaf.values.append(1)
    copy.rng.next64()
    assert json.dumps(rec.to_json(), allow_nan=False) == text
