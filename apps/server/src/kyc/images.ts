import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import {
  KYC_IMAGE_MAX_BYTES,
  KYC_IMAGE_MAX_PIXELS,
  KYC_IMAGE_MAX_SIDE,
  messages,
} from '@sikka/contracts';

export type CheckResult = { ok: true; data: Buffer } | { ok: false; message: string };

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * An ID photo, judged by its bytes (never its name or Content-Type): JPEG, PNG or WebP of at
 * most 5 MB and 40 megapixels. What is stored is a fresh JPEG made from the decoded pixels:
 * turned upright per EXIF, then every metadata block (EXIF with GPS, XMP, ICC, comments) and
 * anything appended to the original file is left behind.
 */
export async function checkImage(input: Buffer, label: string): Promise<CheckResult> {
  if (input.length > KYC_IMAGE_MAX_BYTES)
    return { ok: false, message: messages.kyc.imageTooLarge(label) };
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime))
    return { ok: false, message: messages.kyc.imageType(label) };
  try {
    // limitInputPixels is checked from the header, before decoding: a 20000×20000 PNG of a few
    // kilobytes is refused without allocating its 1.6 GB of pixels.
    const image = sharp(input, {
      limitInputPixels: KYC_IMAGE_MAX_PIXELS,
      failOn: 'error',
      animated: false,
    });
    const meta = await image.metadata();
    if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) {
      return { ok: false, message: messages.kyc.imageType(label) };
    }
    const data = await image
      .rotate()
      .resize({
        width: KYC_IMAGE_MAX_SIDE,
        height: KYC_IMAGE_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
    return { ok: true, data };
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(text))
      return { ok: false, message: messages.kyc.imageTooManyPixels(label) };
    return { ok: false, message: messages.kyc.imageUnreadable(label) };
  }
}
