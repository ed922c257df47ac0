import sharp from 'sharp';
import type { DatabaseHandle } from '../../../platform/db/connect.ts';
import { writeShareSettings } from '../../share/server/share-settings-store.ts';
import type { ShareSettings } from '../../share/share-settings.ts';
import { writeSiteSettings } from '../../site/server/site-settings-store.ts';
import type { PostInput } from '../post-input.ts';
import { storeImage } from './media.ts';
import { savePost } from './save-post.ts';

/**
 * Demo content for a fresh site: a small personal blog ("Field Notes") with posts, pages, a
 * menu and illustrations drawn locally from SVG, so a new install has something real to show.
 */

// ---------------------------------------------------------------------------------------------
// Illustrations
// ---------------------------------------------------------------------------------------------

type Rng = () => number;
type Point = [number, number];
type Palette = { sky: [string, string]; sun: string; layers: string[]; accent: string };
type Scene = 'hills' | 'forest' | 'mountains' | 'sea' | 'table' | 'pattern';
type ImageSpec = {
  key: string;
  scene: Scene | 'icon';
  palette: number;
  size: 'cover' | 'inline' | 'icon';
  alt: string;
};

const palettes: Palette[] = [
  // 0 dawn peach
  {
    sky: ['#fbd9b0', '#f4a68c'],
    sun: '#fff4d8',
    layers: ['#e48e7b', '#c06a6e', '#8d4d63', '#553650'],
    accent: '#fde9c9',
  },
  // 1 alpine blue
  {
    sky: ['#9fd0e8', '#eaf6f7'],
    sun: '#fffbe8',
    layers: ['#a9c8d8', '#6f9fb8', '#44738c', '#27485a'],
    accent: '#ffffff',
  },
  // 2 meadow green
  {
    sky: ['#f7f0d3', '#d9ebc3'],
    sun: '#f5c04e',
    layers: ['#b6d39b', '#84b276', '#578c5a', '#315b42'],
    accent: '#f4e3a0',
  },
  // 3 dusk violet
  {
    sky: ['#2e2a50', '#c0698a'],
    sun: '#ffd27a',
    layers: ['#7d4b7b', '#5b3a66', '#3c2b52', '#211b37'],
    accent: '#ffe6b0',
  },
  // 4 sea teal
  {
    sky: ['#fae5c9', '#a9d9d0'],
    sun: '#ffb26a',
    layers: ['#62b2a9', '#2f8a8a', '#1d6470', '#123f4f'],
    accent: '#fff3e0',
  },
  // 5 autumn rust
  {
    sky: ['#f5dec2', '#eab884'],
    sun: '#fff2d2',
    layers: ['#d58b50', '#b0643a', '#7f4630', '#4a2c24'],
    accent: '#f7e7cf',
  },
  // 6 fog grey
  {
    sky: ['#e6e9ec', '#c6cfd5'],
    sun: '#f7f2e8',
    layers: ['#a9b5bd', '#85949f', '#627480', '#3d4d59'],
    accent: '#ffffff',
  },
  // 7 citrus
  {
    sky: ['#fff3c4', '#ffd3a6'],
    sun: '#ff8a5c',
    layers: ['#f3b04b', '#e07b39', '#b8523a', '#6e3b3b'],
    accent: '#2f4858',
  },
];

const W = 1600;
const H = 1000;
const n = (value: number) => value.toFixed(1);

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
function seeded(seed: number): Rng {
  let state = Math.imul(seed + 1, 0x9e3779b1) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, low: number, high: number) => low + rng() * (high - low);
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

function gradient(id: string, from: string, to: string): string {
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`
  );
}

/** A smooth ridge line: the sum of three sine waves of random phase. */
function ridge(rng: Rng, base: number, amplitude: number): Point[] {
  const waves = [1, 2, 3].map((k) => ({
    freq: (k * between(rng, 0.6, 1.6) * Math.PI * 2) / W,
    phase: rng() * Math.PI * 2,
    amp: (amplitude / k) * between(rng, 0.5, 1),
  }));
  const points: Point[] = [];
  for (let x = -20; x <= W + 20; x += 20) {
    const y = waves.reduce((sum, w) => sum + w.amp * Math.sin(x * w.freq + w.phase), base);
    points.push([x, y]);
  }
  return points;
}

/** A jagged line of peaks and saddles. */
function peaks(rng: Rng, base: number, height: number): Point[] {
  const points: Point[] = [];
  let up = rng() < 0.5;
  for (let x = -60; x < W + 60; x += between(rng, 70, 220)) {
    points.push([x, base - (up ? height * between(rng, 0.55, 1) : height * rng() * 0.35)]);
    up = !up;
  }
  points.push([W + 60, base - height * rng() * 0.4]);
  return points;
}

function areaUnder(points: Point[], fill: string, extra = ''): string {
  const line = points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`).join('');
  return `<path d="${line}L${W + 60} ${H + 10}L-60 ${H + 10}Z" fill="${fill}"${extra}/>`;
}

function heightAt(points: Point[], x: number): number {
  const i = points.findIndex(([px]) => px >= x);
  const [x1, y1] = points[Math.max(0, i)] ?? [x, H];
  const [x0, y0] = points[Math.max(0, i - 1)] ?? [x1, y1];
  return x1 === x0 ? y1 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

function circle(x: number, y: number, r: number, fill: string, opacity = 1): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}" opacity="${n(opacity)}"/>`;
}

function sun(rng: Rng, p: Palette, x: number, y: number, r: number): string {
  return (
    circle(x, y, r * 2.1, p.sun, 0.12) +
    circle(x, y, r * 1.45, p.sun, 0.2) +
    circle(x, y, r, p.sun, between(rng, 0.85, 1))
  );
}

function clouds(rng: Rng, colour: string, count: number, top: number, bottom: number): string {
  let out = '';
  for (let c = 0; c < count; c++) {
    const cx = between(rng, 0, W);
    const cy = between(rng, top, bottom);
    const size = between(rng, 50, 110);
    out += `<g fill="${colour}" opacity="${n(between(rng, 0.35, 0.6))}">`;
    for (let puff = 0; puff < 4; puff++) {
      const px = cx + (puff - 1.5) * size * 0.8;
      const py = cy - (puff === 1 || puff === 2 ? size * 0.35 : 0);
      out += `<ellipse cx="${n(px)}" cy="${n(py)}" rx="${n(size)}" ry="${n(size * 0.45)}"/>`;
    }
    out += '</g>';
  }
  return out;
}

function birds(rng: Rng, colour: string): string {
  let out = `<g fill="none" stroke="${colour}" stroke-width="4" stroke-linecap="round">`;
  const x0 = between(rng, 200, W - 400);
  const y0 = between(rng, 150, 320);
  for (let b = 0; b < 3 + Math.floor(rng() * 3); b++) {
    const x = x0 + b * between(rng, 40, 90);
    const y = y0 + between(rng, -40, 40);
    const s = between(rng, 10, 18);
    out += `<path d="M${n(x)} ${n(y)}q${n(s)} ${n(-s * 0.7)} ${n(s * 2)} 0`;
    out += `q${n(s)} ${n(-s * 0.7)} ${n(s * 2)} 0"/>`;
  }
  return `${out}</g>`;
}

function tree(x: number, y: number, height: number, fill: string): string {
  const w = height * 0.32;
  const outline = `M${n(x)} ${n(y - height)}L${n(x + w)} ${n(y + 4)}L${n(x - w)} ${n(y + 4)}Z`;
  return `<path d="${outline}" fill="${fill}"/>`;
}

