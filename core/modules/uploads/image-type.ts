/** The image formats a product photo may be. Decided by the file's first bytes, never by its name or declared type. */
export const IMAGE_TYPES = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  webp: { ext: 'webp', mime: 'image/webp' },
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;

/** How many leading bytes `detectImageType` needs to decide. */
export const IMAGE_HEAD_BYTES = 12;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Magic-byte sniffing (the formats' own specifications): JPEG starts FF D8 FF (SOI + a marker), PNG with its 8-byte
 * signature, WebP is a RIFF container whose form type at offset 8 is "WEBP". Anything else is null.
 */
export function detectImageType(head: Uint8Array): ImageType | null {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}
