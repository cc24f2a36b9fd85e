/** The judge's own words (not rules: those live in knowledge/). Short, Russian. */

export const T = {
  greeting:
    "Я судья по преферансу: разбираю ошибки за столом по Спортивному кодексу ФСПР (раздел 10) и таблице ошибок Д. Зинина.\n" +
    "Опишите, что случилось, своими словами — я уточню, если нужно, и скажу, какое наказание и что делать сейчас.",
  examples:
    "Например:\n" +
    "• «при сдаче открылась карта»\n" +
    "• «вистующий положил трефу, хотя черви у него были»\n" +
    "• «разыгрывающий после первого хода подсмотрел свой снос»\n" +
    "Или номер пункта: «10.4.6», «Зинин 4.5». Все пункты — /list.",
  commands:
    "Команды: /new — новый случай, /list — все пункты, /rule 10.4.6 — пункт по номеру, /ruleset — по какому документу судить, /settings — как считать очки, /help — подсказка.",
  describe: "Опишите, что случилось за столом.",
  nothing: "Не нашёл подходящего пункта.",
  notIrregularity:
    "Это не нарушение — я разбираю ошибки по кодексу ФСПР и таблице Зинина: что-то пошло не по правилам за столом. " +
    "Правила игры, стратегию и подсчёт обычной сдачи я не объясняю. Все пункты — /list.\n" +
    "Пример случая: «вистующий положил трефу, хотя черви у него были».",
  pick: "Что из этого произошло?",
  noneFits: "Ничего не подходит",
  describeAgain: "Опишите случай иначе: кто ошибся (сдающий, разыгрывающий, вистующий), что сделал и на каком этапе. Или выберите раздел:",
  closed: "Этот вопрос уже закрыт — опишите случай заново.",
  dontKnow: "Не знаю",
  back: "← Назад",
  clauseText: "Текст пункта",
  changeAnswer: "Изменить ответ",
  newCase: "Новый случай",
  apply: "Применить к случаю",
  toSection: "← К разделу",
  toSections: "← К разделам",
  toDocuments: "← К документам",
  listDocs: "Какой документ открыть?",
  rulesetAsk: "По какому документу судить?",
  rulesetNames: { fspr: "Только кодекс ФСПР", zinin: "Только таблица Зинина", both: "Оба: ФСПР, затем Зинин" },
  rulesetSet: "Теперь сужу так:",
  ruleAsk: "Напишите номер пункта или слова из него: /rule 10.4.6, /rule Зинин 4.5, /rule снос.",
  ruleCandidates: "Какой пункт показать?",
  silent: "Позовите судью турнира.",
  // «молчит» alone sent a player off where another clause of the document speaks (audit AO: 10.4.14 against 10.3.2)
  noText: "В документе у этого пункта есть только заголовок, текста нет: по нему самому кодекс ничего не назначает.",
  /** under an empty clause: the clauses of the same document its card points to */
  noTextSee: "Похожие случаи тот же документ решает в пунктах (если ваш — среди них, правило там):",
  conditional: "Зависит от того, чего вы не знаете",
  depends: "Смотря по обстоятельствам",
  otherwise: "В остальных случаях",
  words: "Слова документа",
  basis: "Основание",
  gap: "Чего нет в документе",
  /** a clause's reading of a case its words do not name (knowledge `readings`) */
  reading: "Как прочитан пункт",
  conflict: "Расхождение",
  /** a conflict between two clauses of one document */
  selfConflict: "Документ противоречит сам себе",
  /** under a ruling, where the same document rules the case otherwise in another clause */
  selfConflictRuling: "⚠ Документ здесь противоречит сам себе",
  seeDetails: "как именно, см. «Подробнее».",
  /** a branch of a «Не знаю» overview whose ruling is all in the lines said above the branches */
  sharedOnly: "только сказанное выше.",
  /** a branch of a «Не знаю» overview cut to the lines that tell it apart */
  cutMark: "…",
  cutBranches: "Ветви с «…» сокращены, чтобы ответ поместился на экран: правило целиком — в словах пункта и в ответе на вопрос (✎).",
  silentBranch: "документ здесь молчит — позовите судью турнира.",
  /** «• Остальные случаи — в решениях строки Зинин 4.2» — branches of the other row beyond those listed */
  moreBranches: "Остальные случаи — в решениях (команда /rule) пункта",
  /** a silent branch whose matter another clause of the same document rules */
  silentSee: "этот пункт здесь молчит; об этом —",
  sameMatter: "О том же в другом документе",
  /** «…: просмотр: самовольно» — a condition of the clause's words the message did not mention (facts.yaml `assumed_unless_told`) */
  conditionAssumed: "Принято по словам пункта, раз в сообщении об этом не сказано (изменить — ✎):",
  /** «…: играли: игру.» — a fact the judge took from another the message states (a level of six: a game) */
  derivedAssumed: "Выведено из сказанного, прямо в сообщении этого нет (изменить — ✎):",
  /** «…: в розыгрыше.» — the moment a one-phase clause takes when the message does not name it */
  phaseAssumed: "Момент случая взят по пункту: правило о случившемся",
  /** the other document's rows on the matter all speak of another act than the case in hand */
  otherAside: "у каждой строки свой случай, этот прямо ни одна не называет",
  otherAsideOne: "о другом случае",
  /** «Зинин 2.2 «Показ карты», если в торговле: …» — a link that bears only under facts still open */
  linkIf: "если",
  and: "и",
  seeCard: "как именно, в «Текст пункта».",
  inCard: "в «Текст пункта».",
  caseOn: "Пункт",
  newPrompt: "Новый случай. Опишите, что случилось за столом.",
  change: "Изменить",
  notIn: { fspr: "В кодексе ФСПР этого нет", zinin: "В таблице Зинина этого нет" },
  inDocument: { fspr: "в кодексе ФСПР", zinin: "в таблице Зинина" },
  /** under an empty clause, by both documents: the other's rows on the clauses it points to */
  otherNear: { fspr: "В кодексе ФСПР о таких ошибках — пункты:", zinin: "В таблице Зинина о таких ошибках — строки:" },
  changeMark: "✎",
  settingsAsk: "Как считать очки? Цен взятки нет ни в кодексе ФСПР, ни в таблице Зинина — это соглашение записи пули.",
  settingsSet: "Теперь очки считаю так:",
  levelBidding: "На каком уровне шла торговля, когда это случилось?",
} as const;
