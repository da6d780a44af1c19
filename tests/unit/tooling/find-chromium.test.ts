import { describe, expect, it } from 'vitest';
import { findChromium, NO_BROWSER_MESSAGE, SYSTEM_CHROMIUM_PATHS } from '../../e2e/helpers/find-chromium';

const packaged = '/cache/chromium-153/chromium';

function lookup(executables: string[], shipped: string | null = packaged, env: NodeJS.ProcessEnv = {}) {
  let unpacked = 0;
  return {
    env,
    isExecutable: (file: string) => executables.includes(file),
    unpackPackaged: async () => {
      unpacked += 1;
      return shipped;
    },
    unpackedCount: () => unpacked,
  };
}

describe('the e2e browser', () => {
  it('takes CHROMIUM_PATH first, even with a system browser present', async () => {
    const l = lookup(['/opt/my/chrome', '/usr/bin/chromium'], packaged, { CHROMIUM_PATH: '/opt/my/chrome' });
    expect(await findChromium(l)).toEqual({ path: '/opt/my/chrome', source: 'CHROMIUM_PATH' });
    expect(l.unpackedCount()).toBe(0);
  });

  it('refuses a CHROMIUM_PATH that does not run instead of quietly using another browser', async () => {
    const l = lookup(['/usr/bin/chromium'], packaged, { CHROMIUM_PATH: '/nowhere/chrome' });
    await expect(findChromium(l)).rejects.toThrow('CHROMIUM_PATH=/nowhere/chrome is not an executable file.');
  });

  it("uses the system's Chromium or Chrome before unpacking the npm one", async () => {
    const l = lookup(['/usr/bin/google-chrome']);
    expect(await findChromium(l)).toEqual({ path: '/usr/bin/google-chrome', source: 'system' });
    expect(l.unpackedCount()).toBe(0);
    expect(SYSTEM_CHROMIUM_PATHS[0]).toBe('/usr/bin/chromium');
  });

  it('falls back to the Chromium an npm package ships', async () => {
    expect(await findChromium(lookup([]))).toEqual({ path: packaged, source: 'npm' });
  });

  it('fails with one line saying how to get a browser when there is none', async () => {
    await expect(findChromium(lookup([], null))).rejects.toThrow(NO_BROWSER_MESSAGE);
    expect(NO_BROWSER_MESSAGE).not.toContain('\n');
    expect(NO_BROWSER_MESSAGE).toMatch(/npm install/);
  });
});
