import type { LoadTarget } from './project-api';

/** The project id in the address (`?pid=7`), or null when absent or not a positive whole number. */
export function pidFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('pid');
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/**
 * What to load at start (spec 000 §4): `?reserved=1` asks for the member's reserved project,
 * `?pid=ID` for that project, otherwise a new, empty one.
 */
export function loadTargetFromSearch(search: string): LoadTarget {
  const params = new URLSearchParams(search);
  if (params.get('reserved') === '1') return { kind: 'reserved' };
  const id = pidFromSearch(search);
  return id === null ? { kind: 'empty' } : { kind: 'id', id };
}

/** The address with `?pid=` set to the project id (or removed), keeping the path, other params and hash. */
export function addressWithPid(href: string, id: number | null): string {
  const url = new URL(href);
  if (id === null) url.searchParams.delete('pid');
  else url.searchParams.set('pid', String(id));
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a saved project opens: the app page with its id, on the wizard (spec 000 §2). */
export function projectOpenUrl(id: number): string {
  return `/app.html?pid=${id}#/wizard`;
}
