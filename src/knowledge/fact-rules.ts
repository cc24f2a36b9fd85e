/**
 * What knowledge/facts.yaml says one fact's value settles of others, read the same way by the search
 * (facts a message states) and the engine (facts a clause rules on).
 */
import type { Fact } from "./types.js";

type Facts = ReadonlyMap<string, Fact>;
const NOTHING: Readonly<Record<string, string>> = Object.freeze({});

/** What `fact = value` settles where it is not known (`tells`): a мизер is the мизер level, a level of six to ten a game. */
export function toldBy(facts: Facts, fact: string, value: string): Readonly<Record<string, string>> {
  return facts.get(fact)?.tells?.[value] ?? NOTHING;
}

/** The values of `other` that `fact = value` leaves possible (`implies`: no declarer on распасы); undefined where it says nothing. */
export function impliedValues(facts: Facts, fact: string, value: string, other: string): readonly string[] | undefined {
  return facts.get(fact)?.implies?.[value]?.[other];
}
