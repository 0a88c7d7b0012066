import { hashString, seededRandom } from '../motion/random';
import type { Ctx2D, Rect } from '../motion/types';

/** Points around the blob: enough for an organic outline, few enough to stay soft. */
const BLOB_POINTS = 8;

/**
 * Adds a blob background's outline to the current path (D37): a soft, organic closed curve
 * centred in `rect`, its points at slightly irregular angles and 72–95 % of the way to the
 * rect's edge, joined by quadratic curves through their midpoints so it has no corners. The
 * shape comes from a generator seeded with `ownerId` (the frame's or item's id, 'movie' for the
 * movie's background): the same owner always gets the same blob, on every machine.
 */
export function blobPath(ctx: Ctx2D, rect: Rect, ownerId: string): void {
  const random = seededRandom(hashString(ownerId));
  const step = (2 * Math.PI) / BLOB_POINTS;
  const points = Array.from({ length: BLOB_POINTS }, (_, k) => {
    const angle = k * step + (random() - 0.5) * step * 0.5;
    const reach = 0.72 + random() * 0.23;
    return {
      x: rect.x + (rect.width / 2) * (1 + reach * Math.cos(angle)),
      y: rect.y + (rect.height / 2) * (1 + reach * Math.sin(angle)),
    };
  });
  const midpoint = (k: number) => {
    const a = points[k % BLOB_POINTS]!;
    const b = points[(k + 1) % BLOB_POINTS]!;
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  };
  const start = midpoint(BLOB_POINTS - 1);
  ctx.moveTo(start.x, start.y);
  points.forEach((point, k) => {
    const end = midpoint(k);
    ctx.quadraticCurveTo(point.x, point.y, end.x, end.y);
  });
  ctx.closePath();
}
