import type { Patch } from 'immer';
import type { Operation } from 'rfc6902';

/** RFC 6902 pointer of an immer path: `~` and `/` escaped (RFC 6901). */
function pointer(path: readonly (string | number)[]): string {
  return path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/**
 * The editor's patches as RFC 6902 operations for the save route (DESIGN §5). A value set to
 * `undefined` is a removal in JSON: 'replace' with it becomes 'remove', and 'add' of it is
 * nothing at all.
 */
export function toJsonPatch(patches: readonly Patch[]): Operation[] {
  const ops: Operation[] = [];
  for (const patch of patches) {
    const path = pointer(patch.path);
    if (patch.op === 'remove') ops.push({ op: 'remove', path });
    else if (patch.value === undefined) {
      if (patch.op === 'replace') ops.push({ op: 'remove', path });
    } else ops.push({ op: patch.op, path, value: patch.value });
  }
  return ops;
}

const covers = (outer: string, inner: string) => inner === outer || inner.startsWith(`${outer}/`);

/**
 * Drops each 'replace' that a later 'replace' of the same place, or of a place holding it,
 * overwrites before any 'add' or 'remove' (which may shift array indices) comes between: a drag
 * of sixty pointer moves is sent as its last position.
 */
export function compactOps(ops: readonly Operation[]): Operation[] {
  const kept: Operation[] = [];
  let overwritten: string[] = [];
  for (let index = ops.length - 1; index >= 0; index--) {
    const op = ops[index]!;
    if (op.op !== 'replace') {
      overwritten = [];
      kept.push(op);
      continue;
    }
    if (overwritten.some((later) => covers(later, op.path))) continue;
    overwritten.push(op.path);
    kept.push(op);
  }
  return kept.reverse();
}
