"""Every Space Empires action kind is dispatched by exactly one branch of ``apply``.

``SpaceEmpires.apply`` is a chain: the base game's kinds inline (``kind == "move"``), then one
``kind in <module>.ACTION_KINDS`` branch per Close Encounters system. A kind that two systems both
claim would silently go to the first branch (the second system's action would do the first one's
thing), so the chain is read from the source and checked here; and every kind the rules make legal
in play is one the chain dispatches.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import random
import textwrap
from collections import Counter

import pytest

from galaxis.games.space_empires import rules
from tests.games.space_empires.helpers import start


def _apply_branches() -> list[tuple[str, tuple[str, ...]]]:
    """(branch label, kinds) of each test in ``apply``'s if/elif chain on ``kind``, in order."""
    source = textwrap.dedent(inspect.getsource(rules.SpaceEmpires.apply))
    func = ast.parse(source).body[0]
    assert isinstance(func, ast.FunctionDef)
    chain = next(
        node
        for node in func.body
        if isinstance(node, ast.If)
        and isinstance(node.test, ast.Compare)
        and ast.unparse(node.test).startswith("kind ")
    )
    branches: list[tuple[str, tuple[str, ...]]] = []
    node: ast.stmt | None = chain
    while isinstance(node, ast.If):
        test = node.test
        assert isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == "kind"
        (op,), (right,) = test.ops, test.comparators
        if isinstance(op, ast.Eq) and isinstance(right, ast.Constant):
            branches.append((repr(right.value), (str(right.value),)))
        elif (
            isinstance(op, ast.In) and isinstance(right, ast.Attribute) and isinstance(right.value, ast.Name)
        ):
            module = importlib.import_module(f"galaxis.games.space_empires.{right.value.id}")
            branches.append((f"{right.value.id}.{right.attr}", tuple(getattr(module, right.attr))))
        elif isinstance(op, ast.In) and isinstance(right, ast.Tuple | ast.List | ast.Set):
            kinds = tuple(str(e.value) for e in right.elts if isinstance(e, ast.Constant))
            branches.append((ast.unparse(right), kinds))
        else:
            pytest.fail(f"apply's dispatch has a test this check cannot read: {ast.unparse(test)}")
        node = node.orelse[0] if len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If) else None
    return branches


def test_the_dispatch_chain_is_read_from_the_source() -> None:
    branches = _apply_branches()
    labels = [label for label, _ in branches]
    assert "'move'" in labels and "amoeba.ACTION_KINDS" in labels and "ground.ACTION_KINDS" in labels
    assert len(branches) > 40


def test_no_action_kind_is_claimed_by_two_branches() -> None:
    claims = Counter(kind for _, kinds in _apply_branches() for kind in set(kinds))
    twice = sorted(kind for kind, n in claims.items() if n > 1)
    owners = {k: [label for label, kinds in _apply_branches() if k in kinds] for k in twice}
    assert twice == [], f"action kinds dispatched by more than one branch of apply: {owners}"


@pytest.mark.parametrize(
    "options",
    [
        {},
        {
            "edition": "ce",
            "ground_combat": True,
            "experience": True,
            "boarding": True,
            "reaction_movement": True,
        },
        {"scenario": "planetary_gates"},
        {"scenario": "amoebas"},
        {"scenario": "ce_3p_2v1"},
        {"scenario": "quick_conquest_3p"},
        {"victory_points": "relics"},
        {"scenario": "coop_dm_2p"},
        {"scenario": "ce_4p_3v1", "research_centers": True},
    ],
    ids=["base", "ce_systems", "gates", "amoebas", "ea_2v1", "quick", "relics", "coop_dm", "teams_centers"],
)
def test_every_kind_made_legal_in_play_is_dispatched(options: dict[str, object]) -> None:
    players = {"ce_3p_2v1": 3, "quick_conquest_3p": 3, "ce_4p_3v1": 4}.get(str(options.get("scenario")), 2)
    dispatched = {kind for _, kinds in _apply_branches() for kind in kinds}
    m = start(players, seed=5, **options)
    rng = random.Random(5)
    seen: set[str] = set()
    for _ in range(1500):
        if m.is_over:
            break
        seat = m.to_move[0]
        legal = m.legal_actions(seat)
        seen.update(a.kind for a in legal)
        m.apply(seat, legal[rng.randrange(len(legal))])
    assert seen, "no legal action was seen"
    assert seen <= dispatched, f"legal kinds apply does not dispatch: {sorted(seen - dispatched)}"
