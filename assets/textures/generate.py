#!/usr/bin/env python3
"""Makes the game's textures: `python3 assets/textures/generate.py` rewrites every PNG here.

The textures are grey: the game tints them with each theme's colours, so one wood grain and one
felt serve every theme. Made from seeded value noise (no photographs, no third-party material);
the same script always makes the same files.
"""

import math
import os
import random
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def write_png(name, width, height, rows):
    """An 8-bit greyscale PNG from rows of values 0-255."""
    raw = b"".join(b"\x00" + bytes(row) for row in rows)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(os.path.join(HERE, name), "wb") as out:
        out.write(png)
    print(f"{name}: {width}x{height}, {len(png)} bytes")


class ValueNoise:
    """Smoothly interpolated random values on a grid that wraps, so the texture tiles."""

    def __init__(self, seed, cells_x, cells_y):
        rng = random.Random(seed)
        self.cells_x, self.cells_y = cells_x, cells_y
        self.values = [[rng.random() for _ in range(cells_x)] for _ in range(cells_y)]

    def at(self, x, y):
        """x and y in 0..1."""
        gx, gy = x * self.cells_x, y * self.cells_y
        x0, y0 = int(gx) % self.cells_x, int(gy) % self.cells_y
        x1, y1 = (x0 + 1) % self.cells_x, (y0 + 1) % self.cells_y
        fx, fy = gx - int(gx), gy - int(gy)
        fx, fy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
        top = self.values[y0][x0] * (1 - fx) + self.values[y0][x1] * fx
        bottom = self.values[y1][x0] * (1 - fx) + self.values[y1][x1] * fx
        return top * (1 - fy) + bottom * fy


def wood(size=256):
    """Wood grain running along the texture's width: bands of early and late wood, bent by
    low-frequency noise, with fine fibres."""
    bend = ValueNoise(11, 4, 6)
    fibres = ValueNoise(12, 64, 128)
    rows = []
    for j in range(size):
        y = j / size
        row = []
        for i in range(size):
            x = i / size
            ring = y * 18.0 + bend.at(x, y) * 1.4
            band = 0.5 + 0.5 * math.sin(ring * math.tau)
            late = band ** 3  # narrow dark late-wood lines
            fibre = fibres.at(x * 0.25, y)
            value = 0.86 - 0.26 * late - 0.10 * fibre
            row.append(max(0, min(255, round(value * 255))))
        rows.append(row)
    return rows


def felt(size=128):
    """Felt: fine, even fibre noise around light grey, so the board colour reads true."""
    coarse = ValueNoise(21, 8, 8)
    fine = ValueNoise(22, 64, 64)
    grain = random.Random(23)
    rows = []
    for _ in range(size):
        rows.append([0] * size)
    for j in range(size):
        for i in range(size):
            x, y = i / size, j / size
            value = 0.90 + 0.04 * (coarse.at(x, y) - 0.5) + 0.07 * (fine.at(x, y) - 0.5) + 0.05 * (grain.random() - 0.5)
            rows[j][i] = max(0, min(255, round(value * 255)))
    return rows


def main():
    write_png("wood.png", 256, 256, wood())
    write_png("felt.png", 128, 128, felt())


if __name__ == "__main__":
    main()
