#!/usr/bin/env python3
"""Makes the game's icon: `python3 assets/icon/generate.py` rewrites every file here.

The icon is the start of a game seen from above: the four centre discs on the classic theme's
green felt, in a wooden frame with rounded corners. Desktops show it from 16 to 512 pixels, so each
size is drawn at that size (not shrunk from the largest): the small ones get relatively larger
discs, fewer details and lines no thinner than a pixel, so the discs still read as one black and
one white pair at 16 pixels. Edges are anti-aliased by 4x4 supersampling. The colours are the
game's own (src/theme: the classic board, line, frame and disc colours).

Writes icon-<N>.png (RGBA) for the Linux hicolor theme, reversi.ico (Windows: PNG entries) and
reversi.icns (macOS: PNG entries). Python 3 standard library only; the same script always makes
the same files.
"""

import math
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))

PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512]
ICO_SIZES = [16, 24, 32, 48, 64, 256]
# icns entry types holding PNG data, by size.
ICNS_TYPES = [(b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512)]

# The classic theme's colours (src/theme/mod.rs), sRGB 0-1.
FELT = (0.0, 0.40, 0.17)
GRID = (0.02, 0.06, 0.03)
WOOD = (0.36, 0.19, 0.08)
BLACK = (0.03, 0.03, 0.035)
WHITE = (0.93, 0.92, 0.88)

# Light comes from the top left (a unit vector in picture coordinates, y down).
LIGHT = (-0.6, -0.8)


def png_bytes(width, height, rows):
    """An 8-bit RGBA PNG (colour type 6) from rows of bytes, four per pixel."""
    raw = b"".join(b"\x00" + bytes(row) for row in rows)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def ico_bytes(pngs):
    """A Windows ICO whose entries are PNG images (Windows Vista and later read them)."""
    count = len(pngs)
    header = struct.pack("<HHH", 0, 1, count)
    entries, offset = b"", 6 + 16 * count
    for size, png in pngs:
        dim = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset)
        offset += len(png)
    return header + entries + b"".join(png for _, png in pngs)


def icns_bytes(entries):
    """A macOS icns file of (type, PNG data) entries."""
    body = b"".join(kind + struct.pack(">I", 8 + len(data)) + data for kind, data in entries)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as out:
        out.write(data)
    print(f"{name}: {len(data)} bytes")


def clamp(value, low=0.0, high=1.0):
    return low if value < low else high if value > high else value


def smoothstep(edge0, edge1, x):
    t = clamp((x - edge0) / (edge1 - edge0))
    return t * t * (3 - 2 * t)


def rounded_rect(x, y, left, top, right, bottom, radius):
    """Signed distance to a rounded rectangle: negative inside."""
    cx, cy = (left + right) / 2, (top + bottom) / 2
    qx = abs(x - cx) - (right - left) / 2 + radius
    qy = abs(y - cy) - (bottom - top) / 2 + radius
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def over(dst, colour, alpha):
    """Paints `colour` with coverage `alpha` over the premultiplied pixel `dst`."""
    if alpha <= 0.0:
        return dst
    keep = 1.0 - alpha
    return (
        colour[0] * alpha + dst[0] * keep,
        colour[1] * alpha + dst[1] * keep,
        colour[2] * alpha + dst[2] * keep,
        alpha + dst[3] * keep,
    )


def scaled(colour, factor):
    return (colour[0] * factor, colour[1] * factor, colour[2] * factor)


def mix(a, b, t):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


