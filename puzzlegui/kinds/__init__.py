"""One package per puzzle kind: engine modules are pure, ``widget.py`` is the Qt board."""