function landscape(rng: Rng, p: Palette, kind: 'hills' | 'forest' | 'mountains'): string {
  let out = `<defs>${gradient('sky', p.sky[0], p.sky[1])}</defs>`;
  out += `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  out += sun(rng, p, between(rng, 250, W - 250), between(rng, 170, 380), between(rng, 70, 120));
  out += clouds(rng, '#ffffff', 2 + Math.floor(rng() * 3), 90, 360);
  p.layers.forEach((colour, i) => {
    const base = H * (0.48 + i * 0.13) + between(rng, -25, 25);
    const jagged = kind === 'mountains' && i < 2;
    const points = jagged ? peaks(rng, base + 40, 300 - i * 90) : ridge(rng, base, 70 - i * 10);
    out += areaUnder(points, colour);
    if (jagged && i === 0) {
      // Snow on the far peaks: everything above a wavy snow line, clipped to the range.
      const snow = ridge(rng, base + 40 - 300 * between(rng, 0.6, 0.7), 14);
      const line = snow.map(([x, y], k) => `${k === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`).join('');
      out += `<clipPath id="range">${areaUnder(points, '#000')}</clipPath>`;
      out += `<path d="${line}L${W + 60} -10L-60 -10Z" fill="#ffffff" opacity="0.85"`;
      out += ' clip-path="url(#range)"/>';
    }
    if (kind === 'forest' && i >= 1) {
      const step = 46 - i * 6;
      for (let x = between(rng, 0, step); x < W; x += step * between(rng, 0.6, 1.8)) {
        if (rng() < 0.35) continue;
        out += tree(x, heightAt(points, x), between(rng, 40, 70) + i * 22, colour);
      }
    }
    if (i < p.layers.length - 1) {
      out += `<rect width="${W}" height="${H}" fill="${p.sky[1]}" opacity="0.1"/>`;
    }
  });
  if (rng() < 0.7) out += birds(rng, p.layers[3] ?? '#333');
  return out;
}

function seascape(rng: Rng, p: Palette): string {
  const horizon = H * between(rng, 0.52, 0.62);
  const sunX = between(rng, 300, W - 300);
  const sunR = between(rng, 60, 100);
  let out = '<defs>';
  out += gradient('sky', p.sky[0], p.sky[1]);
  out += gradient('sea', p.layers[1] ?? p.sky[1], p.layers[3] ?? p.sky[0]);
  out += '</defs>';
  out += `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  out += sun(rng, p, sunX, horizon - sunR * between(rng, 0.4, 2.5), sunR);
  out += clouds(rng, '#ffffff', 2 + Math.floor(rng() * 2), 80, horizon - 200);
  // A headland on one side of the bay.
  const left = rng() < 0.5;
  const x0 = left ? -40 : W * between(rng, 0.62, 0.75);
  const x1 = left ? W * between(rng, 0.25, 0.38) : W + 40;
  const height = between(rng, 60, 130);
  let land = `M${n(x0)} ${n(horizon)}`;
  for (let x = x0; x <= x1; x += 20) {
    const t = (x - x0) / (x1 - x0);
    const shape = Math.sin(Math.PI * (left ? 0.5 + t / 2 : t / 2)) ** 0.6;
    land += `L${n(x)} ${n(horizon - height * shape - 8 * Math.sin(x / 37))}`;
  }
  out += `<path d="${land}L${n(x1)} ${n(horizon)}Z" fill="${p.layers[2]}" opacity="0.85"/>`;
  out += `<rect y="${n(horizon)}" width="${W}" height="${n(H - horizon)}" fill="url(#sea)"/>`;
  // The sun's path on the water.
  for (let k = 0; k < 14; k++) {
    const y = horizon + 10 + k * (14 + k * 3);
    const width = sunR * between(rng, 0.6, 1.6) * (1 + k * 0.12);
    const opacity = 0.55 * (1 - k / 14);
    out += `<rect x="${n(sunX - width / 2)}" y="${n(y)}" width="${n(width)}"`;
    out += ` height="${n(4 + k * 0.6)}" rx="3" fill="${p.sun}" opacity="${n(opacity)}"/>`;
  }
  out += `<g stroke="${p.accent}" stroke-linecap="round" fill="none">`;
  for (let w = 0; w < 46; w++) {
    const depth = rng();
    const y = horizon + 20 + depth * depth * (H - horizon - 20);
    const x = between(rng, -50, W);
    const length = 30 + depth * 160;
    out += `<path d="M${n(x)} ${n(y)}q${n(length / 2)} ${n(-6 - depth * 10)} ${n(length)} 0"`;
    out += ` stroke-width="${n(2 + depth * 4)}" opacity="${n(0.15 + depth * 0.25)}"/>`;
  }
  out += '</g>';
  if (rng() < 0.6) {
    const bx = between(rng, 200, W - 200);
    const by = horizon + 6;
    const hull = p.layers[3] ?? '#222';
    out += `<path d="M${n(bx - 26)} ${n(by - 8)}h52l-9 9h-34z" fill="${hull}"/>`;
    out += `<path d="M${n(bx)} ${n(by - 10)}v-46l24 40z" fill="${p.accent}"/>`;
  }
  return out;
}

/** Somewhere inside a circle, uniformly. */
function inCircle(rng: Rng, cx: number, cy: number, r: number): Point {
  const angle = rng() * Math.PI * 2;
  const distance = Math.sqrt(rng()) * r;
  return [cx + Math.cos(angle) * distance, cy + Math.sin(angle) * distance];
}

/** A bowl of noodles, herbs and eggs on a striped cloth, seen from above. */
function table(rng: Rng, p: Palette): string {
  let out = `<rect width="${W}" height="${H}" fill="${p.sky[0]}"/>`;
  for (let x = 60; x < W; x += 220) {
    out += `<rect x="${x}" width="70" height="${H}" fill="${p.sky[1]}" opacity="0.55"/>`;
    out += `<rect x="${x + 90}" width="10" height="${H}" fill="${p.sky[1]}" opacity="0.55"/>`;
  }
  const cx = W * between(rng, 0.4, 0.58);
  const cy = H * between(rng, 0.46, 0.54);
  const r = between(rng, 300, 340);
  // Two side dishes, heaped with spice or rice.
  for (const [sx, sy] of [
    [cx - r - 260, cy + between(rng, -220, 220)],
    [cx + r + 250, cy + between(rng, -240, 200)],
  ] as Point[]) {
    const sr = between(rng, 95, 125);
    out += `<circle cx="${n(sx + 12)}" cy="${n(sy + 16)}" r="${n(sr)}" fill="#000" opacity="0.1"/>`;
    out += `<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(sr)}" fill="${p.layers[3]}"/>`;
    out += `<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(sr - 16)}" fill="${p.accent}"/>`;
    const grain = pick(rng, p.layers);
    for (let g = 0; g < 40; g++) {
      const [gx, gy] = inCircle(rng, sx, sy, sr - 34);
      out += `<circle cx="${n(gx)}" cy="${n(gy)}" r="${n(between(rng, 4, 9))}" fill="${grain}"/>`;
    }
  }
  out += `<circle cx="${n(cx + 20)}" cy="${n(cy + 26)}" r="${n(r)}" fill="#000" opacity="0.12"/>`;
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${p.layers[3]}"/>`;
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r - 22)}" fill="${p.layers[2]}"/>`;
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r - 44)}" fill="${p.layers[0]}"/>`;
  out += `<g fill="none" stroke="${p.accent}" stroke-width="11" stroke-linecap="round">`;
  for (let s = 0; s < 18; s++) {
    const [ax, ay] = inCircle(rng, cx, cy, r - 90);
    const [bx, by] = inCircle(rng, cx, cy, r - 90);
    const [qx, qy] = inCircle(rng, cx, cy, r - 60);
    out += `<path d="M${n(ax)} ${n(ay)}Q${n(qx)} ${n(qy)} ${n(bx)} ${n(by)}" opacity="0.9"/>`;
  }
  out += '</g>';
  for (let h = 0; h < 22; h++) {
    const [hx, hy] = inCircle(rng, cx, cy, r - 80);
    const green = pick(rng, ['#5f8f4e', '#7fae5a', '#3f6e3a']);
    const turn = n(rng() * 180);
    out += `<ellipse cx="${n(hx)}" cy="${n(hy)}" rx="20" ry="9" fill="${green}"`;
    out += ` transform="rotate(${turn} ${n(hx)} ${n(hy)})"/>`;
  }
  for (let e = 0; e < 2; e++) {
    const [ex, ey] = inCircle(rng, cx, cy, r - 150);
    out += `<ellipse cx="${n(ex)}" cy="${n(ey)}" rx="62" ry="48" fill="#fbf7ee"/>`;
    out += `<circle cx="${n(ex + 4)}" cy="${n(ey + 2)}" r="27" fill="#f2a93b"/>`;
  }
  for (let d = 0; d < 14; d++) {
    const [dx, dy] = inCircle(rng, cx, cy, r - 70);
    out += `<circle cx="${n(dx)}" cy="${n(dy)}" r="${n(between(rng, 5, 9))}" fill="#c8452f"/>`;
  }
  // Chopsticks resting across the table.
  const angle = between(rng, -30, -10);
  const stickX = cx + r * 0.35;
  out += `<g transform="rotate(${n(angle)} ${n(stickX)} ${n(cy)})" fill="#8a5a3b">`;
  for (const [dx, overhang] of [
    [0, 80],
    [34, 70],
  ] as Point[]) {
    const top = cy - r - overhang;
    const length = 2 * (r + overhang);
    out += `<rect x="${n(stickX + dx)}" y="${n(top)}" width="16" height="${n(length)}" rx="7"/>`;
  }
  out += '</g>';
  return out;
}

