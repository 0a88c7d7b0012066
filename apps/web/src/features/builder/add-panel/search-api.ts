import { call } from '../../../lib/api';
import type { SearchRequest } from './add-rules';

/** Results a search asks for (spec 001 §9, as the wizard's). */
const SEARCH_NUM = 50;

/** `GET /api/queries/search/{mimeType}/{engine}?q=` (spec 002 §7; docs/api.md "Media search"). */
export const searchMedia = ({ mimeType, engine, q, color }: SearchRequest, signal?: AbortSignal) =>
  call('mediaSearchByPath', { type: mimeType, source: engine, q, num: SEARCH_NUM, color }, { signal });
