/** A button's words typed instead of pressed do what the press does; they are not searched as a description. */
import { describe, expect, it } from "vitest";
import { parseState } from "../../src/engine/state.js";
import { T } from "../../src/engine/texts.js";
import { command, find, last, press, say } from "./drive.js";
import { real } from "./setup.js";

const { judge } = real();

describe("a button's words typed", () => {
  it("«Применить к случаю» under a clause card applies that clause, as the press does", () => {
    const card = command(judge, null, "rule", "10.4.6");
    const typed = say(judge, card.state, "применить к случаю");
    const pressed = press(judge, card.state, find(last(card), "p", "fspr-10.4.6")!);
    expect(parseState(typed.state)?.stage).toBe("ask");
    expect(parseState(typed.state)?.clause).toBe("fspr-10.4.6");
    expect(last(typed).text).toBe(last(pressed).text);
  });

  it("«Применить к случаю» with no card shown is searched as words, as before", () => {
    const typed = say(judge, null, T.apply);
    expect(parseState(typed.state)?.stage).not.toBe("ask");
  });

  it("«Текст пункта» and «Новый случай» under a ruling show the card and start a new case", () => {
    const ruling = say(judge, null, "сдающий открыл карту при сдаче");
    expect(parseState(ruling.state)?.stage).toBe("verdict");
    const card = say(judge, ruling.state, "Текст пункта");
    expect(last(card).citations).toEqual(["fspr-10.1.1"]);
    expect(last(card).text).toMatch(/^ФСПР 10\.1\.1 «/);
    // the ruling's own buttons still work: the card changed nothing of the case
    expect(parseState(card.state)?.version).toBe(parseState(ruling.state)?.version);

    const fresh = say(judge, ruling.state, "новый случай");
    expect(last(fresh).text).toBe(T.newPrompt);
    expect(parseState(fresh.state)?.stage).toBe("idle");
  });
});
