import http from 'node:http';

/** Accept-Encoding as a current browser sends it. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The response's own headers: not those the HTTP layer writes for any response (framing, date, connection). */
export type WireResponse = { bytes: number; encoding: string | null; body: Buffer; headers: Record<string, string> };

const FRAMING = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * GET `url` and count the body bytes as they came over the wire (node:http never decompresses), with the encoding
 * the server chose. `fetch` would hide both: it decompresses.
 */
export function wireGet(url: string, acceptEncoding = BROWSER_ACCEPT_ENCODING): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if ((response.statusCode ?? 0) >= 400) return reject(new Error(`GET ${url} → ${response.statusCode}`));
        const body = Buffer.concat(chunks);
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) if (!FRAMING.has(name) && value !== undefined) headers[name] = String(value);
        resolve({ bytes: body.length, encoding: (response.headers['content-encoding'] as string | undefined) ?? null, body, headers });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export async function wireBytes(url: string, acceptEncoding = BROWSER_ACCEPT_ENCODING): Promise<number> {
  return (await wireGet(url, acceptEncoding)).bytes;
}
