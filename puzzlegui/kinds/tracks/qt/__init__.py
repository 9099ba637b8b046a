"""The tracks kind's Qt side: its board widget and its editor (the engine beside this folder imports no Qt)."""
