"""How far apart two colours look, to everyone: colour-vision simulation, CIELAB,
CIEDE2000 and the WCAG contrast ratio, in numpy only (no Qt), so the palettes in
qtkit/theme.py can be measured by a figure rather than by eye.

The simulations are Machado, Oliveira and Fernandes's ("A Physiologically-based Model for
Simulation of Color Vision Deficiency", IEEE TVCG 2009) at severity 1.0: protanopia and
deuteranopia (the red-green deficiencies, about 1 man in 12) and tritanopia (blue-yellow,
rare).  Their matrices act on linear RGB, so a colour is linearised, multiplied, clipped
and encoded back to sRGB.  A distance is CIEDE2000 (Sharma, Wu and Dalal 2005): about 1 is
the smallest difference one can see side by side, 20 and more reads as another colour at
a glance, across a board.
"""

from __future__ import annotations

import numpy as np

#: Machado et al. 2009, severity 1.0, for linear RGB
MACHADO = {
    "protanopia": np.array(
        [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
    ),
    "deuteranopia": np.array(
        [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
    ),
    "tritanopia": np.array(
        [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]
    ),
}
#: every eye a palette is measured for: normal vision first
VISIONS = ("normal", *MACHADO)

_XYZ = np.array([[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041]])
_WHITE = np.array([0.95047, 1.0, 1.08883])  # D65


def rgb(colour: str) -> np.ndarray:
    """``"#rrggbb"`` as three floats from 0 to 1."""
    text = colour.strip().lstrip("#")
    if len(text) != 6:
        raise ValueError(f"{colour!r} is not a #rrggbb colour.")
    return np.array([int(text[i : i + 2], 16) for i in (0, 2, 4)], dtype=float) / 255.0


def linear(srgb: np.ndarray) -> np.ndarray:
    srgb = np.asarray(srgb, dtype=float)
    return np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)


def encoded(lin: np.ndarray) -> np.ndarray:
    lin = np.clip(lin, 0.0, 1.0)
    return np.where(lin <= 0.0031308, lin * 12.92, 1.055 * lin ** (1 / 2.4) - 0.055)


def simulate(srgb: np.ndarray, vision: str) -> np.ndarray:
    """``srgb`` (floats 0-1, any shape ending in 3: one colour or a whole picture) as an
    eye with ``vision`` sees it; "normal" gives it back."""
    srgb = np.asarray(srgb, dtype=float)
    if vision == "normal":
        return srgb
    return encoded(linear(srgb) @ MACHADO[vision].T)


def lab(srgb: np.ndarray) -> np.ndarray:
    """sRGB (0-1, shape ...x3) to CIELAB under D65."""
    xyz = (linear(srgb) @ _XYZ.T) / _WHITE
    f = np.where(xyz > 216 / 24389, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def ciede2000(lab1: np.ndarray, lab2: np.ndarray) -> np.ndarray:
    """The CIEDE2000 colour difference of two CIELAB colours (or arrays of them), with
    kL = kC = kH = 1."""
    L1, a1, b1 = np.moveaxis(np.asarray(lab1, dtype=float), -1, 0)
    L2, a2, b2 = np.moveaxis(np.asarray(lab2, dtype=float), -1, 0)
    c_mean = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_mean**7 / (c_mean**7 + 25.0**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dL = L2 - L1
    dC = c2p - c1p
    chroma = c1p * c2p
    dh = h2p - h1p
    dh = np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh))
    dh = np.where(chroma == 0, 0.0, dh)
    dH = 2 * np.sqrt(chroma) * np.sin(np.radians(dh / 2))
    L_mean = (L1 + L2) / 2
    cp_mean = (c1p + c2p) / 2
    h_sum = h1p + h2p
    h_mean = np.where(np.abs(h1p - h2p) > 180, np.where(h_sum < 360, h_sum + 360, h_sum - 360), h_sum) / 2
    h_mean = np.where(chroma == 0, h_sum, h_mean)
    t = (
        1
        - 0.17 * np.cos(np.radians(h_mean - 30))
        + 0.24 * np.cos(np.radians(2 * h_mean))
        + 0.32 * np.cos(np.radians(3 * h_mean + 6))
        - 0.20 * np.cos(np.radians(4 * h_mean - 63))
    )
    s_l = 1 + 0.015 * (L_mean - 50) ** 2 / np.sqrt(20 + (L_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_c = 2 * np.sqrt(cp_mean**7 / (cp_mean**7 + 25.0**7))
    r_t = -np.sin(np.radians(60 * np.exp(-(((h_mean - 275) / 25) ** 2)))) * r_c
    return np.sqrt(
        (dL / s_l) ** 2 + (dC / s_c) ** 2 + (dH / s_h) ** 2 + r_t * (dC / s_c) * (dH / s_h)
    )


def distance(a: str, b: str, vision: str = "normal") -> float:
    """CIEDE2000 between two ``#rrggbb`` colours as an eye with ``vision`` sees them."""
    return float(ciede2000(lab(simulate(rgb(a), vision)), lab(simulate(rgb(b), vision))))


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance."""
    return float(linear(rgb(colour)) @ np.array([0.2126, 0.7152, 0.0722]))


def contrast(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two colours, from 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
