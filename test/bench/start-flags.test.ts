import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeFlagsOf, startFlags } from "../../bench/start-flags.js";

const DOCKERFILE = readFileSync(join(process.cwd(), "Dockerfile"), "utf8");

describe("the Node flags the bot starts with", () => {
  it("are read from the start script, between node and the entry point", () => {
    expect(nodeFlagsOf("node dist/main.js")).toEqual([]);
    expect(nodeFlagsOf("node --max-semi-space-size=4 --trace-gc dist/main.js")).toEqual(["--max-semi-space-size=4", "--trace-gc"]);
    expect(() => nodeFlagsOf("tsx src/main.ts")).toThrow(/does not run node/);
  });

  it("hold V8's young generation small, the same in package.json's start script and in the image's CMD", () => {
    const flags = startFlags();
    expect(flags).toEqual(expect.arrayContaining(["--max-semi-space-size=4", "--min-semi-space-size=4"]));
    const cmd = /^CMD (\[.*\])$/m.exec(DOCKERFILE.slice(DOCKERFILE.lastIndexOf("FROM ")));
    expect(cmd, "the runtime stage's CMD").not.toBeNull();
    expect(JSON.parse(cmd![1]!)).toEqual(["node", ...flags, "dist/main.js"]);
  });
});
