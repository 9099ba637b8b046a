"""Modules imported on first use, so a 3x3 solve in a new process never loads numpy.

``np = lazy.module("numpy", globals(), "np")`` binds a stand-in that imports the module
the first time one of its attributes is read and then puts the real module in its place
in the importing module's globals (so later reads cost nothing).

Pure: the standard library only.
"""

from __future__ import annotations

import importlib


class _Lazy:
    __slots__ = ("_name", "_namespace", "_alias")

    def __init__(self, name: str, namespace: dict, alias: str):
        self._name = name
        self._namespace = namespace
        self._alias = alias

    def __getattr__(self, attr):
        mod = importlib.import_module(self._name)
        self._namespace[self._alias] = mod
        return getattr(mod, attr)


def module(name: str, namespace: dict, alias: str):
    """A stand-in for ``import name as alias`` in the module whose globals are ``namespace``."""
    return _Lazy(name, namespace, alias)
