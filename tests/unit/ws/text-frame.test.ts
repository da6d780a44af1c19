import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { textFrame } from '../../../server/ws/text-frame';

type Receiver = NodeJS.WritableStream & { on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): Receiver; on(event: 'error', listener: (error: Error) => void): Receiver };
/** ws exports its Receiver; @types/ws does not declare it. */
const { Receiver } = ws as unknown as { Receiver: new (options: { isServer: boolean }) => Receiver };

/** Parses bytes as a client would: ws's own Receiver, client side (it expects unmasked frames from a server). */
function received(bytes: Buffer): Promise<{ text: string; isBinary: boolean }> {
  return new Promise((resolve, reject) => {
    const receiver = new Receiver({ isServer: false });
    receiver.on('message', (data, isBinary) => resolve({ text: String(data), isBinary }));
    receiver.on('error', reject);
    receiver.write(bytes);
  });
}

describe('a text frame built once', () => {
  it.each([
    ['a short message', '{"type":"pong","id":1}'],
    ['one of 126 bytes and more (16-bit length)', JSON.stringify({ type: 'product.updated', name: 'x'.repeat(300) })],
    ['one of 64 KB and more (64-bit length)', JSON.stringify({ type: 'product.updated', name: 'y'.repeat(70_000) })],
    ['one with non-ASCII text', JSON.stringify({ name: 'ताज़ा पनीर 200g ₹90' })],
  ])('is an unmasked, final text frame that a client reads back unchanged: %s', async (_, text) => {
    const frame = textFrame(text);
    expect(frame.bytes[0]).toBe(0x81); // FIN + text
    expect(frame.bytes[1]! & 0x80).toBe(0); // not masked
    expect(frame.payload.equals(Buffer.from(text))).toBe(true);
    expect(await received(frame.bytes)).toEqual({ text, isBinary: false });
  });
});
