/**
 * Just enough of a Redis server on 127.0.0.1 for ioredis to connect, pass its ready check and
 * keep a few keys (GET, SET with EX, DEL), so an outage can be staged where redis-server is not
 * installed: stop() closes the port and cuts every connection, start() opens the same port again.
 */
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

function bulk(s: string | undefined): string {
  return s === undefined ? "$-1\r\n" : `$${Buffer.byteLength(s)}\r\n${s}\r\n`;
}

/** Parses whole RESP arrays of bulk strings off the front of `buffer`; returns them and the rest. */
function parse(buffer: string): { commands: string[][]; rest: string } {
  const commands: string[][] = [];
  let at = 0;
  for (;;) {
    const head = /^\*(\d+)\r\n/.exec(buffer.slice(at));
    if (!head) break;
    let p = at + head[0].length;
    const args: string[] = [];
    let whole = true;
    for (let i = 0; i < Number(head[1]); i++) {
      const len = /^\$(\d+)\r\n/.exec(buffer.slice(p));
      if (!len || buffer.length < p + len[0].length + Number(len[1]) + 2) {
        whole = false;
        break;
      }
      p += len[0].length;
      args.push(buffer.slice(p, p + Number(len[1])));
      p += Number(len[1]) + 2;
    }
    if (!whole) break;
    commands.push(args);
    at = p;
  }
  return { commands, rest: buffer.slice(at) };
}

export class FakeRedis {
  #server: Server | undefined;
  #port = 0;
  readonly #sockets = new Set<Socket>();
  readonly #keys = new Map<string, string>();

  get url(): string {
    return `redis://127.0.0.1:${this.#port}`;
  }

  async start(): Promise<void> {
    const server = createServer((socket) => {
      this.#sockets.add(socket);
      socket.on("close", () => this.#sockets.delete(socket));
      socket.on("error", () => undefined);
      socket.setEncoding("latin1");
      let pending = "";
      socket.on("data", (chunk: string) => {
        const { commands, rest } = parse(pending + chunk);
        pending = rest;
        for (const args of commands) socket.write(this.#answer(args));
      });
    });
    await new Promise<void>((resolve) => server.listen(this.#port, "127.0.0.1", resolve));
    this.#port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const s of this.#sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  #answer([name = "", ...args]: string[]): string {
    switch (name.toUpperCase()) {
      case "INFO":
        return bulk("# Server\r\nredis_version:7.2.0\r\nloading:0\r\n");
      case "PING":
        return "+PONG\r\n";
      case "GET":
        return bulk(this.#keys.get(args[0]!));
      case "SET":
        this.#keys.set(args[0]!, args[1]!);
        return "+OK\r\n";
      case "DEL":
        return `:${this.#keys.delete(args[0]!) ? 1 : 0}\r\n`;
      default:
        return "+OK\r\n";
    }
  }
}
