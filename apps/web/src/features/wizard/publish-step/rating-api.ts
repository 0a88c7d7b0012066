import { api } from '../../../lib/api';
import type { RatingPayload } from './rating';

/** `POST /api/members/video-rating` (spec 001 §7); its answer is not shown. */
export const sendRating = (payload: RatingPayload) => api.post<unknown>('/api/members/video-rating', payload);
