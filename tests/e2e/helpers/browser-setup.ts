import type { TestProject } from 'vitest/node';
import { findChromium, isExecutable, unpackSparticuzChromium } from './find-chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
  }
}

/** Once per e2e run: finds (and if need be unpacks) the browser every e2e file launches. */
export default async function setup(project: TestProject) {
  const found = await findChromium({ env: process.env, isExecutable, unpackPackaged: unpackSparticuzChromium });
  console.log(`e2e browser: ${found.path} (${found.source})`);
  project.provide('chromiumPath', found.path);
}
