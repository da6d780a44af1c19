import type { RawData, WebSocket } from 'ws';
import { WS_CLOSE, WsClientMessage, type WsMessage } from '../../core/contracts/ws';

/** A ping is a few dozen bytes; a longer text frame is not one, whatever it holds, and is not parsed. */
const MAX_PING_CHARS = 64;

/**
 * A ping exactly as the browser client writes it (`JSON.stringify({ type: 'ping', id })`): a visible page sends one
 * every second or few (ping-cadence.ts), so this one shape is recognised without JSON.parse or the schema. The id is
 * a JSON integer (no leading zero) of at most 15 digits, so a safe integer, as the schema demands. Any other spelling
 * takes the general path.
 */
const USUAL_PING = /^\{"type":"ping","id":(0|[1-9]\d{0,14})\}$/;

function parsePing(data: RawData, isBinary: boolean): WsClientMessage | null {
  if (isBinary) return null;
  const text = String(data);
  if (text.length > MAX_PING_CHARS) return null;
  const usual = USUAL_PING.exec(text);
  if (usual) return { type: 'ping', id: Number(usual[1]) };
  try {
    const parsed = WsClientMessage.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The one frame a client may send: the heartbeat's `ping`, answered at once with a `pong` of the same id. Returns
 * false for anything else, which the caller refuses.
 */
export function answerClientFrame(socket: WebSocket, data: RawData, isBinary: boolean): boolean {
  const ping = parsePing(data, isBinary);
  if (!ping) return false;
  const pong: WsMessage = { type: 'pong', id: ping.id };
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(pong));
  return true;
}

/** Sockets that sent something other than a ping, and are being closed for it. */
const refused = new WeakSet<WebSocket>();

/**
 * A socket's 'message' listener: the same function for every socket (a closure per socket would be held as long as
 * the socket is open). A ping gets its pong; anything else closes the socket.
 */
export function onClientFrame(this: WebSocket, data: RawData, isBinary: boolean): void {
  if (answerClientFrame(this, data, isBinary)) return;
  refused.add(this);
  this.close(WS_CLOSE.Unexpected, 'This socket accepts only {"type":"ping","id":<n>} frames');
}

export const wasRefused = (socket: WebSocket): boolean => refused.has(socket);
