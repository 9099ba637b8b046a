"""Play a guitar tab: Karplus-Strong plucked strings with numpy, written as a WAV file.

A tab has six lines, the high E string on top and the low E at the bottom (standard
tuning E2 A2 D3 G3 B3 E4).  Each character column is one time step; a digit on a line is
the fret to pluck on that string at that step, anything else is silence.  Pure: numpy and
the standard library only.
"""

from __future__ import annotations

import wave

import numpy as np

from puzzlegui.core.validate import is_digits

SAMPLE_RATE = 22050
STEP_SECONDS = 0.28  # one tab column
RING_SECONDS = 1.6  # how long a plucked string is allowed to ring
# MIDI note numbers of the open strings, top line of the tab first (high E to low E)
OPEN_STRINGS = (64, 59, 55, 50, 45, 40)
STRING_NAMES = ("E4", "B3", "G3", "D3", "A2", "E2")


def frequency(midi: float) -> float:
    return 440.0 * 2.0 ** ((midi - 69) / 12.0)


def note_frequency(string: int, fret: int) -> float:
    """Frequency of ``fret`` on tab line ``string`` (0 = top line = high E)."""
    return frequency(OPEN_STRINGS[string] + fret)


def parse_tab(text: str) -> list:
    """The notes of a tab as (step, string, fret), in time order.

    Lines beyond six, and characters that are not ASCII digits (a symbol may be a
    superscript two, which int() refuses), are ignored; a tab shorter than six lines plays
    the strings it has."""
    lines = [ln for ln in text.split("\n")][:6]
    notes = []
    width = max((len(ln) for ln in lines), default=0)
    for step in range(width):
        for s, line in enumerate(lines):
            if step < len(line) and is_digits(line[step]):
                notes.append((step, s, int(line[step])))
    return notes


def tab_steps(text: str) -> int:
    return max((len(ln) for ln in text.split("\n")[:6]), default=0)


def pluck(freq: float, seconds: float = RING_SECONDS, rate: int = SAMPLE_RATE, seed: int = 0, decay: float = 0.996):
    """One plucked string by Karplus-Strong: a burst of noise fed back through a delay
    line of one period with a two-point average (the string's damping).

    The loop with averaging has a period of N + 1/2 samples for a delay of N, so N is
    rounded down and the note is then resampled by the small remaining ratio to land
    exactly on ``freq``.  The feedback runs one period at a time with numpy, since each
    block depends only on the block before it."""
    n_out = int(seconds * rate)
    period = rate / freq
    n = max(2, int(period - 0.5))
    actual = n + 0.5  # period the loop really produces, in samples
    ratio = actual / period  # > 1: the raw note is slightly flat, so play it faster
    n_raw = int(n_out * ratio) + 2
    rng = np.random.default_rng(seed)
    buf = np.empty(n_raw + n + 1)
    # the string's shape when released: pulled aside at a fifth of its length (a
    # triangle, whose harmonics fall as 1/k^2, so the fundamental leads), plus a little
    # noise for the pick's scratch
    x = np.arange(n + 1) / (n + 1)
    shape = np.where(x < 0.2, x / 0.2, (1.0 - x) / 0.8)
    burst = shape + 0.15 * rng.uniform(-1.0, 1.0, n + 1)
    buf[: n + 1] = burst - burst.mean()
    pos = n + 1
    while pos < n_raw + n + 1:
        end = min(pos + n, n_raw + n + 1)
        buf[pos:end] = decay * 0.5 * (buf[pos - n : end - n] + buf[pos - n - 1 : end - n - 1])
        pos = end
    raw = buf[n + 1 :]
    t = np.arange(n_out) * ratio
    out = np.interp(t, np.arange(len(raw)), raw)
    fade = min(len(out), int(0.02 * rate))
    if fade:
        out[-fade:] *= np.linspace(1.0, 0.0, fade)
    return out


def render(text: str, rate: int = SAMPLE_RATE, step_seconds: float = STEP_SECONDS, ring: float = RING_SECONDS):
    """The tab as mono float samples in [-1, 1]: every note starts at its column's time
    and rings for ``ring`` seconds, overlapping the notes after it."""
    steps = tab_steps(text)
    step = int(step_seconds * rate)
    length = steps * step + int(ring * rate)
    out = np.zeros(length)
    for k, (col, string, fret) in enumerate(parse_tab(text)):
        note = pluck(note_frequency(string, fret), ring, rate, seed=k)
        start = col * step
        out[start : start + len(note)] += note
    peak = np.max(np.abs(out)) if length else 0.0
    if peak > 0:
        out *= 0.85 / peak
    return out


def wav_bytes_to_file(samples, path, rate: int = SAMPLE_RATE) -> None:
    """Write mono samples in [-1, 1] as a 16-bit PCM WAV file (atomically, as every
    file the app writes)."""
    import io

    from puzzlegui.core.files import save_atomic

    pcm = np.clip(np.asarray(samples), -1.0, 1.0)
    data = (pcm * 32767.0).astype("<i2").tobytes()
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data)
    save_atomic(path, buffer.getvalue())


def write_wav(text: str, path, rate: int = SAMPLE_RATE, step_seconds: float = STEP_SECONDS) -> int:
    """Render the tab and write it to ``path``; returns the number of frames written."""
    samples = render(text, rate, step_seconds)
    wav_bytes_to_file(samples, path, rate)
    return len(samples)
