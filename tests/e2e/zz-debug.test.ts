import { it } from 'vitest';
import { launchBrowser, openPage } from './helpers/browser';
import { startE2eServer } from './helpers/e2e-server';
import { sellerLogin, sellerNavigate } from './helpers/flows';

it('debug overflow', async () => {
  const [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  const s = await openPage(browser, server.url, { viewport: 'mobile' });
  await sellerLogin(s.page, server.config.seller);
  for (const label of ['Product List', 'Orders'] as const) {
    await sellerNavigate(s.page, label);
    await s.page.waitForTimeout(1500);
    console.log(label, await s.page.evaluate(() => {
      const out: string[] = [];
      for (const el of document.querySelectorAll('body *')) {
        const r = el.getBoundingClientRect();
        if (r.right > window.innerWidth + 0.5 && out.length < 15) out.push(`${el.tagName}.${el.className} right=${Math.round(r.right)} w=${Math.round(r.width)}`);
      }
      return out;
    }));
  }
  await browser.close(); await server.close();
});
