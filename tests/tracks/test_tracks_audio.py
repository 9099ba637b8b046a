"""The tab player: note pitches by FFT, timing, and the WAV file."""

import wave

import numpy as np
import pytest
from tracks_helpers import SEED_MESSAGE

from puzzlegui.kinds.tracks import audio


def peak_frequency(samples, rate):
    n = 1 << 18
    spectrum = np.abs(np.fft.rfft(samples * np.hanning(len(samples)), n=n))
    freqs = np.fft.rfftfreq(n, 1.0 / rate)
    spectrum[freqs < 40] = 0
    return freqs[int(np.argmax(spectrum))]


@pytest.mark.parametrize("string", range(6))
@pytest.mark.parametrize("fret", [0, 2, 5, 7, 12])
def test_each_note_sounds_at_its_pitch(string, fret):
    f = audio.note_frequency(string, fret)
    note = audio.pluck(f, 1.0, seed=fret)
    assert abs(peak_frequency(note, audio.SAMPLE_RATE) - f) / f < 0.003  # under 5 cents


def test_standard_tuning_high_string_on_top():
    assert [round(audio.note_frequency(s, 0), 2) for s in range(6)] == [329.63, 246.94, 196.0, 146.83, 110.0, 82.41]
    assert round(audio.note_frequency(3, 7), 2) == 220.0  # the tab's first note: A3 on the D string


def test_parse_tab_reads_columns_as_time_steps():
    notes = audio.parse_tab(SEED_MESSAGE)
    assert notes[:5] == [(0, 3, 7), (1, 2, 5), (2, 1, 5), (3, 0, 5), (4, 0, 7)]
    assert (4, 3, 6) in notes  # two strings at once
    assert audio.tab_steps(SEED_MESSAGE) == 16
    assert len(notes) == 19  # 7 + 4 + 4 + 4 digits


def test_parse_tab_plays_only_ascii_digits():
    """A symbol may be any printable text: a superscript two passes str.isdigit but not
    int(), and once ended Play and Export WAV with a ValueError."""
    assert audio.parse_tab("1\u00b22\u0663\n-5") == [(0, 0, 1), (1, 1, 5), (2, 0, 2)]


def test_render_places_notes_in_time():
    rate, step = 8000, 0.25
    tab = "--5-\n----\n----\n----\n----\n----"
    samples = audio.render(tab, rate, step, ring=0.5)
    assert len(samples) == 4 * int(step * rate) + int(0.5 * rate)
    onset = 2 * int(step * rate)
    assert np.max(np.abs(samples[:onset])) == 0.0  # silence before the note's column
    tail = samples[onset : onset + int(0.4 * rate)]
    assert abs(peak_frequency(tail, rate) - audio.note_frequency(0, 5)) < 2.0
    assert np.max(np.abs(samples)) <= 1.0


def test_wav_file_header_and_length(tmp_path):
    path = tmp_path / "stairway.wav"
    frames = audio.write_wav(SEED_MESSAGE, path)
    expected = 16 * int(audio.STEP_SECONDS * audio.SAMPLE_RATE) + int(audio.RING_SECONDS * audio.SAMPLE_RATE)
    assert frames == expected
    with wave.open(str(path), "rb") as w:
        assert w.getnchannels() == 1
        assert w.getsampwidth() == 2
        assert w.getframerate() == audio.SAMPLE_RATE
        assert w.getnframes() == expected
        data = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2")
    assert path.read_bytes()[:4] == b"RIFF" and path.read_bytes()[8:12] == b"WAVE"
    assert path.stat().st_size == 44 + 2 * expected
    assert 20000 < np.max(np.abs(data)) <= 32767


def test_exported_wav_gets_the_umask_mode_and_is_written_atomically(tmp_path):
    import os
    import stat

    from puzzlegui.kinds.tracks import audio

    path = tmp_path / "tab.wav"
    old = os.umask(0o022)
    try:
        frames = audio.write_wav("e|--0--|", path)
    finally:
        os.umask(old)
    assert frames > 0 and path.read_bytes()[:4] == b"RIFF"
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert not list(tmp_path.glob(".*.tmp"))
