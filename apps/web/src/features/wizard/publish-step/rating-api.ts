import { call } from '../../../lib/api';
import type { RatingPayload } from './rating';

/** `POST /api/members/video-rating` (spec 001 §7); its answer is not shown. */
export const sendRating = (payload: RatingPayload) => call('videoRating', payload);