/** A quilt of simple geometric tiles. */
function pattern(rng: Rng, p: Palette): string {
  const colours = [p.sky[0], p.sky[1], p.sun, ...p.layers, p.accent];
  const size = 200;
  let out = '';
  for (let row = 0; row < H / size; row++) {
    for (let col = 0; col < W / size; col++) {
      const x = col * size;
      const y = row * size;
      const background = pick(rng, colours);
      const foreground = pick(
        rng,
        colours.filter((c) => c !== background),
      );
      const cx = x + size / 2;
      const cy = y + size / 2;
      const turn = 90 * Math.floor(rng() * 4);
      out += `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="${background}"/>`;
      out += `<g fill="${foreground}" transform="rotate(${turn} ${cx} ${cy})">`;
      switch (Math.floor(rng() * 7)) {
        case 0:
          out += `<path d="M${x} ${y}L${x + size} ${y}A${size} ${size} 0 0 1 ${x} ${y + size}Z"/>`;
          break;
        case 1:
          out += `<circle cx="${cx}" cy="${cy}" r="${size * 0.38}"/>`;
          break;
        case 2:
          out += `<path d="M${x} ${y + size}a${size / 2} ${size / 2} 0 0 1 ${size} 0Z"/>`;
          break;
        case 3:
          out += `<path d="M${x} ${y}L${x + size} ${y}L${x} ${y + size}Z"/>`;
          break;
        case 4:
          for (let s = 0; s < 4; s++) {
            out += `<rect x="${x}" y="${y + s * 50 + 18}" width="${size}" height="22"/>`;
          }
          break;
        case 5:
          out += `<circle cx="${cx}" cy="${cy}" r="${size * 0.42}"/>`;
          out += `<circle cx="${cx}" cy="${cy}" r="${size * 0.27}" fill="${background}"/>`;
          out += `<circle cx="${cx}" cy="${cy}" r="${size * 0.12}"/>`;
          break;
        default:
          for (let d = 0; d < 9; d++) {
            const dx = x + 40 + (d % 3) * 60;
            const dy = y + 40 + Math.floor(d / 3) * 60;
            out += `<circle cx="${dx}" cy="${dy}" r="14"/>`;
          }
      }
      out += '</g>';
    }
  }
  return out;
}

const scenes: Record<Scene, (rng: Rng, palette: Palette) => string> = {
  hills: (rng, p) => landscape(rng, p, 'hills'),
  forest: (rng, p) => landscape(rng, p, 'forest'),
  mountains: (rng, p) => landscape(rng, p, 'mountains'),
  sea: seascape,
  table,
  pattern,
};

/** The site's little mark: a sun over two hills. */
function iconSvg(p: Palette): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80">' +
    `<rect width="80" height="80" rx="18" fill="${p.sky[0]}"/>` +
    `<circle cx="50" cy="30" r="13" fill="${p.sun}"/>` +
    `<path d="M0 56Q20 36 44 52T80 48V62Q80 80 62 80H18Q0 80 0 62Z" fill="${p.layers[1]}"/>` +
    `<path d="M0 66Q34 52 80 64Q80 80 62 80H18Q0 80 0 66Z" fill="${p.layers[3]}"/>` +
    '</svg>'
  );
}

