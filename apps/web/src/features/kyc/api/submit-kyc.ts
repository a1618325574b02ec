import type { KycSubmitResponse } from '@sikka/contracts';
import { apiUpload, type UploadProgress } from '@/lib/api-client.ts';

/**
 * POST /api/kyc as multipart/form-data. Resolves with the updated user (status 'submitted');
 * rejects with the ApiError, whose `fields` name each problem by form item.
 */
export function submitKyc(
  body: FormData,
  onProgress?: (progress: UploadProgress) => void,
): Promise<KycSubmitResponse> {
  return apiUpload<KycSubmitResponse>('/api/kyc', body, { onProgress });
}
