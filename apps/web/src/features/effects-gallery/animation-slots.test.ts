import { describe, expect, it } from 'vitest';
import { releaseSlot, requestSlot, type SlotState } from './animation-slots';

const empty: SlotState = { holders: [], waiting: [] };

describe('animation slots', () => {
  it('grants slots up to the limit, then queues', () => {
    let state = empty;
    for (const id of ['a', 'b', 'c']) state = requestSlot(state, id, 2);
    expect(state).toEqual({ holders: ['a', 'b'], waiting: ['c'] });
  });

  it('ignores a repeated request', () => {
    const state = requestSlot(requestSlot(empty, 'a', 1), 'a', 1);
    expect(state).toEqual({ holders: ['a'], waiting: [] });
  });

  it('hands a released slot to the first one waiting', () => {
    const state: SlotState = { holders: ['a', 'b'], waiting: ['c', 'd'] };
    expect(releaseSlot(state, 'a', 2)).toEqual({ holders: ['b', 'c'], waiting: ['d'] });
  });

  it('lets a waiting demo leave the line', () => {
    const state: SlotState = { holders: ['a'], waiting: ['b', 'c'] };
    expect(releaseSlot(state, 'c', 1)).toEqual({ holders: ['a'], waiting: ['b'] });
  });
});
