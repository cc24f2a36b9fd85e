/** The button data codec: short ASCII, round trip, anything else rejected. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decode, encode, FREE_ACTIONS, MAX_DATA_BYTES, STATEFUL_ACTIONS } from "../../src/engine/buttons.js";

describe("button data", () => {
  it("round-trips dialog id, version, action and arguments", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-z]{1,4}$/),
        fc.nat(1_000_000),
        fc.constantFrom(...STATEFUL_ACTIONS, ...FREE_ACTIONS),
        fc.array(fc.stringMatching(/^[a-z0-9_.-]{1,14}$/), { maxLength: 2 }),
        (d, t, action, args) => {
          const data = encode({ d, t }, action, ...args);
          expect(Buffer.byteLength(data)).toBeLessThanOrEqual(MAX_DATA_BYTES);
          expect(decode(data)).toEqual({ d, t, action, args });
        },
      ),
    );
  });

  it("rejects what it did not make", () => {
    for (const bad of ["", ":", "a:b", "0:0:q", "0:0:a:ключ", "0:0:a:" + "x".repeat(30), "ABC:0:a", "0:0:a:a b", "x".repeat(65)]) {
      expect(decode(bad)).toBeNull();
    }
  });
});
