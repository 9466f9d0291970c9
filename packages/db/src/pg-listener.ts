// LISTEN/NOTIFY on PostgreSQL: one long-held connection of its own (not one of the pool's) that
// outlives the server. PostgreSQL ends it on a restart, a failover, an idle-connection reaper or
// pg_terminate_backend; the connection's `error` then must not reach the process (an `error`
// event nobody listens to ends it), and every channel listened to must be listened to again once
// a new connection is up. Reconnection starts at once and backs off to RECONNECT_MAX_MS.
// Notifications sent while no connection was up are lost (PostgreSQL keeps none for a listener
// that is gone): a subscriber's `onResubscribed` runs once its channel is listened to again, to
// read the state it reacts to (an event table, runnable jobs) for what it may have missed.
import pg from "pg";

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

type Handler = (payload: string) => void;

interface Subscription {
  onMessage: Handler;
  onResubscribed?: () => void;
}

const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

export class PgListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<Subscription>>();
  private everConnected = false;
  // LISTEN/UNLISTEN share one connection: run them one after another (pg deprecates overlap).
  private commands: Promise<unknown> = Promise.resolve();
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelay = RECONNECT_FIRST_MS;
  private closed = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly onConnectionLost: (error: Error | undefined) => void = () => {},
  ) {}

  /** Listens on `channel`; resolves to the function that stops listening. */
  async listen(channel: string, onMessage: Handler, onResubscribed?: () => void): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    const subscription: Subscription = { onMessage, onResubscribed };
    set.add(subscription);
    if (first) {
      try {
        await this.command(`LISTEN ${quote(channel)}`);
      } catch (error) {
        this.remove(channel, set, subscription);
        throw error;
      }
    }
    const subscriptions = set;
    return async () => {
      if (this.remove(channel, subscriptions, subscription)) await this.command(`UNLISTEN ${quote(channel)}`).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => {});
  }

  /** Drops a handler; true when it was the channel's last, so the channel is to be unlistened. */
  private remove(channel: string, set: Set<Subscription>, subscription: Subscription): boolean {
    set.delete(subscription);
    if (set.size > 0 || this.handlers.get(channel) !== set) return false;
    this.handlers.delete(channel);
    return true;
  }

  private command(sql: string): Promise<unknown> {
    const run = this.commands.then(async () => (await this.connect()).query(sql));
    this.commands = run.catch(() => {});
    return run;
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    if (this.closed) return Promise.reject(new Error("The database connection is closed"));
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client(this.config);
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      void client.end().catch(() => {});
      if (this.client === client) {
        this.client = null;
        this.onConnectionLost(error);
        this.scheduleReconnect();
      }
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    client.on("notification", (msg) => {
      for (const s of this.handlers.get(msg.channel) ?? []) s.onMessage(msg.payload ?? "");
    });
    try {
      await client.connect();
      // Every channel with handlers, the one being added included (its LISTEN repeats harmlessly).
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${quote(channel)}`);
    } catch (error) {
      lost = true;
      void client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      throw new Error("The database connection is closed");
    }
    this.client = client;
    this.retryDelay = RECONNECT_FIRST_MS;
    if (this.everConnected) for (const set of this.handlers.values()) for (const s of set) s.onResubscribed?.();
    this.everConnected = true;
    return client;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer || this.handlers.size === 0) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed || this.client || this.handlers.size === 0) return;
      this.connect().catch(() => {
        this.retryDelay = Math.min(this.retryDelay * 2, RECONNECT_MAX_MS);
        this.scheduleReconnect();
      });
    }, this.retryDelay);
    // A pending reconnection does not keep a process alive that has nothing else to do.
    this.retryTimer.unref();
  }
}
