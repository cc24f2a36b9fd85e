/**
 * A throw-away PostgreSQL server of the tests' own: initdb into a temporary folder, pg_ctl start
 * on a free loopback port, pg_ctl stop at the end. The binaries come from PATH or Debian's
 * /usr/lib/postgresql/<version>/bin. PostgreSQL refuses to run as root, so under root (CI, the
 * dev machines) it runs as the `postgres` user, or `nobody`.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { freePort } from "./ports.js";
import { serverAvailable } from "./server-binary.js";

export const POSTGRES_INSTALL = "apt-get install -y postgresql";

/** the folder with initdb, pg_ctl and postgres, or undefined */
export function postgresBinDir(): string | undefined {
  const onPath = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).stdout.trim();
  if (onPath) return join(onPath, "..");
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0]!, "bin") : undefined;
}

/** whether the Postgres tests can run here (one visible line when they cannot; a failure under TEST_REQUIRE_SERVERS=1) */
export function postgresAvailable(): boolean {
  const dir = postgresBinDir();
  return serverAvailable(dir ? join(dir, "postgres") : "postgres", POSTGRES_INSTALL);
}

export interface PostgresServer {
  readonly url: string;
  stop(): Promise<void>;
}

function runAs(user: string | undefined, command: string, args: readonly string[]): void {
  const [bin, argv] = user ? ["runuser", ["-u", user, "--", command, ...args]] : [command, [...args]];
  const result = spawnSync(bin, argv, { encoding: "utf8", timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status}): ${result.stderr || result.stdout}`);
}

function unprivilegedUser(): { name: string; uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  for (const name of ["postgres", "nobody"]) {
    const ids = spawnSync("id", ["-u", name], { encoding: "utf8" });
    const gids = spawnSync("id", ["-g", name], { encoding: "utf8" });
    if (ids.status === 0 && gids.status === 0) return { name, uid: Number(ids.stdout.trim()), gid: Number(gids.stdout.trim()) };
  }
  throw new Error("running as root and found neither a postgres nor a nobody user to run PostgreSQL as");
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(`PostgreSQL is not installed (${POSTGRES_INSTALL})`);
  const base = mkdtempSync(join(tmpdir(), "sudya-pg-"));
  const data = join(base, "data");
  const user = unprivilegedUser();
  if (user) {
    chmodSync(base, 0o755);
    chownSync(base, user.uid, user.gid);
  }
  const port = await freePort();
  runAs(user?.name, join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  runAs(user?.name, join(bin, "pg_ctl"), [
    "-D",
    data,
    "-l",
    join(base, "server.log"),
    "-w",
    "-t",
    "30",
    "-o",
    `-p ${port} -h 127.0.0.1 -k ${base} -F -c max_connections=30`,
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      try {
        runAs(user?.name, join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    },
  };
}
