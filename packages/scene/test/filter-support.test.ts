/// <reference lib="dom" />
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { supportsFilter } from '../src/draw/context';

type Ctx = CanvasRenderingContext2D;

/** A context class whose `filter` keeps what it is given (or not), counting the assignments. */
function contextKind(keepsFilter: boolean) {
  class Context {
    sets = 0;
    private value = 'none';
    get filter() {
      return this.value;
    }
    set filter(next: string) {
      this.sets++;
      if (keepsFilter || next === 'none') this.value = next;
    }
  }
  return Context;
}

describe('supportsFilter', () => {
  it('says yes for a canvas that applies filters, and leaves its filter as it was', () => {
    const ctx = createCanvas(4, 4).getContext('2d') as unknown as Ctx;
    ctx.filter = 'none';
    expect(supportsFilter(ctx)).toBe(true);
    expect(ctx.filter).toBe('none');
  });

  it('says no for a context that has no filter, or drops what it is given', () => {
    expect(supportsFilter({} as Ctx)).toBe(false);
    const Dropping = contextKind(false);
    expect(supportsFilter(new Dropping() as unknown as Ctx)).toBe(false);
  });

  it('probes once per kind of context: the next canvases of that kind are not asked again', () => {
    const Keeping = contextKind(true);
    const first = new Keeping();
    const second = new Keeping();
    expect(supportsFilter(first as unknown as Ctx)).toBe(true);
    expect(supportsFilter(second as unknown as Ctx)).toBe(true);
    expect(supportsFilter(first as unknown as Ctx)).toBe(true);
    expect(first.sets).toBe(2);
    expect(second.sets).toBe(0);
  });
});
