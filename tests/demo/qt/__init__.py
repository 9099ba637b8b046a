"""The demo kind's board widget."""
