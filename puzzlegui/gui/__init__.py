"""The Qt front end: the window, the library, the solver panel, the worker thread.

Everything here shows what the pure modules (core/, the kinds' engines) decide."""
