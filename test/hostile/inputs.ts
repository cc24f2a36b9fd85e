/**
 * Hostile and odd input as fast-check arbitraries: what people (and scripts) actually send a
 * bot — very long messages, emoji, control characters, other alphabets, markup meant to break
 * HTML, forged / stale / oversize button data, unknown commands.
 */
import fc from "fast-check";

const INCIDENT_WORDS = [
  "сдающий",
  "засветил",
  "карту",
  "прикуп",
  "снос",
  "вистующий",
  "ренонс",
  "мизер",
  "распасы",
  "взятка",
  "пас",
  "опоздал",
];

const controlChar = fc.constantFrom(
  "\u0000",
  "\u0007",
  "\b",
  "\t",
  "\n",
  "\r",
  "\u001b",
  "\u007f",
  "\u200b",
  "\u200e",
  "\u202e",
  "\u2028",
  "\ufeff",
  "\ufffd",
);
const emoji = fc.constantFrom("🙂", "👍🏽", "👨‍👩‍👧‍👦", "🃏", "♠️", "♥", "🇷🇺", "❤️‍🔥", "\u{1F9D1}\u200D\u{1F4BB}");
const foreign = fc.constantFrom(
  "Ω Ψ λ",
  "مرحبا بالعالم",
  "שלום",
  "你好世界",
  "こんにちは",
  "ภาษาไทย",
  "Ελληνικά",
  "ĉu ŝi",
  "Zürich",
  "ỹ̴̧̛̗̓",
  "ꙮ",
);
const markup = fc.constantFrom(
  "<b>жирный</b>",
  "<script>alert(1)</script>",
  "</i></b>",
  '<a href="javascript:alert(1)">x</a>',
  "&amp; &lt; &#0; &#x110000; &nbsp",
  "*bold* _it_ [link](http://x) `code` ||spoiler||",
  "<tg-spoiler>",
  "<<<>>>&&&",
  "${process.env.BOT_TOKEN}",
  "'; DROP TABLE sessions; --",
);
const word = fc.constantFrom(...INCIDENT_WORDS);

const piece = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 2, arbitrary: word },
  { weight: 1, arbitrary: controlChar },
  { weight: 1, arbitrary: emoji },
  { weight: 1, arbitrary: foreign },
  { weight: 2, arbitrary: markup },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
);

/** Text mixing incident words with everything a text field can carry. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.array(piece, { maxLength: 12 }).map((ps) => ps.join(" ")) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("", " ", "\n\n\n", "\u0000", "/", "@", "?", "10.", "10.4.", "10.4.999", "0.0", "99999999999999999999"),
  },
  // Telegram delivers up to 4096 characters; a client or a forged update may carry more.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 4090, max: 12000 }), fc.constantFrom("а", "🃏", "<b>", "сдающий засветил карту ", "&", "x\n"))
      .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n)),
  },
);

const unknownCommandName = fc
  .stringMatching(/^[a-z_]{1,20}$/)
  .filter((n) => !["start", "help", "new", "list", "rule", "ruleset", "judge"].includes(n));

/** Unknown commands as text, with and without a bot mention and arguments. */
export const unknownCommand: fc.Arbitrary<string> = fc
  .tuple(unknownCommandName, fc.boolean(), fc.oneof(fc.constant(""), hostileText))
  .map(([name, mention, arg]) => `/${name}${mention ? "@sudya_test_bot" : ""}${arg ? ` ${arg}` : ""}`);

/** Button data nobody's keyboard ever carried. */
export const forgedData: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", minLength: 0, maxLength: 80 }),
  fc.string({ unit: "binary-ascii", minLength: 1, maxLength: 64 }),
  // right shape, wrong everything: dialog id, version, action and args from the codec's alphabet
  fc
    .tuple(
      fc.stringMatching(/^[0-9a-z]{1,6}$/),
      fc.stringMatching(/^[0-9a-z]{1,11}$/),
      fc.constantFrom("a", "u", "c", "x", "b", "k", "p", "l", "n", "r", "z"),
      fc.array(fc.stringMatching(/^[A-Za-z0-9_.-]{1,24}$/), { maxLength: 3 }),
    )
    .map(([d, t, a, args]) => [d, t, a, ...args].join(":")),
  fc.constantFrom(
    "k:fspr-10.4.6",
    "0:0:k:fspr-99.9",
    "0:0:r:evil",
    "0:0:l:zinin:99",
    "0:0:c:99",
    "0:0:c:-1",
    "0:0:a:..",
    "a".repeat(65),
    "я".repeat(40),
  ),
);
