"""The Qt front end: the window, the library, the solver panel, the jobs door (jobs/).

Everything here shows what the pure modules (core/, the kinds' engines) decide."""
