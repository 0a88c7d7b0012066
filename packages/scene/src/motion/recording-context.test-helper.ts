/**
 * Test double for the Canvas 2D API: a Proxy that records every call and works out, for each
 * fill or stroke, the box of stage pixels it could touch (path bounds, widened by half the line
 * width, cut by the current clip). Used only by the paint effect tests.
 */
import type { Ctx2D } from './types';

/** An axis-aligned box in stage pixels. */
export type Box = { x0: number; y0: number; x1: number; y1: number };

type State = { clip: Box | null; lineWidth: number };

/** What a paint effect did to the recording context. */
export type Recording = {
  ctx: Ctx2D;
  /** Every method call, with its arguments, in order. */
  calls: { method: string; args: unknown[] }[];
  /** The box each fill or stroke could have painted (already cut by the clip). */
  painted: Box[];
  /** Problems a real canvas would throw on or that break determinism. */
  problems: string[];
  /** save() calls not yet restored. */
  depth: () => number;
};

const union = (a: Box | null, b: Box): Box =>
  a === null
    ? b
    : { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };

const intersect = (a: Box, b: Box | null): Box | null => {
  if (b === null) return a;
  const box = {
    x0: Math.max(a.x0, b.x0),
    y0: Math.max(a.y0, b.y0),
    x1: Math.min(a.x1, b.x1),
    y1: Math.min(a.y1, b.y1),
  };
  return box.x0 <= box.x1 && box.y0 <= box.y1 ? box : null;
};

const pointBox = (x: number, y: number, r = 0): Box => ({ x0: x - r, y0: y - r, x1: x + r, y1: y + r });
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d.,\s%/]+\)|[a-z]+)$/i;

/** A fresh recording context. */
export const recordingContext = (): Recording => {
  const calls: Recording['calls'] = [];
  const painted: Box[] = [];
  const problems: string[] = [];
  const stack: State[] = [];
  let state: State = { clip: null, lineWidth: 1 };
  let path: Box | null = null;
  const props: Record<string | symbol, unknown> = {};

  const add = (box: Box) => {
    path = union(path, box);
  };
  const paint = (box: Box | null, pad: number) => {
    if (box === null) return;
    const cut = intersect({ x0: box.x0 - pad, y0: box.y0 - pad, x1: box.x1 + pad, y1: box.y1 + pad }, state.clip);
    if (cut) painted.push(cut);
  };
  const gradient = (method: string, args: number[]) => {
    if (method === 'createRadialGradient' && (args[2]! < 0 || args[5]! < 0))
      problems.push(`${method}: negative radius`);
    return {
      addColorStop: (offset: number, color: string) => {
        calls.push({ method: 'addColorStop', args: [offset, color] });
        if (!(offset >= 0 && offset <= 1)) problems.push(`addColorStop offset ${offset}`);
        if (!COLOR.test(color)) problems.push(`addColorStop colour ${color}`);
      },
    };
  };

  const methods: Record<string, (...args: number[]) => unknown> = {
    save: () => {
      stack.push({ ...state });
    },
    restore: () => {
      state = stack.pop() ?? state;
    },
    beginPath: () => {
      path = null;
    },
    closePath: () => undefined,
    moveTo: (x, y) => add(pointBox(x!, y!)),
    lineTo: (x, y) => add(pointBox(x!, y!)),
    rect: (x, y, w, h) => add(union(pointBox(x!, y!), pointBox(x! + w!, y! + h!))),
    arc: (x, y, r) => {
      if (r! < 0) problems.push('arc: negative radius');
      add(pointBox(x!, y!, r));
    },
    ellipse: (x, y, rx, ry, rotation) => {
      if (rx! < 0 || ry! < 0) problems.push('ellipse: negative radius');
      const m = Math.max(rx!, ry!);
      add(rotation === 0 ? { x0: x! - rx!, y0: y! - ry!, x1: x! + rx!, y1: y! + ry! } : pointBox(x!, y!, m));
    },
    arcTo: (x1, y1, x2, y2) => add(union(pointBox(x1!, y1!), pointBox(x2!, y2!))),
    quadraticCurveTo: (a, b, c, d) => add(union(pointBox(a!, b!), pointBox(c!, d!))),
    bezierCurveTo: (a, b, c, d, e, f) => add(union(union(pointBox(a!, b!), pointBox(c!, d!)), pointBox(e!, f!))),
    clip: () => {
      state.clip =
        path === null
          ? { x0: 0, y0: 0, x1: 0, y1: 0 }
          : (intersect(path, state.clip) ?? { x0: 0, y0: 0, x1: -1, y1: -1 });
    },
    fill: () => paint(path, 0),
    stroke: () => paint(path, state.lineWidth / 2),
    fillRect: (x, y, w, h) => paint(union(pointBox(x!, y!), pointBox(x! + w!, y! + h!)), 0),
    strokeRect: (x, y, w, h) => paint(union(pointBox(x!, y!), pointBox(x! + w!, y! + h!)), state.lineWidth / 2),
    clearRect: (x, y, w, h) => paint(union(pointBox(x!, y!), pointBox(x! + w!, y! + h!)), 0),
    setLineDash: () => undefined,
    createLinearGradient: (...args) => gradient('createLinearGradient', args),
    createRadialGradient: (...args) => gradient('createRadialGradient', args),
    createConicGradient: (...args) => gradient('createConicGradient', args),
  };
  for (const name of ['translate', 'rotate', 'scale', 'transform', 'setTransform', 'resetTransform']) {
    methods[name] = () => {
      problems.push(`${name}: paint effects draw in stage coordinates`);
    };
  }
  for (const name of ['fillText', 'strokeText', 'drawImage', 'putImageData', 'getImageData', 'createPattern']) {
    methods[name] = () => {
      problems.push(`${name}: not expected from a paint effect`);
    };
  }

  const ctx = new Proxy(props, {
    get: (_, key) => {
      if (typeof key === 'string' && key in methods) {
        return (...args: unknown[]) => {
          calls.push({ method: key, args });
          args.forEach((a, i) => {
            if (typeof a === 'number' && !Number.isFinite(a)) problems.push(`${key} argument ${i} is ${a}`);
          });
          return methods[key]!(...(args as number[]));
        };
      }
      if (typeof key === 'string' && !(key in props)) problems.push(`unknown member ${key}`);
      return key === 'lineWidth' ? state.lineWidth : props[key];
    },
    set: (_, key, value) => {
      calls.push({ method: `set ${String(key)}`, args: [value] });
      if (typeof value === 'number' && !Number.isFinite(value)) problems.push(`${String(key)} set to ${value}`);
      if (key === 'lineWidth') state.lineWidth = value as number;
      else props[key] = value;
      if ((key === 'fillStyle' || key === 'strokeStyle') && typeof value === 'string' && !COLOR.test(value)) {
        problems.push(`${key} ${value}`);
      }
      return true;
    },
  }) as unknown as Ctx2D;

  return { ctx, calls, painted, problems, depth: () => stack.length };
};
