/**
 * Telegram redelivers an update the bot did not confirm: after a crash between saving the dialog
 * and confirming the update, the same press arrives again. It is answered with where the dialog
 * is, not refused; any other press from the old question is still stale.
 */
import { describe, expect, it } from "vitest";
import { T } from "../../src/engine/texts.js";
import { answers, command, find, last, press } from "./drive.js";
import { real } from "./setup.js";

const { judge } = real();

describe("a press delivered twice", () => {
  it("shows the current question again instead of «закрыт»", () => {
    const card = command(judge, judge.initial("fspr"), "rule", "fspr-10.4.6");
    const first = press(judge, card.state, find(last(card), "p", "fspr-10.4.6")!);
    const question = last(first);
    const [value, data] = [...answers(question)].find(([v]) => v === "later")!;
    expect(value).toBe("later");
    const once = press(judge, first.state, data);
    const twice = press(judge, once.state, data);
    expect(last(twice).text).toBe(last(once).text);
    expect(last(twice).text).not.toContain(T.closed);
    expect(twice.state).toEqual(once.state);
  });

  it("takes another answer to the question just answered as a change of that answer", () => {
    const card = command(judge, judge.initial("fspr"), "rule", "fspr-10.4.6");
    const first = press(judge, card.state, find(last(card), "p", "fspr-10.4.6")!);
    const question = answers(last(first));
    const once = press(judge, first.state, question.get("later")!);
    const changed = press(judge, once.state, question.get("after_play")!);
    expect(changed.replies.at(-1)?.verdict).toEqual({ clause: "fspr-10.4.6", case: "mixed" });
    // two questions back is stale
    const again = press(judge, changed.state, question.get("later")!);
    expect(last(again).text).toBe(T.closed);
  });
});
