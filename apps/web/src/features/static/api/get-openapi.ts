import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { apiSummaries } from '@/features/static/content/api-summaries.ts';
import { parseOpenApi, type ApiReference } from '@/features/static/lib/openapi.ts';

export const OPENAPI_PATH = '/api/openapi.json';

/** GET /api/openapi.json, the document the server generates from the shared contracts. */
export function getOpenApi(signal?: AbortSignal): Promise<unknown> {
  return api.get<unknown>(OPENAPI_PATH, { signal });
}

export const apiReferenceQueryOptions = () =>
  queryOptions({
    queryKey: ['openapi'],
    queryFn: async ({ signal }): Promise<ApiReference> =>
      parseOpenApi(await getOpenApi(signal), apiSummaries),
    // The document only changes with a deploy.
    staleTime: Infinity,
  });

export function useApiReference() {
  return useQuery(apiReferenceQueryOptions());
}