async function renderImage(spec: ImageSpec, index: number): Promise<Uint8Array> {
  const palette = palettes[spec.palette % palettes.length]!;
  if (spec.scene === 'icon')
    return sharp(Buffer.from(iconSvg(palette)))
      .png()
      .toBuffer();
  const [width, height] = spec.size === 'cover' ? [1600, 1000] : [1200, 800];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"` +
    ` viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">` +
    `${scenes[spec.scene](seeded(index), palette)}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

const images: ImageSpec[] = [
  {
    key: 'cover-about',
    scene: 'hills',
    palette: 0,
    size: 'cover',
    alt: 'Soft layers of rose and plum hills fading into a peach-coloured morning sky',
  },
  {
    key: 'cover-train-to-split',
    scene: 'sea',
    palette: 0,
    size: 'cover',
    alt: 'A pale sun low over a calm sea, with a dark headland on one side of the bay',
  },
  {
    key: 'cover-weeknight-dal',
    scene: 'table',
    palette: 7,
    size: 'cover',
    alt: 'A wide bowl of golden broth with noodles, herbs and halved eggs, seen from above',
  },
  {
    key: 'cover-cairngorm-plateau',
    scene: 'mountains',
    palette: 1,
    size: 'cover',
    alt: 'Snow-tipped blue mountains behind rolling slate-coloured hills under a clear sky',
  },
  {
    key: 'cover-five-books',
    scene: 'pattern',
    palette: 3,
    size: 'cover',
    alt: 'A quilt of plum, violet and cream tiles with circles, quarter circles and stripes',
  },
  {
    key: 'cover-sourdough',
    scene: 'table',
    palette: 5,
    size: 'cover',
    alt: 'A rust-coloured bowl on a striped linen cloth, with two small dishes of spice',
  },
  {
    key: 'cover-bookshelf',
    scene: 'pattern',
    palette: 2,
    size: 'cover',
    alt: 'A patchwork of green and straw-yellow geometric tiles, like a planned cut list',
  },
  {
    key: 'cover-sharpening',
    scene: 'pattern',
    palette: 6,
    size: 'cover',
    alt: 'Grey and white geometric tiles in the cool colours of steel and whetstone',
  },
  {
    key: 'cover-alentejo',
    scene: 'forest',
    palette: 5,
    size: 'cover',
    alt: 'Warm ochre hills lined with dark trees under a hazy golden afternoon sky',
  },
  {
    key: 'cover-cold-water',
    scene: 'sea',
    palette: 6,
    size: 'cover',
    alt: 'A grey, still sea under a soft white sun on a misty morning',
  },
  {
    key: 'cover-field-notebook',
    scene: 'hills',
    palette: 2,
    size: 'cover',
    alt: 'Gentle green hills under a yellow sun and a few pale clouds',
  },
  {
    key: 'cover-visible-mending',
    scene: 'pattern',
    palette: 4,
    size: 'cover',
    alt: 'Teal, sand and deep blue tiles arranged like patches sewn onto cloth',
  },
  {
    key: 'cover-coast-path',
    scene: 'sea',
    palette: 3,
    size: 'cover',
    alt: 'A golden sun setting over a violet sea, its reflection broken by small waves',
  },
  {
    key: 'cover-pantry',
    scene: 'table',
    palette: 2,
    size: 'cover',
    alt: 'A green bowl of noodles and herbs beside two small dishes, on a pale cloth',
  },
  {
    key: 'cover-one-bag',
    scene: 'mountains',
    palette: 7,
    size: 'cover',
    alt: 'Orange and amber mountain ranges under a bright coral sun',
  },
  {
    key: 'lika-meadows',
    scene: 'forest',
    palette: 2,
    size: 'inline',
    alt: 'Green highland meadows and dark pine forest, as seen from a train window',
  },
  {
    key: 'plateau-in-cloud',
    scene: 'mountains',
    palette: 6,
    size: 'inline',
    alt: 'Grey, snow-streaked ridges fading into a pale, overcast sky',
  },
  {
    key: 'cork-oak-country',
    scene: 'forest',
    palette: 5,
    size: 'inline',
    alt: 'Rolling golden hills and dark ranks of trees in the late afternoon light',
  },
  {
    key: 'patchwork-of-repairs',
    scene: 'pattern',
    palette: 3,
    size: 'inline',
    alt: 'Violet, plum and cream tiles arranged like a patchwork of mended cloth',
  },
  {
    key: 'headland-in-the-evening',
    scene: 'sea',
    palette: 4,
    size: 'inline',
    alt: 'A teal sea under a peach evening sky, with a headland dark against the light',
  },
  {
    key: 'notebook-stamp',
    scene: 'icon',
    palette: 2,
    size: 'icon',
    alt: 'The notebook stamp: a small yellow sun over two green hills',
  },
];

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

const tags = {
  travel: 'Travel',
  cooking: 'Cooking',
  outdoors: 'Outdoors',
  making: 'Making',
  reading: 'Reading',
  notes: 'Notes',
} as const;

type DemoPost = {
  title: string;
  slug?: string;
  /** Days before `now`, or not published yet. */
  when: number | 'draft' | 'scheduled';
  tags: string[];
  cover: string | null;
  excerpt: string;
  /** Markdown; `{{image:key}}` stands for one of the images above. */
  body: string;
};

const posts: DemoPost[] = [
  {
    title: 'Six Hours on the Train to Split',
    when: 301,
    tags: [tags.travel],
    cover: 'cover-train-to-split',
    excerpt: `
There is a bus and there is a plane, and I took the train: a whole day from Zagreb, through the
highlands of Lika and down to the Adriatic. I would do it again tomorrow.
`,
    body: `
There is a bus from Zagreb to Split that takes about five hours, and a plane that takes less than
one. I took the train, which took most of a day, and I would do it again tomorrow.

## Why the slow way

Slow travel gets talked about as if it were a moral stance. For me it is mostly a matter of
attention. On a plane the journey is a gap between two places. On a train the journey *is* the
place, for a while: you watch the suburbs thin out, the fields turn to forest, the forest to
limestone, and by the time you arrive you have some idea of how far you have come.

I also like the practical side:

- You arrive in the middle of town, not on a motorway ring road.
- There is room for a proper lunch, a book and a nap.
- Nobody asks you to take your shoes off.

If you only want the logistics, [skip to the practical notes](#practical-notes).

## Through the highlands

The line climbs out of the plain around Zagreb and into Lika, a high, thinly settled country of
meadows, stone walls and dark pine. It was early May. There were still patches of old snow in the
hollows, and the carriage was half empty.

{{image:lika-meadows}}

A woman across the aisle unpacked a loaf, a wedge of hard cheese and a jar of pickled peppers, and
shared them with everyone within reach. We had no language in common beyond "thank you" and pointing
at the view, which turned out to be enough.

> The train stopped at a station with no village in sight, waited, and left again. Nobody got on or
> off. I still think about that station.

## Down to the sea

The last hour is the best. The line winds down through bare karst, the light changes, and then,
quite suddenly, the sea is there below you, flat and blue and impossibly bright after a day of
green. Everyone in the carriage moved to the same side at once.

## Practical notes

1. Buy tickets a day or two ahead. In spring the train was never close to full.
2. Bring food and water. The trolley, if it appears at all, is a gamble.
3. Ask the conductor which side gets the views on the final descent. I guessed wrong and spent the
   best twenty minutes of the trip leaning across a stranger.
4. Allow for delays. Long stretches of single track mean waiting in sidings for the train coming the
   other way, which is half the charm and all of the timetable's problems.

The station in Split is a short walk from the old town and the harbour. I dropped my bag, walked to
the waterfront, and sat with a coffee watching the ferries come in. It felt earned in a way that
arriving by air never does.

Next time I want to carry on by ferry to one of the islands, and see how slowly I can get home.
`,
  },
  {
    title: 'A Weeknight Dal Worth Learning by Heart',
    when: 258,
    tags: [tags.cooking],
    cover: 'cover-weeknight-dal',
    excerpt: `
Red lentils, a handful of spices and twenty-five minutes: the dish I cook more than any other, and
the three-minute trick that makes it taste like far more than the sum of its parts.
`,
    body: `
Every cook needs one dish they can make without thinking: tired, distracted, with a half-empty
cupboard and someone hungry asking when dinner will be ready. For me it is this dal. I have made it
a few hundred times and it has never once let me down.

If you are here for the method, [jump to the recipe](#the-recipe). If you want to know why it works,
read on.

## Why it works

Red lentils are the weeknight cook's best friend. They need no soaking, they collapse into a creamy
porridge in about twenty minutes, and they happily absorb whatever flavour you give them. The
trouble is that "whatever flavour you give them" can be very little, and a plain pot of lentils is a
sad thing.

The answer is the *tarka*: whole spices, garlic and chilli fried in hot fat and poured over the
finished dal at the last moment. It takes three minutes and it is the whole point. The fat carries
the flavour, the spices crackle and bloom, and the dal goes from beige and worthy to something you
will want a second bowl of.

> A dal without a tarka is a first draft. The tarka is the edit.

That is not a proverb. I said it to a friend once, and she has not let me forget it.

## The recipe

Serves four, or two with lunch for tomorrow.

### Ingredients

- 250 g red lentils, rinsed until the water runs mostly clear
- 1 litre water
- 1 tsp ground turmeric
- 1 tsp salt, plus more to taste
- 2 tbsp ghee, butter or a neutral oil
- 1 tsp cumin seeds
- 1 tsp black mustard seeds
- 3 cloves garlic, thinly sliced
- 1 or 2 dried red chillies, broken in half
- a squeeze of lemon and a handful of coriander, to finish

### Method

1. Put the lentils, water and turmeric in a wide pan and bring to the boil. Skim off the foam, turn
   down the heat and simmer, half covered, for 20 to 25 minutes, stirring now and then, until the
   lentils have fallen apart.
2. Stir in the salt. If the dal is too thick, add a splash of boiling water: it should pour like a
   thick soup.
3. In a small pan, heat the ghee until it shimmers. Add the mustard seeds and, as soon as they start
   to pop, the cumin, the garlic and the chillies.
4. Fry, swirling the pan, until the garlic is pale gold. Do not walk away: it goes from golden to
   bitter in seconds.
5. Tip the sizzling tarka over the dal, squeeze in the lemon, scatter over the coriander, and take
   it to the table while it is still hissing.

## Variations

Once you have the basic shape, it bends in all sorts of directions:

- Stir a few handfuls of spinach into the dal for the last two minutes.
- Simmer the lentils with a chopped tomato and a knob of ginger.
- Swap the lemon for a spoonful of tamarind paste, for a darker, sharper dal.
- Add a pinch of asafoetida to the tarka. It smells alarming in the jar and wonderful in the pan.

Serve it with rice, flatbread or just a spoon. It keeps for three days in the fridge and, like most
stews, is better on the second.
`,
  },
  {
    title: 'Three Days on the Cairngorm Plateau',
    when: 215,
    tags: [tags.outdoors, tags.travel],
    cover: 'cover-cairngorm-plateau',
    excerpt: `
A short, windy, wonderful trip across the high plateau: where we walked, where we slept, what I
packed, and why I keep going back to the same few square miles of granite.
`,
    body: `
The Cairngorm plateau is not so much a summit as a country of its own: a high, rolling table of
granite, gravel and moss, most of it above a thousand metres, where the weather arrives from nowhere
and the horizon feels further away than it should. I have been up there half a dozen times now, and
I still get the same jolt when the path tops out and the whole thing opens up in front of you.

This time we gave it three days. If you only want the kit list, [skip to what I
packed](#what-i-packed).

## Day one: up and over

We walked up from the north, past the great corries, and were on the plateau by late morning. The
wind was strong enough to lean on. We ate lunch in the lee of a boulder and watched a pair of
ptarmigan go about their business a few metres away, entirely unbothered by us.

{{image:plateau-in-cloud}}

*Cloud coming over the plateau on the first afternoon.*

By mid-afternoon the cloud was down and we were walking on a compass bearing, counting paces between
cairns. It is a strange, quiet way to travel: the world shrinks to a circle of grey gravel a few
metres across, and the only sounds are your boots and your breath.

## Day two: the long way round

The second morning was clear and cold, with frost on the tent. We took our time over Ben Macdui, the
second-highest mountain in Britain, and then dropped down towards the Lairig Ghru, the great pass
that cuts through the range.

> Nothing up here is in a hurry. Some of the lichens grow a few millimetres in a decade. It seemed
> rude to rush.

We camped low, by a burn, and slept for ten hours.

## Day three: out

The last day was all descent, through old Caledonian pine forest and out to the road. The smell of
the pines after two days of bare rock is one of my favourite things in the world.

## What I packed

I carry more than some people and less than most. The things that earned their place:

- A tent that stands up to wind, pitched low and pegged properly.
- Two warm layers, not one. The plateau can be close to freezing in any month.
- Map, compass, and the knowledge to use them. Phones die in the cold.
- A flask. Hot tea in a gale is morale you can hold.
- More food than I think I need, which is always exactly the right amount.

## A note on going

The plateau is wonderful and unforgiving. The weather can change from sunshine to whiteout in less
than an hour, and people get into real trouble up there every year. Check the mountain forecast,
tell someone your route, and be willing to turn back. The hill will still be there next time.

I reread Nan Shepherd's *The Living Mountain* on the train home. It is still the best book about
these hills, and it is short enough to finish before Perth.
`,
  },
  {
    title: 'Five Books I Keep Pressing on Friends',
    when: 183,
    tags: [tags.reading],
    cover: 'cover-five-books',
    excerpt: `
Not the best books I have read, exactly, but the ones I most often find myself buying a second copy
of to give away.
`,
    body: `
There is a particular kind of book that you cannot keep. You lend it, it does not come back, you buy
another copy, and the cycle starts again. These are mine. None of them is new, and all of them are
easy to find.

## The list

1. [The Living Mountain](#the-living-mountain) by Nan Shepherd
2. [The Old Ways](#the-old-ways) by Robert Macfarlane
3. [Salt, Fat, Acid, Heat](#salt-fat-acid-heat) by Samin Nosrat
4. [A Pattern Language](#a-pattern-language) by Christopher Alexander and colleagues
5. [Braiding Sweetgrass](#braiding-sweetgrass) by Robin Wall Kimmerer

## The Living Mountain

Written in the 1940s and left in a drawer for decades, this is a short book about the Cairngorms
that is really about paying attention. Shepherd is not interested in summits; she walks *into* the
mountain, and she teaches you to look at water, light and granite as if you had never seen them
before. I have read it perhaps ten times.

## The Old Ways

Macfarlane walks old paths: drove roads, sea roads, pilgrim routes, a track across tidal sands. It
is a book about how walking and thinking are tangled up together, and it made me want to go out and
walk every sunken lane in the country. Some of its sentences are so good I have copied them into
notebooks.

## Salt, Fat, Acid, Heat

The cookbook that taught me to cook without recipes. Nosrat's idea is simple: almost every good dish
is a matter of balancing four elements, and once you understand them you can taste something, know
what it needs, and fix it. The illustrations are lovely, too.

## A Pattern Language

An enormous, strange, wonderful book about how to build towns and houses that people actually enjoy
living in. It is organised as a network of more than two hundred "patterns", from the shape of whole
regions down to the height of a windowsill, and you can open it anywhere. I have never built a
house, but it changed how I arrange a room, a workbench and even a blog.

## Braiding Sweetgrass

Kimmerer is a botanist and a member of the Citizen Potawatomi Nation, and her book braids together
science, Indigenous knowledge and personal story. It is about gratitude and reciprocity with the
living world, and it is the only book on this list that has made me cry on a bus.

## What they have in common

Looking at the list, they are all books about attention: to land, to food, to the places we make.
None of them is in a hurry.

> The best books do not tell you what to think. They change what you notice.

If you have a book you keep giving away, I would love to hear about it.
`,
  },
  {
    title: 'Sourdough, Honestly',
    when: 150,
    tags: [tags.cooking, tags.notes],
    cover: 'cover-sourdough',
    excerpt: `
Two years of keeping a starter alive, written down without the romance: what actually matters, what
does not, and a schedule that fits around a working week.
`,
    body: `
There is a lot of mystique around sourdough. Some of it is deserved: it is genuinely a little
magical that flour, water and time turn into bread. But a lot of it is noise, and when I started I
wasted months worrying about things that did not matter. Here is what I wish someone had told me.

If you want the practical part, [here is the schedule I use](#a-schedule-that-fits-a-working-week).

## What matters

- **A lively starter.** If it does not roughly double within six to eight hours of feeding, do not
  bake with it yet. Feed it for a few more days.
- **Time and temperature.** Dough rises faster in a warm kitchen and slower in a cold one. Recipes
  give you hours; the dough gives you the truth. Watch the dough, not the clock.
- **Enough salt.** About two percent of the flour weight. Bread without enough salt tastes of
  nothing, however good the crumb.
- **A very hot oven,** and some way of trapping steam for the first twenty minutes. A heavy lidded
  pot does this beautifully.

## What does not matter (much)

- The brand of flour, within reason. Use a strong bread flour and get to know it.
- Naming your starter. Mine is called Gerald. This did not help.
- Perfect, airy, photogenic crumb. A slightly tight loaf is still delicious with butter.
- Fancy scoring. A single confident slash is plenty.

> The first loaf I was proud of was the fourteenth. The first one I was happy with was about the
> fourth. Those are different things, and it took me a while to notice.

## A schedule that fits a working week

Most sourdough guides seem to assume you are at home all day. I am not, so this is what I do:

1. **Thursday evening:** feed the starter and leave it on the counter.
2. **Friday morning, before work:** mix flour, water, starter and salt into a shaggy dough. Ten
   minutes, most of it washing up.
3. **Friday evening:** a few sets of stretches and folds, half an hour apart, then shape the loaf
   and put it in the fridge in a floured basket.
4. **Saturday morning:** heat the oven with the pot inside for forty-five minutes, turn the loaf
   out, slash it, and bake: twenty minutes with the lid on, twenty to twenty-five with it off.

In summer I use a little less starter, so the dough does not race ahead while I am out. The long,
cold rest in the fridge does most of the work and gives the bread a deeper flavour. It also means
that on Saturday morning the house smells of baking bread before anyone else is up, which is the
real reason I do this.

## Keeping the starter

Between bakes, mine lives in the fridge and gets fed once a week: discard most of it, add fresh
flour and water, leave it out for an hour, put it back. It has survived three-week holidays with
nothing worse than a layer of grey liquid on top, which I pour off. Starters are much tougher than
the internet makes them sound.
`,
  },
  {
    title: 'A Bookshelf from Two Planks and a Saw',
    when: 124,
    tags: [tags.making],
    cover: 'cover-bookshelf',
    excerpt: `
I built a small bookshelf in a flat with no workshop, using a handsaw, a drill and one clamp, and
wrote a tiny script to work out how to cut the boards without waste.
`,
    body: `
I have wanted to build furniture for years and kept putting it off because I do not have a workshop,
a garage or even a balcony. What I do have is a kitchen table, a handsaw, a cordless drill and one
clamp. It turns out that is enough for a small, sturdy bookshelf.

## The design

Nothing clever: two sides, a top and four fixed shelves, all from 18 mm pine, glued and screwed. It
is 900 mm tall and 600 mm wide, which is exactly the gap between the radiator and the door. The
shelves sit between the sides, so each one is 564 mm long.

The timber yard sells pine in 2.4 metre lengths, so the question was how few boards I could get away
with. Which brings me to [the cut list](#the-cut-list).

## The cut list

I could have worked this out on paper, but it is the kind of small puzzle I enjoy, so I wrote a few
lines of TypeScript. It sorts the pieces longest first and puts each one on the first board with
enough room left, allowing 3 mm for the width of every saw cut:

~~~ts
type Part = { name: string; length: number; count: number };

const boardLength = 2400; // mm, one length from the timber yard
const kerf = 3; // mm the saw blade turns to dust on every cut

const parts: Part[] = [
  { name: 'side', length: 900, count: 2 },
  { name: 'top', length: 600, count: 1 },
  { name: 'shelf', length: 564, count: 4 },
];

const pieces = parts
  .flatMap((part) => Array.from({ length: part.count }, () => part))
  .sort((a, b) => b.length - a.length);

const boards: { room: number; cuts: string[] }[] = [];
for (const piece of pieces) {
  const need = piece.length + kerf;
  let board = boards.find((b) => b.room >= need);
  if (!board) {
    board = { room: boardLength, cuts: [] };
    boards.push(board);
  }
  board.cuts.push(piece.name);
  board.room -= need;
}

boards.forEach((board, i) => {
  console.log('Board ' + (i + 1) + ': ' + board.cuts.join(', '));
});
~~~

It prints:

~~~text
Board 1: side, side, shelf
Board 2: top, shelf, shelf, shelf
~~~

Two boards, with a little left over for mistakes. I made one.

## Cutting without a workshop

- **Clamp everything.** One clamp and the edge of a sturdy table make a perfectly good saw bench.
  Protect the table with a sheet of scrap hardboard.
- **Mark with a knife, not a pencil.** A knife line is finer, and the saw settles into it.
- **Saw on the waste side of the line.** Otherwise every shelf comes out a millimetre or two short,
  and you will notice.
- **Go slowly.** A Western handsaw cuts on the push stroke; let its weight do the work.

## Putting it together

I drilled pilot holes for every screw, glued each joint and screwed it tight, then checked for
square by measuring the diagonals: if both are the same length, the carcass is square. Two coats of
hard wax oil, a day to dry, and it was done.

> It is not perfect. One shelf is very slightly out of level, and I am the only person who will ever
> notice.

It has held about eighty books for two months without a creak. The next project is a stool, which
means learning a proper joint, which means buying a chisel. This is how it starts.
`,
  },
  {
    title: 'Learning to Sharpen a Knife',
    when: 98,
    tags: [tags.making, tags.cooking],
    cover: 'cover-sharpening',
    excerpt: `
A blunt knife is more dangerous than a sharp one, and sharpening on a whetstone is easier than it
looks. Notes from a slow, satisfying month of practice.
`,
    body: `
For years I used a pull-through sharpener, the kind with little ceramic wheels, and wondered why my
knives never felt like the ones in other people's kitchens. Then a friend who cooks for a living
watched me fight a tomato and quietly handed me a whetstone.

## Why bother

A sharp knife goes where you point it. A blunt one skids off an onion skin and into your thumb.
Sharp knives are safer, faster and far more pleasant to use, and a good edge makes even a cheap
knife feel good.

## What you need

- A combination whetstone, around 1000 grit on one side and 4000 to 6000 on the other. This covers
  almost everything a home cook needs.
- A damp tea towel to stop the stone sliding around.
- Water. Most stones want soaking for ten minutes or so; some only need a splash. Read what came
  with yours.
- A marker pen, which sounds odd but is the best teacher you will have. [I explain
  below](#the-marker-trick).

## The basic motion

1. Hold the knife at a low, steady angle to the stone: roughly the height of two stacked coins under
   the spine.
2. With light pressure from your fingertips, push the edge across the stone as if you were trying to
   slice off a thin layer of it, sweeping so that the whole edge, from heel to tip, meets the stone.
3. Repeat on the same side until you can feel a tiny rough lip, the *burr*, along the whole length
   of the other side.
4. Turn the knife over and do the same.
5. Move to the fine side of the stone and repeat with lighter and lighter strokes, alternating
   sides, until the burr is gone.

## The marker trick

Colour the bevel, the narrow ground face along the edge, with a marker, then make a few strokes.
Wherever the ink disappears, you are touching the stone. If it only comes off right at the edge,
your angle is too high; if it only comes off at the top of the bevel, too low. It turns a vague
feeling into something you can see, and it fixed my technique in an afternoon.

> Consistency matters more than the exact angle. A knife sharpened at a slightly wrong angle every
> time is sharper than one sharpened at the perfect angle once in every three strokes.

## A month in

I practised on an old knife first, then on the good ones. The first few attempts were disappointing;
by the end of the month I could get an edge that slid through a ripe tomato under its own weight.
Now I give the knives a few minutes on the fine side every couple of weeks and only go back to the
coarse side a few times a year.

There is also something quietly pleasant about it: the hiss of steel on wet stone, the grey slurry,
the focus. It has become one of my favourite Sunday-evening jobs, which is not a sentence I ever
expected to write.
`,
  },
  {
    title: 'A Slow Week in the Alentejo',
    when: 75,
    tags: [tags.travel, tags.cooking],
    cover: 'cover-alentejo',
    excerpt: `
Buses, bread soup and very long lunches in southern Portugal: a week spent going nowhere in
particular, slowly.
`,
    body: `
The Alentejo covers about a third of Portugal and holds only a small share of its people. It is a
country of rolling wheat fields, cork oaks and white villages on hilltops, with a pace of life that
makes no apology for itself. I spent a week there with no car and very few plans, and it was one of
the best weeks of the year.

If you are only here for the food, [skip to the eating](#eating).

## Getting around without a car

Everyone told me I would need a car. I did not, quite. Regional buses link the main towns, and they
are cheap, comfortable and rarely crowded. They are also infrequent, which forces a certain rhythm
on your days: you go to one place, you stay there, and you leave when the bus does.

- **Évora** was my base for the first three nights: a walled town with a Roman temple in the middle
  of it and more good places to eat than it has any right to.
- **Monsaraz** is a tiny hilltop village looking out over the vast Alqueva reservoir. I stayed one
  night so I could see it after the day visitors had gone.
- **The country in between**, which I mostly saw from bus windows and on long walks between
  villages.

{{image:cork-oak-country}}

*Cork oaks and rolling hills, somewhere between Évora and the Spanish border.*

## Eating

The food of the Alentejo is peasant cooking in the best sense: built on bread, olive oil, pork,
garlic and wild herbs, and designed to make a little go a long way. The dish I came home determined
to cook was *açorda*, a bread soup that sounds like nothing and tastes like the whole region.

> Pound garlic, salt and a big bunch of coriander to a paste. Add olive oil. Pour over boiling
> water. Add torn stale bread and a poached egg. That is all, and it is wonderful.

That is roughly how it was explained to me by the owner of a café in Évora, who then brought me a
second bowl without being asked.

Other things I ate too much of:

1. *Carne de porco à alentejana*, pork and clams in the same pan, which should not work and does.
2. Sheep's cheeses, from soft and spoonable to hard and sharp.
3. Bread, mostly. Alentejo bread is dense and chewy, and it comes with everything.

## What slowness is for

By the fourth day I had stopped checking the time. The towns went quiet in the heat of the early
afternoon and there was nothing to do but eat, read and sleep. In the evening everyone came out
again, the temperature dropped, and the squares filled with families, old men on benches and
swallows.

I went to the Alentejo meaning to see a lot of it. I saw very little, very well, and that seems to
me now the better trade.
`,
  },
  {
    title: 'Swimming Through the Cold Months',
    when: 52,
    tags: [tags.outdoors],
    cover: 'cover-cold-water',
    excerpt: `
I kept swimming in the sea as the water got colder, a few minutes at a time. What it feels like,
what I have learned about staying safe, and why I am still doing it.
`,
    body: `
It started as an obstinate refusal to stop. I had swum in the sea most mornings through the summer,
and when the water began to cool I simply kept going, a little more briefly each week, to see how
far I could take it. Now the cold swim has become the fixed point of my week.

## What it feels like

The first ten seconds are awful. The cold grabs your chest, your breath comes in gasps, and every
sensible part of your brain tells you to get out. Then, if you keep your breathing slow and wait, it
passes. The water stops feeling like an attack and starts feeling like a very clear, very bright
room you have walked into.

> For about five minutes afterwards, everything is simple.

After that comes the best part: a flask of tea on the shingle, pink skin, a warm hat, and a kind of
calm that lasts for the rest of the morning.

## Staying safe

Cold water is genuinely dangerous, and the confidence it gives you can be the most dangerous part.
These are the rules I follow, mostly learned from the older swimmers on my beach:

1. **Never alone.** Swim with someone, or at least where someone knows you are in the water.
2. **Get in slowly.** Let the cold shock pass before you put your face in or start swimming
   properly.
3. **Stay close to the shore,** and swim along it rather than away from it. Cold water saps your
   strength faster than you expect.
4. **Keep it short.** In very cold water a few minutes is plenty. Get out while you still feel good.
5. **Warm up gradually.** Dry off, dress in warm layers starting with your top half, and drink
   something hot. No hot shower straight away.
6. **Know the water.** Check the tides, currents and conditions, and do not go in when the sea is
   rough.

I am not a doctor, and if you have a heart condition you should talk to one before you try this. If
you are keen to try, [here is how I would start](#starting-out).

## Gear

You do not need much, but a few things make a big difference:

- A bright swim hat, so you can be seen, and a warm woolly one for afterwards.
- Neoprene gloves and socks once the water gets really cold.
- A changing robe or a big towel, and clothes that are easy to put on with numb fingers. Forget
  buttons.

## Starting out

Start in late summer, while the water is still relatively warm, and keep going as it cools: your
body adapts more than you would think. Find a group. Most coastal towns have one now, and they are
almost always welcoming to beginners. And go easy on yourself. Some days it is a proper swim; some
days it is two minutes of gasping and a lot of tea. Both count.
`,
  },
  {
    // A short note with no cover image: its card has no image column.
    title: 'A Note on Replies',
    when: 41,
    tags: [tags.notes],
    cover: null,
    excerpt: `
This blog has no comment section, and that is on purpose. Here is where replies go instead, and
why I read every one of them.
`,
    body: `
This blog has no comment section, and that is on purpose.

Comment boxes on small sites tend to fill with two things: spam, and replies that deserved more
room than a box under a post gives them. The first costs me an evening a week; the second gets lost.

So replies go to the [contact form](/contact/) instead. Every message reaches me, and I answer the
ones that ask something. If a reply adds to a post, I will quote it at the end of that post, with
your name if you want it there and without if you do not.

If you would rather just hear when something new is up, the subscription box beside every post
sends one short e-mail per post and nothing else.
`,
  },
  {
    title: 'Keeping a Field Notebook',
    when: 34,
    tags: [tags.notes, tags.making],
    cover: 'cover-field-notebook',
    excerpt: `
Why I carry a small paper notebook everywhere, what goes in it, and the rubber stamp I carved for
the covers, which became the little sun-and-hills mark of this site.
`,
    body: `
This blog is named after a habit. For about ten years I have carried a small paper notebook
everywhere I go, and most of what ends up here started as a scribble in one of them: a route, a
recipe, a quotation, a half-thought on a train.

## Why paper

I have tried doing this on a phone. It does not work for me. A phone is full of other things that
want your attention, and by the time I have unlocked it and found the right app the thought has
gone. A notebook is always open at the right page. It never needs charging, it does not mind a
little rain, and I can draw in it, badly, which turns out to matter.

## What goes in it

Almost anything, but the entries tend to fall into a few kinds:

- **Observations.** The date, where I am, the weather, and what I noticed: a bird, a smell, the
  colour of the sea.
- **Lists.** Books to read, things to pack, ingredients to buy.
- **Recipes in progress,** with quantities crossed out and corrected.
- **Sketches,** mostly maps and diagrams, occasionally a tree.
- **Overheard lines,** which are often the best thing on the page.

> The notebook is not a diary. It is where I put things so that I can stop holding them in my head.

## A simple system

I number the pages and keep an index on the last few, filled in at the end of every week. It takes
ten minutes and means I can actually find things again, which is the difference between a notebook
and a pile of paper. When a notebook is full I write the dates on the spine and put it on the shelf
with the others.

If you would like to start one, [here is what I suggest](#getting-started).

## The stamp

A few years ago I carved a rubber stamp for the covers: a small sun over two hills, about two
centimetres across. Every new notebook gets stamped on the front, and it has become a small ritual
that marks the start of something.

{{image:notebook-stamp}}

When this site needed an icon, there was only one candidate.

Carving a stamp is a lovely afternoon project. You need a block of soft carving rubber, a lino
cutter with a couple of blades, and a design drawn in soft pencil, which you can transfer by
pressing the drawing face down onto the rubber. Remember that everything prints mirrored, including
letters. Ask me how I know.

## Getting started

1. Buy a notebook small enough to carry everywhere: pocket size, not desk size.
2. Keep a pen with it. Clip it to the cover or tie it on with string.
3. Write the date at the top of every entry. It will matter later.
4. Do not try to make it beautiful. Beautiful notebooks are intimidating; useful ones get used.
`,
  },
  {
    title: 'Visible Mending: A Year of Patches',
    when: 16,
    tags: [tags.making],
    cover: 'cover-visible-mending',
    excerpt: `
Instead of throwing out worn clothes, I spent a year learning to mend them in ways that show. A few
techniques, a short kit list, and why the repairs became my favourite part.
`,
    body: `
Last year I made a quiet resolution to stop throwing clothes away because of a hole. A year later my
work jacket has eleven patches, my favourite jumper has darned elbows in three colours of wool, and
I have come to love mending more than I ever loved shopping.

## Why visible

Invisible mending is a real skill, and I admire it, but it is hard and it hides the story. Visible
mending goes the other way: the repair is meant to be seen, often in a contrasting colour, and it
becomes part of the garment. It is also far more forgiving for a beginner, because wobbly stitches
look like character rather than failure.

{{image:patchwork-of-repairs}}

## Three techniques worth learning

### Darning

For holes in knitwear and socks. You weave new yarn across the hole, first in one direction and then
the other, over and under, like a tiny loom. A darning mushroom, or a smooth orange, held inside the
garment keeps everything taut while you work.

### Sashiko-style patching

For denim and heavy cotton. Pin a patch of sturdy fabric behind the hole, then stitch through both
layers with rows of small, even running stitches. The Japanese sashiko tradition has beautiful
geometric patterns, but even plain parallel lines look lovely and hold everything together for
years.

### Embroidery over stains

For small marks and snags that are not quite holes. A few French knots, a little star or a single
leaf turns a stain you would hide into a detail people ask about.

## The kit

- A few sharp needles, plus a big blunt one for darning
- Embroidery thread and leftover wool in colours you like
- Scraps of sturdy fabric for patches (old jeans are ideal)
- Small, sharp scissors
- Pins, and a thimble if you are patching denim

That is all. The whole kit fits in a biscuit tin.

> Every repair is a record of a particular day: the bramble that tore it, the train journey spent
> fixing it.

## What I learned

1. **Mend early.** A small hole is a ten-minute job; a big one is an afternoon.
2. **Match the weight, not the colour.** A patch should be about as heavy and stretchy as the fabric
   it mends, or it will pull.
3. **Small stitches, not tight stitches.** Pulling too hard puckers the fabric.
4. **Go past the damage.** Stitch well into the sound fabric around a hole, because the worn area is
   always bigger than it looks.

If you only try one thing, try [darning](#darning). Find a sock with a hole, some contrasting wool
and an evening with the radio on. You will be surprised how satisfying it is to put your foot into
something you fixed.
`,
  },
  {
    title: 'Walking the Coast Path Out of Season',
    when: 2,
    tags: [tags.outdoors, tags.travel],
    cover: 'cover-coast-path',
    excerpt: `
Four days on a windswept stretch of the South West Coast Path after the crowds had gone: empty
beaches, shut cafés, big seas and very muddy boots.
`,
    body: `
The South West Coast Path runs for 630 miles around the edge of the south-west peninsula of England,
and in summer some stretches of it are as busy as a high street. Out of season it is a different
place. I walked four days of it in Cornwall when the cafés had shut, the car parks were empty and
the weather was, let us say, lively.

If you are planning your own trip, [skip to the packing list](#what-i-would-pack-again).

## The route

I kept the days modest, ten to fourteen miles each, because coast path miles are not like other
miles. The path drops into and climbs out of every cove, and the ascent adds up fast: on some days I
climbed more than on a mountain walk. Roughly:

1. A gentle first day along cliffs and sandy bays, to get the legs going.
2. The hardest day: steep valleys, one after another, with a view at the top of each that made the
   next climb feel reasonable.
3. A short day, because of the weather, spent mostly in a pub with a fire.
4. A long, bright last day ending at a railway station, with the sun finally out.

{{image:headland-in-the-evening}}

*Looking back along the coast on the last evening.*

## Out of season, honestly

**The good:** solitude. On the second day I saw four people between breakfast and dusk, and three of
them were a farmer and his dogs. Seals in the coves. Huge skies and bigger seas, with spray coming
over the cliff tops. Places to stay that were cheap and glad to see me.

**The less good:** many cafés, shops and guest houses close for the winter, so food and beds need
planning. The days are short. The mud on some stretches is legendary. Sections of the path are
sometimes diverted after cliff falls, which are more common after winter storms, so check for
diversions before you set out.

> At one point the wind was so strong that I walked inland for half a mile rather than stay near the
> cliff edge. The sea would still be there later. It was.

## What I would pack again

- Proper waterproofs, top and bottom, and a spare dry layer in a bag.
- Boots with good grip. The grass on the cliff tops is slippery when wet.
- A head torch, for when the short days run out earlier than planned.
- Food for the whole day. You cannot count on finding anywhere open.
- A paper map as well as the app: phones and cold, wet wind do not get on.

## Would I go back?

Without hesitation, and at the same time of year. There is something about having a famous, crowded
place almost to yourself, and earning every view in wind and rain, that summer cannot give you. Next
time I want to try the north coast of Devon, and I will bring better socks.
`,
  },
  {
    title: 'Stocking a Pantry for Lazy Evenings',
    when: 'draft',
    tags: [tags.cooking, tags.notes],
    cover: 'cover-pantry',
    excerpt: `
The jars, tins and packets that make a good dinner possible on nights when I have no plan and no
energy.
`,
    body: `
Half the battle of cooking on a weeknight is not skill, it is having the right things in the
cupboard. When the pantry is well stocked, "there is nothing to eat" turns into "there is a dinner
here if I can face twenty minutes at the stove", which is a much better problem to have.

These are the things I try never to run out of.

## The staples

- **Tins:** chickpeas, butter beans, chopped tomatoes, coconut milk.
- **Dry goods:** red lentils, rice, pasta in two shapes, oats, strong bread flour.
- **Flavour:** anchovies, capers, miso, soy sauce, a jar of harissa, tahini.
- **Spices:** cumin seeds, mustard seeds, chilli flakes, smoked paprika, turmeric.
- **Fresh but long-lasting:** onions, garlic, lemons, a hard cheese, eggs.

## Five dinners from the list

1. Dal with a tarka, rice and a fried egg on top.
2. Chickpeas stewed with tomato, harissa and whatever greens are wilting in the fridge.
3. Pasta with anchovies, garlic, chilli and lemon.
4. Butter beans baked in tomato under a crust of breadcrumbs and cheese.
5. Miso soup with noodles, an egg and anything green.

> A good pantry is a promise you make to your tired future self.

## Keeping it stocked

I keep a list on the inside of the cupboard door and write things down the moment they run low, not
when they run out. Once a month I go through the whole cupboard, cook whatever has been lingering at
the back, and do one big shop.

The other half of the battle is the freezer: a bag of peas, a few portions of stock, and a loaf of
bread sliced before freezing so that toast is always two minutes away. A jar of quick-pickled red
onions in the fridge door does more for a plain bowl of beans than any amount of effort. I want to
write more about the freezer, and about the pickles and ferments, before this one goes out.
`,
  },
  {
    title: 'One Bag, One Month: What I Pack',
    when: 'scheduled',
    tags: [tags.travel, tags.notes],
    cover: 'cover-one-bag',
    excerpt: `
Everything I carry for a month of slow travel fits in one 30-litre bag. The full list, what I have
stopped taking, and the few things I never leave behind.
`,
    body: `
For the last few trips I have travelled for a month at a time with a single 30-litre backpack. It is
not a challenge or a badge of honour; it is just much nicer. No checked luggage, no waiting at
carousels, no dragging a suitcase over cobbles. I can walk from the station to wherever I am
sleeping, and I can change my plans in an instant.

Here is everything in it. Or [skip to the things I have stopped
packing](#what-i-have-stopped-packing).

## Clothes

The rule is that everything goes with everything, and everything can be washed in a sink and dry
overnight.

- Three T-shirts and one long-sleeved shirt
- One pair of trousers and one pair of shorts
- A light wool jumper and a thin insulated jacket
- A waterproof shell
- Four pairs of socks and four pairs of underwear
- One pair of shoes I can walk in all day, and light sandals

## Everything else

- A small wash kit in a bag that can hang from a hook
- A travel towel and a universal sink plug
- A paper notebook, two pens and one book, swapped along the way
- Phone, one charger with two ports, and a plug adaptor
- A tiny first-aid kit and any medicines I need
- A folding shopping bag, which gets used every single day

## What I have stopped packing

- **"Just in case" clothes.** If I need something, I can buy it. I almost never do.
- **A laptop,** unless I am working. The phone is enough.
- **Guidebooks.** I read one before I go and leave it at home.
- **A second pair of proper shoes.** They are heavy and I never wear them.

> The less I carry, the more I notice. A light bag makes for a light head.

## Doing laundry

Every few days I wash things in the sink with a bar of soap, roll them up in the towel to squeeze
out the water, and hang them overnight. Once a week or so I find a launderette, which is also a good
place to read, write postcards and talk to people.

One bag will not suit everyone, and that is fine. But if you have only ever travelled with a
suitcase, try it once. It feels like freedom.
`,
  },
];

const pages: DemoPost[] = [
  {
    title: 'About',
    slug: 'about',
    when: 310,
    tags: [],
    cover: 'cover-about',
    excerpt: `
Field Notes is a personal blog about slow travel, everyday cooking, the outdoors and making things
by hand.
`,
    body: `
Hello, and welcome to **Field Notes**.

I am a cook, a walker and an enthusiastic amateur maker who writes things down. This blog is where
those notes end up once they have been tidied a little: journeys taken slowly, recipes cooked many
times, walks in all weathers, and small things made by hand.

## What you will find here

- [Travel](/tag/travel/): slow journeys by train, bus, ferry and foot.
- [Cooking](/tag/cooking/): everyday food, mostly vegetables, bread and things in bowls.
- [Outdoors](/tag/outdoors/): hills, coasts, cold water and the weather.
- [Making](/tag/making/): woodwork, mending, sharpening and other useful skills.
- [Reading](/tag/reading/): the books that changed how I look at things.
- [Notes](/tag/notes/): everything that does not fit anywhere else.

New posts appear when they are ready, usually a couple of times a month. There are no adverts here
and there never will be.

## About the name

The name comes from the small paper notebooks I have carried for years. Almost everything on this
site started as a few lines in one of them, written on a train, at the kitchen table or in the lee
of a boulder.

## Say hello

I love hearing from readers. If you have a question, a correction or a walk you think I should do,
[get in touch](/contact/).
`,
  },
  {
    title: 'Contact',
    slug: 'contact',
    when: 310,
    tags: [],
    cover: null,
    excerpt: `
Questions, corrections, recipes that went wrong: I read every message myself.
`,
    body: `
Thank you for wanting to get in touch.

I read every message myself, usually with a coffee at the weekend, and I reply to most within a
week. Questions about a recipe, suggestions for a walk or a book, corrections (there are always
corrections): all welcome.

A few things that help:

- If you are asking about a post, tell me which one.
- If you have cooked or made something from here, I would love to hear how it went, especially if it
  went wrong.

I do not take sponsored posts or guest articles, so please do not ask. For everything else, ask
away.

[form id="1"]
`,
  },
  {
    title: 'Event sign-up',
    slug: 'event-sign-up',
    when: 12,
    tags: [],
    cover: null,
    excerpt: `
A weekend of walking, sketching and eating well in the hills: sign up here.
`,
    body: `
Every spring a few of us spend a weekend walking slowly, drawing what we see and eating far too
well. This year there are places for twenty-four people, beginners very welcome.

The form has four short pages. You can go back at any time; nothing is sent until the last one.

[form id="2"]
`,
  },
];

// ---------------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------------

const day = 24 * 60 * 60 * 1000;
const hour = 60 * 60 * 1000;

/** True once the site has any post or page; demo content is only added to an empty site. */
export async function hasAnyContent(handle: DatabaseHandle): Promise<boolean> {
  const row = await handle.db.selectFrom('posts').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Fills an empty site with the demo blog: illustrations, posts (one draft, one scheduled a few
 * days after `now`), an About and a Contact page, and the site's title, menu and footer.
 */
export async function seedDemoContent(
  handle: DatabaseHandle,
  now: number = Date.now(),
): Promise<{ posts: number; pages: number; images: number }> {
  const { db } = handle;
  const rendered = await Promise.all(images.map((spec, index) => renderImage(spec, index)));
  const stored = new Map<string, { id: number; markdown: string }>();
  for (const [index, spec] of images.entries()) {
    const bytes = rendered[index]!;
    const extension = spec.scene === 'icon' ? 'png' : 'jpg';
    const id = await storeImage(db, bytes, `${spec.key}.${extension}`, spec.alt);
    const { file_name } = await db
      .selectFrom('media')
      .select('file_name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    stored.set(spec.key, { id, markdown: `![${spec.alt}](/media/${id}/960/${file_name})` });
  }

  const mediaId = (key: string | null) => {
    if (key === null) return null;
    const item = stored.get(key);
    if (!item) throw new Error(`Demo content refers to an unknown image "${key}".`);
    return item.id;
  };

  const save = async (item: DemoPost, type: PostInput['type'], index: number) => {
    const body = item.body.trim().replace(/\{\{image:([a-z0-9-]+)\}\}/g, (_all, key: string) => {
      const image = stored.get(key);
      if (!image) throw new Error(`Demo content refers to an unknown image "${key}".`);
      return image.markdown;
    });
    const input: PostInput = {
      type,
      title: item.title,
      excerpt: item.excerpt.replace(/\s+/g, ' ').trim(),
      body,
      tags: item.tags,
      coverMediaId: mediaId(item.cover),
    };
    if (item.slug !== undefined) input.slug = item.slug;
    if (item.when === 'draft') {
      input.status = 'draft';
    } else if (item.when === 'scheduled') {
      input.status = 'scheduled';
      input.publishedAt = new Date(now + 3 * day + 2 * hour);
    } else {
      input.status = 'published';
      // A different hour of the day for each post, always less than half a day.
      input.publishedAt = new Date(now - item.when * day - (1 + ((index * 5) % 9)) * hour);
    }
    await savePost(handle, input);
  };

  for (const [index, page] of pages.entries()) await save(page, 'page', index);
  for (const [index, post] of posts.entries()) await save(post, 'post', index);

  const share = stored.get('cover-about');
  await writeSiteSettings(db, {
    title: 'Field Notes',
    description:
      'Slow travel, everyday cooking, the outdoors and making things by hand, written down ' +
      'slowly in a small paper notebook first.',
    footerText:
      'Field Notes is written and illustrated slowly, somewhere between the kitchen, the ' +
      'workbench and the hills.',
    menu: [
      { label: 'Home', url: '/', children: [] },
      {
        label: 'Topics',
        url: '/tag/',
        children: [
          { label: 'Travel', url: '/tag/travel/' },
          { label: 'Cooking', url: '/tag/cooking/' },
          { label: 'Outdoors', url: '/tag/outdoors/' },
          { label: 'Making', url: '/tag/making/' },
        ],
      },
      { label: 'About', url: '/about/', children: [] },
      { label: 'Sketch weekend', url: '/event-sign-up/', children: [] },
      { label: 'Contact', url: '/contact/', children: [] },
    ],
    defaultShareImageId: share?.id ?? null,
  });
  await writeShareSettings(db, demoShareSettings);

  return { posts: posts.length, pages: pages.length, images: images.length };
}

/**
 * The demo's icon bar: floating beside posts and pages, in the footer widget area of every
 * page, with WeChat and Pinterest; the follow pop-up after 20 s or at the end of a page.
 */
export const demoShareSettings = {
  icons: [
    { network: 'facebook', action: 'share' },
    { network: 'x', action: 'share' },
    { network: 'linkedin', action: 'share' },
    { network: 'pinterest', action: 'share' },
    { network: 'whatsapp', action: 'share' },
    { network: 'telegram', action: 'share' },
    { network: 'reddit', action: 'share' },
    { network: 'mastodon', action: 'share' },
    { network: 'bluesky', action: 'share' },
    { network: 'wechat', action: 'share' },
    { network: 'email', action: 'share' },
    { network: 'rss', action: 'follow' },
    { network: 'copy', action: 'share' },
  ],
  follow: {
    facebook: 'https://www.facebook.com/fieldnotes.example',
    x: 'https://x.com/fieldnotes_example',
    pinterest: 'https://www.pinterest.com/fieldnotes_example/',
    mastodon: 'https://mastodon.social/@fieldnotes_example',
    bluesky: 'https://bsky.app/profile/fieldnotes.example',
  },
  mastodonInstance: '',
  widget: true,
  floating: { enabled: true, position: { vertical: 96, horizontal: 'left' } },
  sticky: false,
  facebookPagePlugin: false,
  popup: {
    enabled: true,
    title: 'Enjoy Field Notes? Follow along',
    text: 'New notes every week or so: follow us where you already read, or get them by e-mail.',
    delaySeconds: 20,
    onBottom: true,
    borderColor: '#b4532a',
    borderWidth: 2,
    shadow: true,
    background: '#fffdf8',
    fontFamily: 'Charter, "Bitstream Charter", Cambria, Georgia, serif',
    fontStyle: 'normal',
    fontSize: 17,
    fontColor: '#1f2328',
  },
} satisfies ShareSettings;
