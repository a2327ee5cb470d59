import { STOMP_RECONNECT_HEADER } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable, SERVICE_UNAVAILABLE_TEXT } from '../lib/errors.js';
import type { SocketAuth, SocketIdentity } from './auth.js';
import { encodeFrame, FrameError, FrameParser, type Frame } from './codec.js';
import type { Destinations } from './destinations.js';
import type { Hub, HubSession } from './hub.js';
import { STOMP_TEXTS, StompError } from './texts.js';

/** The transport under a session: a SockJS connection, or anything that carries text both ways. */
export interface Transport {
  write(data: string): void;
  close(): void;
}

export const MAX_FRAME_BYTES = 64 * 1024;
export const MAX_SUBSCRIPTIONS = 20;
/** the server's heart-beat: it can send and wants to receive every 10 s (docs/api.md §5.2) */
export const HEART_BEAT_MS = 10_000;
const CONNECT_WITHIN_MS = 10_000;
/** a peer silent for this many of its intervals is gone */
const SILENT_INTERVALS = 3;

export interface SessionDeps {
  hub: Hub;
  destinations: Destinations;
  auth: SocketAuth;
  log: FastifyBaseLogger;
}

/**
 * One STOMP 1.2 session over one socket, bound to the handshake token's user (login/passcode are ignored).
 * Frames are handled one at a time, in order. Any refusal is an ERROR frame followed by closing the socket.
 */
export class StompSession implements HubSession {
  readonly subscriptions = new Map<string, string>();
  private readonly parser = new FrameParser(MAX_FRAME_BYTES);
  private state: 'new' | 'connected' | 'closed' = 'new';
  /** the socket went away while connected: SEND frames received before still run (see `close`) */
  private sendsAfterClose = false;
  private queue: Promise<void> = Promise.resolve();
  private lastInbound = Date.now();
  private timers: NodeJS.Timeout[] = [];
  private draining = false;

  constructor(
    private readonly transport: Transport,
    private readonly identity: SocketIdentity,
    private readonly deps: SessionDeps,
    private readonly onClosed: () => void = () => {},
  ) {
    deps.hub.add(this);
    this.timers.push(setTimeout(() => this.state === 'new' && this.close(), CONNECT_WITHIN_MS));
  }

  get userId() {
    return this.identity.user.id;
  }

  /** Text from the socket: zero or more frames, heart-beats, or part of a frame. */
  receive(data: string) {
    if (this.state === 'closed' || this.draining) return;
    this.lastInbound = Date.now();
    let frames: Frame[];
    try {
      frames = this.parser.push(data);
    } catch (err) {
      this.fail(err instanceof FrameError && err.kind === 'too_large' ? STOMP_TEXTS.frameTooLarge : STOMP_TEXTS.malformedFrame);
      return;
    }
    for (const frame of frames) this.queue = this.queue.then(() => this.handle(frame));
  }

  write(frame: string) {
    if (this.state !== 'closed') this.transport.write(frame);
  }

  /**
   * Ends the session without a frame (socket gone, socket limit, sessions revoked, shutdown). With `socketGone`,
   * the SEND frames already received are still handled: their lines left the sender's screen, so they are stored.
   */
  close(socketGone = false) {
    if (this.state === 'closed') return;
    this.sendsAfterClose = socketGone && this.state === 'connected';
    this.state = 'closed';
    for (const timer of this.timers) clearTimeout(timer);
    this.deps.hub.remove(this);
    this.transport.close();
    this.onClosed();
  }

  /** Shutdown: stops reading frames; resolves once those already received are handled (a SEND stored and answered). */
  async drain() {
    this.draining = true;
    await this.queue;
  }

  /** ERROR with the text as `message` header and plain-text body, then close (STOMP requires it). */
  fail(text: string, receipt?: string, extra: Record<string, string> = {}) {
    if (this.state === 'closed') return;
    const headers: Record<string, string> = { message: text, 'content-type': 'text/plain;charset=utf-8', ...extra };
    if (receipt !== undefined) headers['receipt-id'] = receipt;
    this.transport.write(encodeFrame('ERROR', headers, text));
    this.close();
  }

