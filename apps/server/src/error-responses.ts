import { ApiErrorSchema } from '@reelwright/core';

/**
 * Response schemas for the error answers routes declare beside their 200, so every status has
 * one. Validation errors also carry `in` (body or query), hence the loose object.
 */
export const errorResponses = {
  400: ApiErrorSchema.loose(),
  401: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  413: ApiErrorSchema,
} as const;
