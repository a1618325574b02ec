import { apiErrorSchema } from '@sikka/contracts';

/** Error responses every route may give; listed so the OpenAPI document shows them. */
export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  415: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
} as const;
