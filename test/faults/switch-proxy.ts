/**
 * A TCP relay in front of the fake Bot API that can be switched off: then its port refuses
 * connections (and open ones are cut), as when Telegram or the network is unreachable.
 */
import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export class SwitchProxy {
  #server: Server | undefined;
  #port = 0;
  readonly #sockets = new Set<Socket>();
  #target = 0;

  get url(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  /** Starts relaying to `target` (the port given the first time, kept after). */
  async on(target?: number): Promise<void> {
    if (target !== undefined) this.#target = target;
    const server = createServer((client) => {
      const upstream = connect(this.#target, "127.0.0.1");
      for (const s of [client, upstream]) {
        this.#sockets.add(s);
        s.on("close", () => this.#sockets.delete(s));
        s.on("error", () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.#port, "127.0.0.1", resolve));
    this.#port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  async off(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    for (const s of this.#sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
