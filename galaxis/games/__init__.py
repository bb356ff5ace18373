"""One package per game; each exposes ``GAME`` (see galaxis/core/registry.py).

``galaxis.games`` is both this package and the public function
``galaxis.games()`` of docs/architecture.md: once a game is imported Python binds
the subpackage to the name ``games`` on the ``galaxis`` package, so the
package itself is made callable and returns the registry's list.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from galaxis.core.game import GameInfo


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[GameInfo]:
        """Every registered game's ``GameInfo``."""
        from galaxis.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
