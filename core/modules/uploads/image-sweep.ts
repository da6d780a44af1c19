import { lstat, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../infra/logger';
import type { ImageReferenceRepository } from './image-reference-repository';
import { STORED_NAME, TEMP_FILE_PREFIX, UPLOADS_URL_PREFIX } from './image-storage';

/** What one sweep did with the stored images it looked at (other files are not counted). */
export type ImageSweep = { deleted: number; pending: number; kept: number };

/**
 * A file younger than this is left alone: an upload is renamed into place before its product row commits, and a temp
 * file this young may still be being written.
 */
const GRACE_MS = 60 * 60_000;

/** Candidates asked about in one statement, and files looked at together. */
const BATCH = 1000;

const urlOf = (name: string) => `${UPLOADS_URL_PREFIX}${name}`;
const isTempFile = (name: string) => name.startsWith(TEMP_FILE_PREFIX);

/**
 * Deletes stored images that nothing shows any more: no product that is not deleted and no past order line references
 * them (docs/architecture.md, "Product images"). Only names the storage makes are touched, and only once older than
 * the grace period. An image is deleted only when it was unreferenced at this sweeper's previous sweep too: an order
 * that read its product a moment before an edit dropped the image may commit its line (with that image) after the
 * sweep looked, and the next sweep, hours later, sees it. The previous sweep's answer lives in memory, so a restart
 * only delays deletion. Sweepers of several processes on one directory do not disturb each other: deleting twice is
 * harmless.
 */
export function createImageSweeper(deps: { repo: ImageReferenceRepository; dir: string; logger: Logger }) {
  const { repo, logger } = deps;
  const dir = path.resolve(deps.dir);
  let unreferencedLastTime = new Set<string>();
  let running: Promise<ImageSweep> | undefined;

  /** The file's mtime, or null when it is gone (another process swept it meanwhile). */
  async function modifiedAt(name: string): Promise<number | null> {
    try {
      return (await lstat(path.join(dir, name))).mtimeMs;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /**
   * A batch of names by what the sweep does with them; files another process swept meanwhile drop out. One stat at a
   * time: they run on libuv's few threads, which password hashing needs too.
   */
  async function byAge(names: string[], cutoff: number) {
    const oldTempFiles: string[] = [];
    const oldImages: string[] = [];
    let youngImages = 0;
    for (const name of names) {
      const mtime = await modifiedAt(name);
      if (mtime === null) continue;
      if (isTempFile(name)) {
        if (mtime < cutoff) oldTempFiles.push(name);
      } else if (mtime < cutoff) oldImages.push(name);
      else youngImages++;
    }
    return { oldTempFiles, oldImages, youngImages };
  }

  async function sweepOnce(signal?: AbortSignal): Promise<ImageSweep> {
    const cutoff = Date.now() - GRACE_MS;
    const result: ImageSweep = { deleted: 0, pending: 0, kept: 0 };
    const unreferenced = new Set<string>();
    const names = (await sweepableFiles(dir)).filter((name) => STORED_NAME.test(name) || isTempFile(name));
    for (let start = 0; start < names.length; start += BATCH) {
      // The app is closing. This sweep's findings are not remembered: the next sweeper starts from nothing anyway.
      if (signal?.aborted) return result;
      const { oldTempFiles, oldImages: candidates, youngImages } = await byAge(names.slice(start, start + BATCH), cutoff);
      const doomed = [...oldTempFiles];
      result.kept += youngImages;
      const referenced = await repo.referencedAmong(candidates.map(urlOf));
      for (const name of candidates) {
        if (referenced.has(urlOf(name))) result.kept++;
        else if (unreferencedLastTime.has(name)) doomed.push(name);
        else {
          unreferenced.add(name);
          result.pending++;
        }
      }
      await Promise.all(doomed.map((name) => rm(path.join(dir, name), { force: true })));
      result.deleted += doomed.length;
    }
    unreferencedLastTime = unreferenced;
    if (result.deleted > 0) logger.info({ ...result, dir }, 'image sweep: deleted images nothing shows any more');
    return result;
  }

  return {
    /** One sweep; a call while one runs gets that sweep's result rather than starting another. */
    sweep(options: { signal?: AbortSignal } = {}): Promise<ImageSweep> {
      running ??= sweepOnce(options.signal).finally(() => (running = undefined));
      return running;
    },
  };
}
export type ImageSweeper = ReturnType<typeof createImageSweeper>;

/** Plain files in the upload dir (nothing below it); none when it does not exist yet (nothing was uploaded). */
async function sweepableFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
