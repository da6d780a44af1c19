import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../domain/errors';
import { IMAGE_HEAD_BYTES, IMAGE_TYPES, detectImageType, type ImageType } from './image-type';

/** Where stored images are served (server/plugins/static-files.ts serves the upload dir here). */
export const UPLOADS_URL_PREFIX = '/uploads/';

export type StoredImage = { fileName: string; url: string; type: ImageType; bytes: number };

/** A readable byte stream; busboy's file streams also say whether they were cut at the size limit. */
export type ByteStream = AsyncIterable<Uint8Array> & { truncated?: boolean };

/** Only names this module made are ever deleted: `<uuid>.<ext>`, nothing with a path in it (image-sweep.ts too). */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

/** What an image is called while it is being written; one left behind by a process that died mid-upload is swept. */
export const TEMP_FILE_PREFIX = '.upload-';

export const imageTooLarge = (maxBytes: number) =>
  new AppError('too_large', 'image_too_large', `Each image must be at most ${formatMegabytes(maxBytes)}`);
export const notAnImage = () => new AppError('unsupported_media', 'unsupported_image', 'Images must be JPEG, PNG or WebP files');

/**
 * Product image files on local disk. Each image is written to a hidden temporary name first and renamed to a random
 * `<uuid>.<ext>` only when complete and valid, so a half-written or refused upload is never served; nothing the client
 * sends (file name, declared type) reaches the file system.
 */
export function createImageStorage(options: { dir: string; maxBytes: number }) {
  const dir = path.resolve(options.dir);
  let ready: Promise<unknown> | undefined;

  return {
    /** Streams one image to disk; refuses (and leaves nothing behind) when it is not an image or too large. */
    async save(stream: ByteStream): Promise<StoredImage> {
      await (ready ??= mkdir(dir, { recursive: true }));
      // Dot-prefixed: the static file server denies dotfiles, so a temp file is never served.
      const tempPath = path.join(dir, `${TEMP_FILE_PREFIX}${randomUUID()}`);
      const file = await open(tempPath, 'wx', 0o644);
      let type: ImageType | null = null;
      let head = Buffer.alloc(0);
      let bytes = 0;
      try {
        for await (const chunk of stream) {
          bytes += chunk.byteLength;
          if (bytes > options.maxBytes) throw imageTooLarge(options.maxBytes);
          if (type) {
            await file.write(chunk);
            continue;
          }
          // Sniff before writing anything: a non-image is refused at its first bytes.
          head = Buffer.concat([head, chunk]);
          if (head.length < IMAGE_HEAD_BYTES) continue;
          type = detectImageType(head);
          if (!type) throw notAnImage();
          await file.write(head);
        }
        if (stream.truncated) throw imageTooLarge(options.maxBytes);
        if (!type) throw notAnImage(); // shorter than any real image
        await file.close();
        const fileName = `${randomUUID()}.${IMAGE_TYPES[type].ext}`;
        await rename(tempPath, path.join(dir, fileName));
        return { fileName, url: `${UPLOADS_URL_PREFIX}${fileName}`, type, bytes };
      } catch (error) {
        await file.close().catch(() => {});
        await rm(tempPath, { force: true });
        throw error;
      }
    },

    /** Deletes images this storage wrote; used to undo a request that failed after some images were stored. */
    async removeAll(images: readonly Pick<StoredImage, 'fileName'>[]): Promise<void> {
      await Promise.all(
        images.filter((i) => STORED_NAME.test(i.fileName)).map((i) => rm(path.join(dir, i.fileName), { force: true })),
      );
    },
  };
}
export type ImageStorage = ReturnType<typeof createImageStorage>;

function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
