/**
 * Whether a server binary a suite needs (redis-server, …) is on PATH. Where it is not, the suite
 * is skipped with one line that says how to get it — on a user's machine. CI sets
 * TEST_REQUIRE_SERVERS=1, and there a missing server fails the run instead of skipping it.
 */
import { spawnSync } from "node:child_process";

export function serverAvailable(binary: string, install: string): boolean {
  const found = spawnSync(binary, ["--version"], { stdio: "ignore" }).error === undefined;
  if (found) return true;
  if (process.env.TEST_REQUIRE_SERVERS === "1")
    throw new Error(`${binary} is not on PATH and TEST_REQUIRE_SERVERS=1 forbids skipping its tests (${install})\n`);
  process.stderr.write(`skipped: the tests that need ${binary} (not on PATH; to run them: ${install})\n`);
  return false;
}
