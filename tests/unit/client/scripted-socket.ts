/**
 * The browser's WebSocket as far as the live socket uses it: the test plays the server. Install it with
 * `vi.stubGlobal('WebSocket', ScriptedSocket)` and empty `opened` before each test.
 */
export class ScriptedSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static opened: ScriptedSocket[] = [];
  readyState = ScriptedSocket.CONNECTING;
  /** The page's frames, parsed. */
  sent: { type: string; id: number }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    ScriptedSocket.opened.push(this);
  }
  send(frame: string): void {
    this.sent.push(JSON.parse(frame));
  }
  close(): void {
    this.readyState = 3;
  }
  /** The server's frame, as the page receives it. */
  receive(message: object): void {
    this.onmessage!({ data: JSON.stringify(message) });
  }
  /** The server says hello (the socket is registered): the role it sees and the cadence it asks for, if any. */
  hello({ role = 'visitor', pingEveryMs }: { role?: string; pingEveryMs?: number } = {}): void {
    this.readyState = ScriptedSocket.OPEN;
    this.receive({ type: 'hello', role, ...(pingEveryMs ? { pingEveryMs } : {}) });
  }
  /** The server closes the socket with this code. */
  closedByServer(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  /** The server answers the page's last ping. */
  pong(): void {
    this.receive({ type: 'pong', id: this.sent.at(-1)!.id });
  }
}
