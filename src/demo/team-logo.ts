import { PNG } from 'pngjs';
import { seededPicker } from './ids.ts';

/**
 * A demo team's logo: a 96×96 PNG badge drawn from the team's name and tag, the same bytes on
 * every run (no clock, no randomness but the name's seed). A rounded square in a colour picked
 * from the name, a lighter racing stripe across its top-right corner, a chequered band along the
 * bottom, and the tag (up to three letters or digits) in white block letters in the middle.
 * It passes `checkLogoImage` (a real PNG) and is stored like an uploaded logo.
 */
export const TEAM_LOGO_SIZE = 96;

/** 5×7 block letters: one string per row, `#` a filled cell. */
const GLYPHS: Record<string, readonly string[]> = {
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  D: ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  G: ['.###.', '#...#', '#....', '#.###', '#...#', '#...#', '.####'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  I: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '#####'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  L: ['#....', '#....', '#....', '#....', '#....', '#....', '#####'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#'],
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  Q: ['.###.', '#...#', '#...#', '#...#', '#.#.#', '#..#.', '.##.#'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '#.#.#', '.#.#.'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  Z: ['#####', '....#', '...#.', '..#..', '.#...', '#....', '#####'],
  '0': ['.###.', '#...#', '#..##', '#.#.#', '##..#', '#...#', '.###.'],
  '1': ['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['####.', '....#', '....#', '.###.', '....#', '....#', '####.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['.###.', '#....', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '....#', '.###.'],
};

type Rgb = readonly [number, number, number];

/** HSL (h in degrees, s and l in 0..1) to 8-bit RGB. */
function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** The name's seed: FNV-1a over its UTF-16 code units. */
function seedOf(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The letters drawn: the tag's (else the name's initials), upper-cased, known glyphs, at most 3. */
export function logoLetters(name: string, tag: string | null): string {
  const source =
    tag ??
    name
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
      .split(' ')
      .map((w) => w[0])
      .join('');
  return [...source.toUpperCase()]
    .filter((c) => GLYPHS[c] !== undefined)
    .slice(0, 3)
    .join('');
}

export function demoTeamLogo(team: { name: string; tag: string | null }): Buffer {
  const size = TEAM_LOGO_SIZE;
  const pick = seededPicker(seedOf(team.name));
  const hue = pick.int(360);
  const base = hsl(hue, 0.62, 0.34);
  const stripe = hsl(hue, 0.7, 0.55);
  const white: Rgb = [255, 255, 255];
  const dark: Rgb = [24, 24, 27];
  const png = new PNG({ width: size, height: size, colorType: 6 });
  const put = (x: number, y: number, [r, g, b]: Rgb) => {
    const i = (y * size + x) * 4;
    png.data[i] = r;
    png.data[i + 1] = g;
    png.data[i + 2] = b;
    png.data[i + 3] = 255;
  };
  const radius = 16;
  const inside = (x: number, y: number) => {
    const cx = Math.min(Math.max(x, radius), size - 1 - radius);
    const cy = Math.min(Math.max(y, radius), size - 1 - radius);
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
  };
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!inside(x, y)) continue; // stays transparent (the buffer starts zeroed)
      const band = x - y;
      if (y >= 76 && y < 86) put(x, y, (Math.floor(x / 5) + Math.floor(y / 5)) % 2 ? white : dark);
      else if (band >= 38 && band < 54) put(x, y, stripe);
      else put(x, y, base);
    }
  }
  const letters = logoLetters(team.name, team.tag);
  const scale = 4;
  const gap = scale;
  const width = letters.length * 5 * scale + Math.max(0, letters.length - 1) * gap;
  const left = Math.floor((size - width) / 2);
  const top = 38 - Math.floor((7 * scale) / 2);
  [...letters].forEach((letter, n) => {
    const rows = GLYPHS[letter]!;
    rows.forEach((row, gy) => {
      [...row].forEach((cell, gx) => {
        if (cell !== '#') return;
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++)
            put(left + n * (5 * scale + gap) + gx * scale + dx, top + gy * scale + dy, white);
      });
    });
  });
  return PNG.sync.write(png, { colorType: 6 });
}
