import type { Socket } from 'node:net';
import * as ws from 'ws';
import { WebSocket } from 'ws';

/**
 * One text message framed once for any number of sockets. `ws` frames every `send` anew (header, and for a string the
 * UTF-8 encoding too); a broadcast to thousands of sockets pays that per socket. Here the message is encoded and framed
 * once with ws's public `Sender.frame`, and the same bytes are written to each socket's TCP stream.
 */
export type TextFrame = { payload: Buffer; bytes: Buffer };

type FrameOptions = { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean };
/**
 * ws documents `Sender.frame` as public (lib/sender.js) and exports `Sender` from its CommonJS and ESM entries alike;
 * @types/ws does not declare it.
 */
const { Sender } = ws as unknown as { Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] } };

export function textFrame(text: string): TextFrame {
  const payload = Buffer.from(text);
  // A server's frames are never masked (RFC 6455 5.1); `readOnly` keeps ws from touching the payload.
  const parts = Sender.frame(payload, { fin: true, opcode: 0x1, mask: false, readOnly: true, rsv1: false });
  return { payload, bytes: parts.length === 1 ? parts[0]! : Buffer.concat(parts) };
}

/**
 * The TCP stream a ready-made frame may be written to directly: the upgraded request's `socket`, the stream ws itself
 * writes to, and only when no extension was negotiated on the socket. Then ws sends every frame whole and
 * synchronously, so a whole frame written between two of its frames cannot interleave with them. With an extension
 * (permessage-deflate compresses asynchronously, so ws queues its frames), ws must send every frame itself, in order.
 * The handshake settles the extensions once, so this is decided once per socket, not read from ws at every write (ws
 * builds that string anew each time).
 */
export function directStream(socket: WebSocket, stream: Socket | undefined): Socket | undefined {
  return socket.extensions === '' ? stream : undefined;
}

/** `stream`: the socket's `directStream`, or undefined for ws to send the frame itself. */
export function writeTextFrame(socket: WebSocket, stream: Socket | undefined, frame: TextFrame): void {
  if (socket.readyState !== WebSocket.OPEN) return;
  if (stream?.writable) stream.write(frame.bytes);
  else socket.send(frame.payload, { binary: false });
}

/** A ping with no payload (RFC 6455 5.5.2): the same two bytes for every socket. */
const PING_FRAME = Buffer.from([0x89, 0x00]);

/** Pings the socket with the ready-made frame (ws's own `ping` frames it anew and writes it as two buffers). */
export function writePing(socket: WebSocket, stream: Socket | undefined): void {
  if (socket.readyState !== WebSocket.OPEN) return;
  if (stream?.writable) stream.write(PING_FRAME);
  else socket.ping();
}