  /** The instance is stopping: an ERROR that tells the client to connect again (elsewhere), then close. */
  moveAway() {
    this.fail(STOMP_TEXTS.moving, undefined, { [STOMP_RECONNECT_HEADER]: 'true' });
  }

  private async handle(frame: Frame) {
    if (this.state === 'closed' && !(this.sendsAfterClose && frame.command === 'SEND')) return;
    const receipt = frame.headers.receipt;
    try {
      if (!(await this.deps.auth.stillValid(this.identity))) throw new StompError(STOMP_TEXTS.loginRequired);
      if (this.state === 'new') {
        if (frame.command !== 'CONNECT' && frame.command !== 'STOMP') throw new StompError(STOMP_TEXTS.connectFirst);
        this.connect(frame);
        return;
      }
      await this.dispatch(frame);
      if (receipt !== undefined && this.state === 'connected') this.write(encodeFrame('RECEIPT', { 'receipt-id': receipt }));
      if (frame.command === 'DISCONNECT') this.close();
    } catch (err) {
      this.fail(this.failureText(err), receipt);
    }
  }

  /** A refusal says its own text; the database away says so as HTTP does (503); anything else is a server error. */
  private failureText(err: unknown): string {
    if (err instanceof StompError) return err.message;
    if (isDatabaseUnavailable(err)) {
      this.deps.log.warn({ err }, 'STOMP frame failed: the database does not answer');
      return SERVICE_UNAVAILABLE_TEXT;
    }
    this.deps.log.error({ err }, 'STOMP frame failed');
    return STOMP_TEXTS.serverError;
  }

  private async dispatch(frame: Frame) {
    const { command, headers } = frame;
    switch (command) {
      case 'SUBSCRIBE': {
        if (headers.id === undefined || headers.destination === undefined) throw new StompError(STOMP_TEXTS.missingHeader);
        if (!this.subscriptions.has(headers.id) && this.subscriptions.size >= MAX_SUBSCRIPTIONS) {
          throw new StompError(STOMP_TEXTS.tooManySubscriptions);
        }
        await this.deps.destinations.authorizeSubscribe(this.identity.user, headers.destination);
        if (this.state === 'connected') this.deps.hub.subscribe(this, headers.id, headers.destination);
        return;
      }
      case 'UNSUBSCRIBE':
        if (headers.id === undefined) throw new StompError(STOMP_TEXTS.missingHeader);
        this.deps.hub.unsubscribe(this, headers.id);
        return;
      case 'SEND':
        if (headers.destination === undefined) throw new StompError(STOMP_TEXTS.unsupportedDestination);
        await this.deps.destinations.handleSend(this.identity.user, headers.destination, frame.body);
        return;
      case 'DISCONNECT':
        return;
      case 'CONNECT':
      case 'STOMP':
        throw new StompError(STOMP_TEXTS.alreadyConnected);
      default:
        // ACK, NACK, BEGIN, COMMIT, ABORT (docs/api.md §5.2) and unknown commands
        throw new StompError(STOMP_TEXTS.unsupportedCommand);
    }
  }

  private connect(frame: Frame) {
    const versions = (frame.headers['accept-version'] ?? '').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) throw new StompError(STOMP_TEXTS.unsupportedVersion);
    this.state = 'connected';
    const [cx, cy] = (frame.headers['heart-beat'] ?? '0,0').split(',').map((v) => Number(v) || 0);
    this.transport.write(
      encodeFrame('CONNECTED', {
        version: '1.2',
        'heart-beat': `${HEART_BEAT_MS},${HEART_BEAT_MS}`,
        // an account without a login id is named as its tokens name it (docs/api.md §10.3)
        'user-name': this.identity.user.loginId ?? `u${this.identity.user.id}`,
      }),
    );
    // STOMP 1.2 negotiation: we send every max(ours, what they want), and expect every max(theirs, ours)
    if (cy > 0) {
      const every = Math.max(HEART_BEAT_MS, cy);
      this.timers.push(setInterval(() => this.write('\n'), every));
    }
    if (cx > 0) {
      const every = Math.max(HEART_BEAT_MS, cx);
      this.timers.push(
        setInterval(() => {
          if (Date.now() - this.lastInbound > every * SILENT_INTERVALS) this.close();
        }, every),
      );
    }
  }
}