class Icon:
    """The picture at one size, in pixel coordinates (y down)."""

    def __init__(self, size):
        self.size = size
        small = clamp((size - 16) / 48)  # 0 at 16 px, 1 from 64 px up
        self.detail = size >= 48  # the board's shadow, the wood grain, the sheen on the discs
        # Small sizes keep their edges and lines on whole pixels, so they stay sharp.
        snap = size < 128
        margin = 0 if size <= 16 else max(1, round(size * 0.055))
        self.board = (margin, margin, size - margin, size - margin)
        self.radius = size * (0.11 + 0.03 * small)
        self.frame = max(1, round(size * 0.045)) if snap else size * 0.045
        f = margin + self.frame
        self.felt = (f, f, size - f, size - f)
        self.felt_radius = max(0.5, self.radius - self.frame)
        # The two centre rows and columns, with part of the next ones at the edges: a narrow part
        # at small sizes, so the discs stay large.
        edge = 0.15 + 0.20 * small
        width = size - 2 * f
        self.cell = width / (2 + 2 * edge)
        centre = size / 2
        half = round(self.cell / 2) if snap else self.cell / 2
        if size >= 32:
            lines = [centre - 2 * half, centre, centre + 2 * half]
            self.lines = [math.floor(line) + 0.5 for line in lines] if snap else lines
        else:
            self.lines = []  # at 16 and 24 pixels a grid is only noise
        self.line_width = max(1.0, size * 0.008)
        self.line_alpha = 0.45 if size >= 64 else 0.35
        self.disc_radius = self.cell * (0.46 - 0.04 * small)
        # The start position: d4 and e5 white, d5 and e4 black (a1 at the top left).
        self.discs = [
            (centre - half, centre - half, WHITE),
            (centre + half, centre - half, BLACK),
            (centre - half, centre + half, BLACK),
            (centre + half, centre + half, WHITE),
        ]
        self.bevel = max(self.disc_radius * 0.16, 0.9)
        self.shadow_offset = (self.disc_radius * 0.07, self.disc_radius * 0.11)
        self.shadow_blur = max(0.8, self.disc_radius * 0.12)
        self.shadow_alpha = 0.55 if self.detail else 0.3

    def sample(self, x, y):
        """The premultiplied colour at a point, and the distance to the nearest hard edge there
        (where one sample for the whole pixel is not enough)."""
        size = self.size
        pixel = (0.0, 0.0, 0.0, 0.0)
        near = 1e9

        board = rounded_rect(x, y, *self.board, self.radius)
        near = min(near, abs(board))
        if self.detail:
            # A soft shadow below the board, inside the margin.
            drop = rounded_rect(x, y - size * 0.012, *self.board, self.radius)
            pixel = over(pixel, (0.0, 0.0, 0.0), 0.35 * (1 - smoothstep(-size * 0.01, size * 0.025, drop)))
        if board < 0:
            # The wooden frame: lit from above, with a faint grain along its length.
            light = 1.18 - 0.40 * (y / size)
            if self.detail:
                grain = math.sin(y * 0.9 / size * 60 + 2.0 * math.sin(x / size * 7.0)) * 0.5 + 0.5
                light *= 0.93 + 0.10 * grain ** 3
            # A bevel on the outer edge: bright facing the light, dark away from it.
            inside = -board
            if inside < self.frame * 0.45:
                nx, ny = self._outward(x, y)
                facing = nx * LIGHT[0] + ny * LIGHT[1]
                light *= 1.0 + 0.35 * facing * (1 - inside / (self.frame * 0.45))
            pixel = over(pixel, scaled(WOOD, light), 1.0)

            felt = rounded_rect(x, y, *self.felt, self.felt_radius)
            near = min(near, abs(felt))
            if felt < 0:
                pixel = over(pixel, self._felt(x, y, -felt), 1.0)
                for line in self.lines:
                    for d in (abs(x - line), abs(y - line)):
                        edge = d - self.line_width / 2
                        near = min(near, abs(edge))
                        if edge < 0:
                            pixel = over(pixel, GRID, self.line_alpha)
                for cx, cy, _ in self.discs:
                    # The disc's shadow on the felt.
                    sx, sy = self.shadow_offset
                    d = math.hypot(x - cx - sx, y - cy - sy) - self.disc_radius
                    shadow = self.shadow_alpha * (1 - smoothstep(-self.shadow_blur, self.shadow_blur, d))
                    pixel = over(pixel, (0.0, 0.02, 0.0), shadow)
                for cx, cy, colour in self.discs:
                    d = math.hypot(x - cx, y - cy) - self.disc_radius
                    near = min(near, abs(d))
                    if d < 0:
                        pixel = over(pixel, self._disc(x - cx, y - cy, -d, colour), 1.0)
        return pixel, near

    def _outward(self, x, y):
        """The board's outward direction at a point near its edge."""
        left, top, right, bottom = self.board
        r = self.radius
        cx = clamp(x, left + r, right - r)
        cy = clamp(y, top + r, bottom - r)
        dx, dy = x - cx, y - cy
        if dx == 0 and dy == 0:
            # On a straight side: the nearest side's normal.
            distances = [(x - left, (-1, 0)), (right - x, (1, 0)), (y - top, (0, -1)), (bottom - y, (0, 1))]
            return min(distances)[1]
        length = math.hypot(dx, dy)
        return dx / length, dy / length

    def _felt(self, x, y, inside):
        """The felt: brightest a little above the centre, darker towards the frame, with the
        frame's shadow along its top and left edges."""
        size = self.size
        u, v = x / size - 0.5, y / size - 0.42
        light = 1.12 - 0.55 * (u * u + v * v)
        reach = size * 0.03
        if self.detail and inside < reach:
            t = 1 - inside / reach
            left, top, right, bottom = self.felt
            # Deeper on the sides facing away from the light (top and left).
            side = 0.25 if min(x - left, y - top) < min(right - x, bottom - y) else 0.12
            light *= 1 - side * t * t
        return scaled(FELT, light)

    def _disc(self, dx, dy, inside, colour):
        """A disc from above: a rounded edge (the bevel) lit from the top left around a flat face
        with a gentle gradient and, at larger sizes, a soft sheen."""
        r = self.disc_radius
        length = math.hypot(dx, dy) or 1.0
        facing = (dx * LIGHT[0] + dy * LIGHT[1]) / length  # 1 on the side towards the light
        along = (dx * LIGHT[0] + dy * LIGHT[1]) / r  # the same, from -1 to 1 across the disc
        black = colour is BLACK
        if inside < self.bevel:
            t = inside / self.bevel  # 0 at the rim, 1 at the face
            lit = clamp(facing * 0.5 + 0.5)
            if black:
                rim = mix((0.05, 0.05, 0.06), (0.42, 0.43, 0.45), lit**1.5)
            else:
                rim = mix((0.55, 0.55, 0.52), (0.99, 0.99, 0.97), lit**0.8)
            face = self._face(along, black)
            return mix(rim, face, smoothstep(0.35, 1.0, t))
        return self._face(along, black, dx / r, dy / r)

    def _face(self, along, black, u=None, v=None):
        if black:
            base = mix((0.02, 0.02, 0.025), (0.14, 0.14, 0.15), clamp(along * 0.5 + 0.5) ** 2)
        else:
            base = mix((0.80, 0.79, 0.75), WHITE, clamp(along * 0.5 + 0.5) ** 0.8)
            base = mix(base, (1.0, 1.0, 0.99), 0.35 * clamp(along) ** 2)
        if u is not None and self.detail:
            # A soft sheen towards the light.
            d = math.hypot(u + 0.30, v + 0.36)
            sheen = (1 - smoothstep(0.0, 0.42, d)) * (0.16 if black else 0.25)
            base = mix(base, (1.0, 1.0, 1.0), sheen)
        return base


