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
