#!/usr/bin/env python3
"""Makes the game's sound effects: `python3 assets/sounds/generate.py` rewrites every WAV here.

Each sound is synthesised from sine waves, deterministic noise and envelopes (no recordings, no
third-party material), then written as 16-bit mono PCM at 44.1 kHz. The same script always makes
the same files.
"""

import math
import os
import struct
import wave

RATE = 44_100
TAU = 2.0 * math.pi
HERE = os.path.dirname(os.path.abspath(__file__))


def samples(duration):
    return range(int(duration * RATE))


class Noise:
    """xorshift32: the same noise on every run."""

    def __init__(self, seed):
        self.state = seed

    def next(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x / 0xFFFFFFFF * 2.0 - 1.0


def knock():
    """A disc put down on wood: a low body whose pitch falls quickly, a short hollow resonance
    and a burst of dull noise for the contact."""
    noise, dull, phase, out = Noise(0x2545F491), 0.0, 0.0, []
    for i in samples(0.14):
        t = i / RATE
        phase += TAU * (170.0 + 230.0 * math.exp(-t * 55.0)) / RATE
        body = math.sin(phase) * math.exp(-t * 36.0)
        hollow = math.sin(TAU * 760.0 * t) * math.exp(-t * 85.0) * 0.45
        # A one-pole low-pass: the contact noise of wood is dull, not hissy.
        dull += (noise.next() - dull) * 0.18
        out.append(body + hollow + dull * math.exp(-t * 320.0) * 1.6)
    return out


def tick(t):
    """One disc turning: a short bright tick."""
    return (math.sin(TAU * 2300.0 * t) * math.exp(-t * 100.0)
            + math.sin(TAU * 3450.0 * t) * math.exp(-t * 150.0) * 0.35)


def flips():
    """A cascade of discs turning: ticks a little apart, each a little softer and higher, with
    high noise for the edges of the discs brushing the board."""
    noise, previous, out = Noise(0x9E3779B9), 0.0, []
    starts = [0.0, 0.045, 0.085, 0.12]
    for i in samples(0.2):
        t = i / RATE
        white = noise.next()
        bright = (white - previous) * 0.5
        previous = white
        value = 0.0
        for n, start in enumerate(starts):
            if t >= start:
                local = t - start
                value += (tick(local * (1.0 + 0.06 * n)) + bright * math.exp(-local * 700.0) * 0.4) * 0.8 ** n
        out.append(value)
    return out


def blips(notes, length, harmonics):
    """Notes of a soft square wave: (start, frequency) each lasting `length` seconds."""
    end = max(start for start, _ in notes) + length
    out = []
    for i in samples(end + 0.01):
        t = i / RATE
        value = 0.0
        for start, freq in notes:
            local = t - start
            if 0.0 <= local < length:
                envelope = min(local / 0.006, 1.0) * min((length - local) / 0.03, 1.0)
                value += envelope * sum(math.sin(TAU * freq * k * local) / k for k in harmonics)
        out.append(value)
    return out


def bells(notes, duration, decay=4.5):
    """Bell-like notes, each ringing on: (start, frequency)."""
    out = []
    for i in samples(duration):
        t = i / RATE
        value = 0.0
        for start, freq in notes:
            local = t - start
            if local >= 0.0:
                envelope = min(local / 0.004, 1.0) * math.exp(-local * decay)
                value += envelope * (math.sin(TAU * freq * local)
                                     + math.sin(TAU * 2 * freq * local) * 0.22 * math.exp(-local * 6.0)
                                     + math.sin(TAU * 3 * freq * local) * 0.07 * math.exp(-local * 9.0))
        out.append(value)
    return out


def whoosh():
    """A pass: a soft breath of filtered noise rising and falling, then two quiet low notes."""
    noise, low, out = Noise(0x1B873593), 0.0, []
    for i in samples(0.45):
        t = i / RATE
        low += (noise.next() - low) * 0.05
        breath = low * math.sin(math.pi * min(t / 0.3, 1.0)) * 2.5
        out.append(breath)
    notes = bells([(0.12, 392.0), (0.24, 293.66)], 0.45, decay=9.0)
    return [a + b * 0.35 for a, b in zip(out, notes)]


SOUNDS = {
    # name: (samples, loudness as a share of full scale)
    "place": (knock, 0.70),
    "flip": (flips, 0.38),
    "illegal": (lambda: blips([(0.0, 150.0), (0.14, 112.0)], 0.11, [1, 3, 5, 7]), 0.45),
    "pass": (whoosh, 0.40),
    # C major rising: a win.
    "won": (lambda: bells([(0.0, 523.25), (0.11, 659.25), (0.22, 783.99), (0.33, 1046.50)], 0.95), 0.55),
    # C minor falling: a loss.
    "lost": (lambda: bells([(0.0, 783.99), (0.14, 622.25), (0.28, 523.25), (0.42, 392.0)], 1.0), 0.5),
    # The same note twice, then its fifth together: a draw.
    "drawn": (lambda: bells([(0.0, 587.33), (0.16, 587.33), (0.32, 587.33), (0.32, 880.0)], 0.95), 0.5),
    # Two short high beeps: a clock under ten seconds.
    "clock-low": (lambda: blips([(0.0, 1318.5), (0.12, 1318.5)], 0.06, [1, 3]), 0.35),
}


def to_pcm(raw, peak):
    """Fades the ends (no click at start or stop) and scales the loudest sample to `peak`."""
    fade_in, fade_out = min(int(0.002 * RATE), len(raw)), min(int(0.012 * RATE), len(raw))
    raw = list(raw)
    for i in range(fade_in):
        raw[i] *= i / fade_in
    for i in range(fade_out):
        raw[len(raw) - fade_out + i] *= 1.0 - (i + 1) / fade_out
    loudest = max(abs(x) for x in raw) or 1.0
    return [round(x * peak / loudest * 32767) for x in raw]


def main():
    for name, (make, peak) in SOUNDS.items():
        pcm = to_pcm(make(), peak)
        with wave.open(os.path.join(HERE, f"{name}.wav"), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            out.writeframes(struct.pack(f"<{len(pcm)}h", *pcm))
        print(f"{name}.wav: {len(pcm) / RATE:.2f} s")


if __name__ == "__main__":
    main()
