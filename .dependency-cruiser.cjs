// The arrows between the layers of src/ (docs/architecture.md, "The layers"):
//
//   cli -> mail, schedule -> engine -> games (through src/games/contract.ts) -> games/kit
//
// with util and orders (pure leaves) usable from anywhere, and the log reached by the engine.
// `npm run lint:deps` (scripts/lint-deps.ts) checks them and `npm run lint` runs it, so CI fails on
// a broken arrow; test/docs/arrows.test.ts keeps the rules from silently stopping working.
//
// Paths are matched without their extension: the check cruises a JavaScript copy of src/.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle makes a layer depend on itself through others: no circle anywhere in src.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'kit-is-a-leaf',
      severity: 'error',
      comment:
        'The kit serves every game and knows none of them nor the judge: it imports only itself, the ' +
        'contract (dice, audiences) and the pure leaves util and orders (the shared order-script reader).',
      from: { path: '^src/games/kit/' },
      to: { path: '^src/', pathNot: ['^src/games/kit/', '^src/games/contract[.]', '^src/util/', '^src/orders/'] },
    },
    {
      name: 'games-see-only-contract-and-kit',
      severity: 'error',
      comment:
        'A game imports only itself, the kit, the contract and the pure leaves util and orders: never the ' +
        'engine, the log, mail, reports, the registry or another game.',
      from: { path: '^src/games/([^/]+)/', pathNot: '^src/games/kit/' },
      to: {
        path: '^src/',
        pathNot: ['^src/games/$1/', '^src/games/kit/', '^src/games/contract[.]', '^src/util/', '^src/orders/'],
      },
    },
    {
      name: 'contract-is-a-leaf',
      severity: 'error',
      comment: 'The contract is what engine and games agree on; it imports nothing of either.',
      from: { path: '^src/games/contract[.]' },
      to: { path: '^src/', pathNot: ['^src/games/contract[.]', '^src/util/', '^src/orders/'] },
    },
    {
      name: 'registry-only-from-composition-root',
      severity: 'error',
      comment:
        'Only the composition root (src/cli) names the games: the engine is given the registry ' +
        '(JudgeOptions.registry), so it never imports src/games/index.ts.',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: '^src/games/index[.]' },
    },
    {
      name: 'engine-sees-games-through-contract',
      severity: 'error',
      comment: 'The engine knows a game only through the contract: no game folder, no kit.',
      from: { path: '^src/engine/' },
      to: { path: '^src/games/', pathNot: '^src/games/contract[.]' },
    },
    {
      name: 'engine-below-drivers',
      severity: 'error',
      comment:
        'The drivers (cli, mail, the tick in schedule, reader copies and archives in reports) call the ' +
        'engine, never the other way round. The engine renders letters in the transaction that records ' +
        'their cause, with the template renderer src/reports/render.ts, a leaf of its own (next rule).',
      from: { path: '^src/engine/' },
      to: { path: '^src/(mail|cli|schedule|reports|web)/', pathNot: '^src/reports/render[.]' },
    },
    {
      name: 'renderer-is-a-leaf',
      severity: 'error',
      comment: 'The template renderer the engine uses imports only util, so it leads back to no driver.',
      from: { path: '^src/reports/render[.]' },
      to: { path: '^src/', pathNot: ['^src/reports/render[.]', '^src/util/'] },
    },
    {
      name: 'schedule-below-mail-and-cli',
      severity: 'error',
      comment: 'The tick drives the engine; it never calls mail or the command line.',
      from: { path: '^src/schedule/' },
      to: { path: '^src/(mail|cli|web)/' },
    },
    {
      name: 'reports-below-drivers',
      severity: 'error',
      comment: 'Reports are made from what the engine gives; they never call mail, the tick or the command line.',
      from: { path: '^src/reports/' },
      to: { path: '^src/(mail|cli|schedule|web)/' },
    },
    {
      name: 'reports-hold-no-keys',
      severity: 'error',
      comment:
        "A reader's copy is made from what the engine gives through its reader port " +
        '(src/engine/readerSource.ts: folds, report models, a key scrubber): reports never derive a key, ' +
        'read the server secret or reach the judge behind the port.',
      from: { path: '^src/reports/' },
      to: { path: '^src/engine/(keys|secret|judge|judgeContext)[.]' },
    },
    {
      name: 'web-reads-the-reader-port',
      comment:
        'The game pages are made from what the engine gives readers (src/engine/readerSource.ts: PageSource) ' +
        'and the report code: never a key, a page token, the server secret or the judge behind the port, ' +
        'and never mail, the tick or the command line.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/((mail|cli|schedule)/|engine/(keys|secret|judge|judgeContext|viewTokens)[.])' },
    },
    {
      name: 'log-knows-no-judge',
      severity: 'error',
      comment: 'The log knows streams and events, not games, mail or the engine: it imports only util.',
      from: { path: '^src/log/' },
      to: { path: '^src/', pathNot: ['^src/log/', '^src/util/'] },
    },
    {
      name: 'leaves-import-nothing',
      severity: 'error',
      comment: 'util and orders are used by every layer, so they import no other part of src.',
      from: { path: '^src/(util|orders)/' },
      to: { path: '^src/', pathNot: '^src/$1/' },
    },
    {
      name: 'log-only-through-engine',
      severity: 'error',
      comment:
        'Mail, the tick, reports and the command line reach the log only through the engine: mail by ' +
        "the engine's mail port (src/engine/mailStore.ts), the composition root by its database port " +
        '(src/engine/database.ts), which name the repository functions and log modules they may use.',
      from: { path: '^src/(mail|cli|schedule|reports|web)/' },
      to: { path: '^src/log/' },
    },
    {
      name: 'no-test-code-in-src',
      severity: 'error',
      comment: 'What ships never imports the tests or their helpers.',
      from: { path: '^src/' },
      to: { path: '^test/' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'A relative import that resolves to nothing is one the rules above could not judge.',
      from: { path: '^src/' },
      to: { couldNotResolve: true, path: '^[.]' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|[.]tmp)' },
  },
}
