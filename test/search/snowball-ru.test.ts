import { describe, expect, it } from "vitest";
import nlpRu from "@nlpjs/lang-ru";
import { snowballRu } from "../../src/search/snowball-ru.js";

interface PackageStemmer {
  setCurrent(word: string): void;
  innerStem(): void;
  getCurrent(): string;
}
const pkg = new nlpRu.StemmerRu() as unknown as PackageStemmer;
const packageStem = (word: string): string => {
  pkg.setCurrent(word);
  pkg.innerStem();
  return pkg.getCurrent();
};

/** every string over `letters` of length `len` */
function* words(letters: string, len: number, prefix = ""): Generator<string> {
  if (len === 0) {
    yield prefix;
    return;
  }
  for (const c of letters) yield* words(letters, len - 1, prefix + c);
}

describe("snowballRu", () => {
  it("stems players' and the rules' words as the package does", () => {
    const sample = [
      "прикупа", "прикуп", "распасах", "распасы", "вистующий", "вистующим", "играющий", "сдатчика", "засветила",
      "засвеченная", "ренонс", "взяток", "сносил", "посмотревшись", "красивейшее", "длинный", "ценность", "сдвинули",
      "перетасовал", "подсказывающая", "объявлений", "чужой", "пасующему", "старейшинн", "сыгранный", "тишь",
    ];
    for (const w of sample) expect(snowballRu(w), w).toBe(packageStem(w));
  });

  it("agrees with the package on every short word over the letters its suffixes are made of", () => {
    // vowels and the consonants of the suffix lists: every region and every list is reached
    let checked = 0;
    for (let len = 1; len <= 4; len++) {
      for (const w of words("аеиоыяюнвшсьйщмлт", len)) {
        if (snowballRu(w) !== packageStem(w)) expect(snowballRu(w), w).toBe(packageStem(w));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(80_000);
  });

  it("agrees with the package on stems followed by chains of the suffixes it strips", () => {
    const endings = ["вшись", "ившись", "ывшись", "ся", "сь", "ейше", "ейш", "ость", "ост", "нн", "н", "ь", "и", "ующ", "ивш", "ем", "ющ", "щ", "ого", "ему", "ыми", "иями", "ями", "ах", "ешь", "ует", "уйте", "ено", "ать", "ять", "ла", "ила", "ыла"];
    const stems = ["пр", "сд", "вист", "игра", "засвет", "кра", "дли", "а", "я", "ян", "ин", "пасу", "ц", "тоннел"];
    for (const s of stems) for (const a of endings) for (const b of ["", ...endings]) {
      const w = s + a + b;
      if (snowballRu(w) !== packageStem(w)) expect(snowballRu(w), w).toBe(packageStem(w));
    }
  });

  it("agrees with the package where the regions decide (ост, ость only in R2; нн after ейш)", () => {
    for (let len = 1; len <= 6; len++) {
      for (const p of words("аоинтсь", len)) {
        for (const e of ["ость", "ост", "ейше", "ейшн", "нн", "ии", ""]) {
          const w = p + e;
          if (snowballRu(w) !== packageStem(w)) expect(snowballRu(w), w).toBe(packageStem(w));
        }
      }
    }
  });
});
