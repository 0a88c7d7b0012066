import { normalizeColor, type RenderCache } from './render-cache';
import { type MediaSearchProvider, type MediaSearchQuery, type MediaSearchResult, rankByWords } from './types';

const DRAWING_VERSION = 1;

/** A basic shape: its SVG body drawn with `fill` in a `width`×`height` view box. */
export type ShapeEntry = {
  name: string;
  tags: readonly string[];
  width: number;
  height: number;
  body: (fill: string) => string;
};

/** Points of a regular star or polygon around (cx, cy), first point up. */
function polygon(cx: number, cy: number, radii: readonly number[], points: number): string {
  const corners: string[] = [];
  for (let i = 0; i < points * radii.length; i++) {
    const r = radii[i % radii.length] as number;
    const angle = -Math.PI / 2 + (i * Math.PI * 2) / (points * radii.length);
    corners.push(`${(cx + r * Math.cos(angle)).toFixed(2)},${(cy + r * Math.sin(angle)).toFixed(2)}`);
  }
  return corners.join(' ');
}

/** The shapes tab's fixed set (spec 002 §4), searchable by name and tags. */
export const SHAPES: readonly ShapeEntry[] = [
  {
    name: 'rectangle',
    tags: ['box', 'square', 'block', 'banner'],
    width: 400,
    height: 300,
    body: (f) => `<rect width="400" height="300" fill="${f}"/>`,
  },
  {
    name: 'square',
    tags: ['box', 'rectangle', 'block'],
    width: 300,
    height: 300,
    body: (f) => `<rect width="300" height="300" fill="${f}"/>`,
  },
  {
    name: 'rounded rectangle',
    tags: ['box', 'card', 'button', 'pill', 'rounded'],
    width: 400,
    height: 300,
    body: (f) => `<rect width="400" height="300" rx="48" fill="${f}"/>`,
  },
  {
    name: 'circle',
    tags: ['round', 'dot', 'disc', 'ball'],
    width: 300,
    height: 300,
    body: (f) => `<circle cx="150" cy="150" r="150" fill="${f}"/>`,
  },
  {
    name: 'ellipse',
    tags: ['oval', 'round'],
    width: 400,
    height: 260,
    body: (f) => `<ellipse cx="200" cy="130" rx="200" ry="130" fill="${f}"/>`,
  },
  {
    name: 'ring',
    tags: ['circle', 'outline', 'donut', 'round'],
    width: 300,
    height: 300,
    body: (f) => `<circle cx="150" cy="150" r="130" fill="none" stroke="${f}" stroke-width="40"/>`,
  },
  {
    name: 'triangle',
    tags: ['arrowhead', 'pyramid', 'warning'],
    width: 300,
    height: 260,
    body: (f) => `<polygon points="150,0 300,260 0,260" fill="${f}"/>`,
  },
  {
    name: 'star',
    tags: ['favorite', 'rating', 'sparkle'],
    width: 300,
    height: 300,
    body: (f) => `<polygon points="${polygon(150, 158, [150, 60], 5)}" fill="${f}"/>`,
  },
  {
    name: 'pentagon',
    tags: ['polygon'],
    width: 300,
    height: 300,
    body: (f) => `<polygon points="${polygon(150, 158, [150], 5)}" fill="${f}"/>`,
  },
  {
    name: 'hexagon',
    tags: ['polygon', 'honeycomb'],
    width: 300,
    height: 300,
    body: (f) => `<polygon points="${polygon(150, 150, [150], 6)}" fill="${f}"/>`,
  },
  {
    name: 'diamond',
    tags: ['rhombus', 'lozenge'],
    width: 300,
    height: 300,
    body: (f) => `<polygon points="150,0 300,150 150,300 0,150" fill="${f}"/>`,
  },
  {
    name: 'heart',
    tags: ['love', 'like', 'valentine'],
    width: 300,
    height: 270,
    body: (f) =>
      `<path d="M150 270 C60 200 0 150 0 80 A75 75 0 0 1 150 50 A75 75 0 0 1 300 80 C300 150 240 200 150 270Z" fill="${f}"/>`,
  },
  {
    name: 'arrow right',
    tags: ['arrow', 'pointer', 'next', 'direction'],
    width: 400,
    height: 240,
    body: (f) => `<polygon points="0,80 260,80 260,0 400,120 260,240 260,160 0,160" fill="${f}"/>`,
  },
  {
    name: 'arrow left',
    tags: ['arrow', 'pointer', 'back', 'previous', 'direction'],
    width: 400,
    height: 240,
    body: (f) => `<polygon points="400,80 140,80 140,0 0,120 140,240 140,160 400,160" fill="${f}"/>`,
  },
  {
    name: 'arrow up',
    tags: ['arrow', 'pointer', 'direction'],
    width: 240,
    height: 400,
    body: (f) => `<polygon points="80,400 80,140 0,140 120,0 240,140 160,140 160,400" fill="${f}"/>`,
  },
  {
    name: 'arrow down',
    tags: ['arrow', 'pointer', 'direction'],
    width: 240,
    height: 400,
    body: (f) => `<polygon points="80,0 80,260 0,260 120,400 240,260 160,260 160,0" fill="${f}"/>`,
  },
  {
    name: 'speech bubble',
    tags: ['chat', 'talk', 'comment', 'callout', 'balloon', 'message', 'quote'],
    width: 400,
    height: 320,
    body: (f) =>
      `<path d="M40 0 H360 A40 40 0 0 1 400 40 V200 A40 40 0 0 1 360 240 H150 L70 320 L90 240 H40 A40 40 0 0 1 0 200 V40 A40 40 0 0 1 40 0Z" fill="${f}"/>`,
  },
  {
    name: 'thought bubble',
    tags: ['think', 'cloud', 'callout', 'balloon', 'idea'],
    width: 400,
    height: 320,
    body: (f) =>
      `<ellipse cx="210" cy="120" rx="190" ry="120" fill="${f}"/><circle cx="70" cy="265" r="28" fill="${f}"/><circle cx="30" cy="305" r="15" fill="${f}"/>`,
  },
  {
    name: 'cross',
    tags: ['plus', 'add', 'medical'],
    width: 300,
    height: 300,
    body: (f) =>
      `<polygon points="100,0 200,0 200,100 300,100 300,200 200,200 200,300 100,300 100,200 0,200 0,100 100,100" fill="${f}"/>`,
  },
  {
    name: 'line',
    tags: ['divider', 'rule', 'bar', 'underline'],
    width: 400,
    height: 20,
    body: (f) => `<rect width="400" height="20" rx="10" fill="${f}"/>`,
  },
  {
    name: 'check mark',
    tags: ['tick', 'done', 'yes', 'ok'],
    width: 300,
    height: 240,
    body: (f) =>
      `<polyline points="20,130 110,215 280,25" fill="none" stroke="${f}" stroke-width="44" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
];

/** A shape's whole SVG document in `color`. */
export function shapeSvg(shape: ShapeEntry, color: string): string {
  const { width, height } = shape;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${shape.body(color)}</svg>`;
}

/** `shapes`: the fixed set above as SVG in a colour. An empty search lists them all. */
export function createShapeProvider(cache: RenderCache): MediaSearchProvider {
  return {
    engine: 'shapes',
    types: ['image'],
    async search(query: MediaSearchQuery): Promise<MediaSearchResult[]> {
      if (query.type !== 'image') return [];
      const color = normalizeColor(query.color);
      const results: MediaSearchResult[] = [];
      for (const shape of rankByWords(SHAPES, query.keyword, (s) => s, query.num)) {
        const svg = shapeSvg(shape, color);
        const url = await cache.url('shapes', [DRAWING_VERSION, svg], 'svg', () => Buffer.from(svg));
        results.push({ url, thumbnail: url, name: shape.name, width: shape.width, height: shape.height });
      }
      return results;
    },
  };
}