def render(size, samples=4):
    icon = Icon(size)
    step = 1.0 / samples
    threshold = 1.0  # pixels: nearer than this to a hard edge, the pixel is supersampled
    rows = []
    for j in range(size):
        row = bytearray()
        for i in range(size):
            pixel, near = icon.sample(i + 0.5, j + 0.5)
            if near < threshold:
                total = [0.0, 0.0, 0.0, 0.0]
                for sj in range(samples):
                    for si in range(samples):
                        p, _ = icon.sample(i + (si + 0.5) * step, j + (sj + 0.5) * step)
                        for k in range(4):
                            total[k] += p[k]
                pixel = [value / (samples * samples) for value in total]
            alpha = pixel[3]
            if alpha <= 0.0:
                row += b"\x00\x00\x00\x00"
                continue
            row += bytes(round(clamp(pixel[k] / alpha) * 255) for k in range(3))
            row.append(round(clamp(alpha) * 255))
        rows.append(row)
    return png_bytes(size, size, rows)


def main():
    pngs = {}
    for size in PNG_SIZES:
        pngs[size] = render(size)
        write(f"icon-{size}.png", pngs[size])
    write("reversi.ico", ico_bytes([(size, pngs[size]) for size in ICO_SIZES]))
    write("reversi.icns", icns_bytes([(kind, pngs[size]) for kind, size in ICNS_TYPES]))


if __name__ == "__main__":
    main()
