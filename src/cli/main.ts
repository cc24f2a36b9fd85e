/**
 * The command line: `show <query>`, `match --jsonl`, `chat [--json]`. One entry point so the
 * console and the scripts share the same knowledge, matcher and judge as the bot.
 */
import { loadKnowledge, KnowledgeError } from "../knowledge/load.js";

const USAGE = `Использование:
  npm run --silent cli -- show <номер пункта>      пункт по номеру (10.4.6, Зинин 4.5, fspr-10.4.6)
  npm run --silent cli -- match --jsonl [--ruleset fspr|zinin|both]
  npm run chat [-- --ruleset fspr|zinin|both]      судья в терминале
  npm run --silent cli -- chat --json [--ruleset …]`;

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...args] = argv;
  let knowledge;
  try {
    knowledge = loadKnowledge();
  } catch (error) {
    if (error instanceof KnowledgeError) {
      process.stderr.write(`Ошибка в базе правил: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  switch (command) {
    case "show":
      return (await import("./show.js")).runShow(knowledge, args);
    case "match":
      return (await import("./match.js")).runMatch(knowledge, args);
    case "chat":
      return (await import("./chat.js")).runChat(knowledge, args);
    default:
      process.stderr.write(`${USAGE}\n`);
      return command === undefined || command === "help" || command === "--help" ? 0 : 1;
  }
}

// a reader that stops early (`… | head`) closes the pipe: that ends the run, it is no error
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(0);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
