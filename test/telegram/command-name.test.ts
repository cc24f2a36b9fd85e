import { describe, expect, it } from "vitest";
import { commandName } from "../../src/telegram/dialog.js";

const NAMES = ["start", "help", "rule", "ruleset"] as const;

describe("commandName", () => {
  it("reads the command grammY matched, with or without the bot's name and arguments", () => {
    expect(commandName("/rule 10.4.6", NAMES)).toBe("rule");
    expect(commandName("/ruleset zinin", NAMES)).toBe("ruleset");
    expect(commandName("/rule@JudgeBot 10.4.6", NAMES)).toBe("rule");
    expect(commandName("/start fspr-10_4_6", NAMES)).toBe("start");
    expect(commandName("/help", NAMES)).toBe("help");
  });

  it("falls back to the first name for anything else", () => {
    expect(commandName("/Rule 10.4.6", NAMES)).toBe("start");
    expect(commandName("rule", NAMES)).toBe("start");
    expect(commandName("", NAMES)).toBe("start");
  });
});
