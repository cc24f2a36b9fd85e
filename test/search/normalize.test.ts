import { describe, expect, it } from "vitest";
import { normalise, tokenize } from "../../src/search/normalize.js";
import { stem } from "../../src/search/stem.js";
import { PhraseSet } from "../../src/search/phrases.js";

describe("normalise", () => {
  it("lower-cases, folds ё, drops punctuation and emoji, splits digits from letters", () => {
    expect(normalise("Снёс ДВЕ карты!!! 👍")).toBe("снес две карты");
    expect(normalise("не равном 10-ти, «6пик»")).toBe("не равном 10 ти 6 пик");
    expect(tokenize("   ")).toEqual([]);
  });
});

describe("stem", () => {
  it("brings word forms together and keeps й", () => {
    expect(stem("прикупа")).toBe(stem("прикуп"));
    expect(stem("распасах")).toBe(stem("распасы"));
    expect(stem("чужой")).toContain("чуж");
    expect(stem("11")).toBe("11");
  });
});

describe("PhraseSet", () => {
  const set = new PhraseSet();
  set.add("засвет*", "exposed");
  set.add("сдатчик", "dealer");
  set.add("на пасах", "allpass");
  set.add("=вистующий", "defender");
  set.add("играли", "play");
  set.add("играющ*", "declarer");
  const scan = (text: string) => {
    const t = tokenize(text);
    return set.scan(t, t.map(stem)).map((h) => h.labels.join("+"));
  };

  it("matches prefixes, stems, exact forms and phrases", () => {
    expect(scan("сдатчика засветила")).toEqual(["dealer", "exposed"]);
    expect(scan("это было на пасах")).toEqual(["allpass"]);
    expect(scan("вистующий вистующим")).toEqual(["defender"]);
  });

  it("prefers the longer match where a short stem would also fit", () => {
    // играющий stems to игра, like играли; the prefix играющ* says more
    expect(scan("играющий")).toEqual(["declarer"]);
  });
});

describe("PhraseSet, a word of any kind", () => {
  const set = new PhraseSet(new Set(["не"]));
  set.add("пока ~ сдавал*", "dealing");
  const scan = (text: string) => {
    const t = tokenize(text);
    return set.scan(t, t.map(stem)).map((h) => h.labels.join("+"));
  };

  it("stands for a name said inside a phrase, not for a negation", () => {
    expect(scan("пока Серёга сдавал, Андрей взял карту")).toEqual(["dealing"]);
    expect(scan("пока не сдавали")).toEqual([]);
  });

  it("stands only between two words", () => {
    expect(() => new PhraseSet().add("~ сдавал", "x")).toThrow(/between two words/);
    expect(() => new PhraseSet().add("сдавал ~", "x")).toThrow(/between two words/);
  });
});

describe("PhraseSet, per-word candidates", () => {
  const scan = (set: PhraseSet, text: string): string[] => {
    const t = tokenize(text);
    return set.scan(t, t.map(stem)).map((h) => `${h.start}:${h.length}:${h.labels.join("+")}`);
  };

  it("pools the labels of equal patterns, first added first, and the same word again gives the same", () => {
    const set = new PhraseSet();
    set.add("прикуп", "talon");
    set.add("=прикуп", "exact");
    set.add("прикуп*", "p1");
    set.add("прик*", "p2");
    set.add("снос", "a");
    set.add("снос", "b");
    set.add("снос", "a");
    // the exact form (100) beats the stem and the prefixes; other forms get the stem and the equally
    // long prefix together (a tie pools labels), the shorter prefix loses
    expect(scan(set, "прикуп прикупа прикупом")).toEqual(["0:1:exact", "1:1:talon+p1", "2:1:talon+p1"]);
    expect(scan(set, "прикидка")).toEqual(["0:1:p2"]);
    expect(scan(set, "снос сноса")).toEqual(["0:1:a+b", "1:1:a+b"]);
  });

  it("weighs a longer phrase over one word, and checks the later words in place", () => {
    const set = new PhraseSet();
    set.add("ход", "move");
    set.add("первый ход", "first");
    set.add("перв* ход* вне очеред*", "out-of-turn");
    expect(scan(set, "первый ход")).toEqual(["0:2:first"]);
    expect(scan(set, "первым ходом вне очереди")).toEqual(["0:4:out-of-turn"]);
    // the same first word where the rest does not follow: the short pattern, then the next word
    expect(scan(set, "первый вне ход")).toEqual(["2:1:move"]);
    expect(scan(set, "первым ходом вне")).toEqual(["0:2:first"]);
  });

  it("sees patterns added after a look-up", () => {
    const set = new PhraseSet();
    set.add("карта", "card");
    expect(scan(set, "колода карта")).toEqual(["1:1:card"]);
    set.add("колод*", "deck");
    expect(scan(set, "колода карта")).toEqual(["0:1:deck", "1:1:card"]);
  });

  it("leaves a hit's labels alone when a label is added later", () => {
    const set = new PhraseSet();
    set.add("пас", "pass");
    const t = ["пас"];
    const hit = set.matchAt(t, t.map(stem), 0)!;
    set.add("пас", "allpass");
    expect(hit.labels).toEqual(["pass"]);
    expect(set.matchAt(t, t.map(stem), 0)!.labels).toEqual(["pass", "allpass"]);
  });
});
