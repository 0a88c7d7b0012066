import { api } from '../../../lib/api';
import type { FoundMedia, SearchRequest } from './add-rules';

/** Results a search asks for (spec 001 §9, as the wizard's). */
const SEARCH_NUM = 50;

/** `GET /api/queries/search/{mimeType}/{engine}?q=` (spec 002 §7; docs/api.md "Media search"). */
export const searchMedia = ({ mimeType, engine, q, color }: SearchRequest, signal?: AbortSignal) =>
  api.get<FoundMedia[]>(
    `/api/queries/search/${encodeURIComponent(mimeType)}/${encodeURIComponent(engine)}`,
    color ? { q, num: SEARCH_NUM, color } : { q, num: SEARCH_NUM },
    signal,
  );
