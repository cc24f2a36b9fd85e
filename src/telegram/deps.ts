import type { StorageAdapter } from "grammy";
import type { Ruleset } from "../search/types.js";
import type { DialogDeps } from "./dialog.js";
import type { SessionData } from "./context.js";

/** What the features share: the judge, the session storage (read directly for group settings and inline mode). */
export interface FeatureDeps extends DialogDeps {
  readonly storage: StorageAdapter<SessionData>;
  readonly defaultRuleset: Ruleset;
}
