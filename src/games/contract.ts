// The ruleset contract. Rulesets import only this file, the orders helpers,
// their own data and pure utilities; the engine adapts the log, the dice and the mail to it.

/** Who may read a narrative entry or a view. `public` = every reader including observers. */
export type Audience = { kind: 'public' } | { kind: 'roles'; roles: string[] } | { kind: 'moderator' }

export const PUBLIC: Audience = { kind: 'public' }
export const MODERATOR: Audience = { kind: 'moderator' }
export const onlyRoles = (...roles: string[]): Audience => ({ kind: 'roles', roles })

export type Viewer = { kind: 'role'; role: string } | { kind: 'observer' } | { kind: 'moderator' }

export function canSee(viewer: Viewer, audience: Audience): boolean {
  if (viewer.kind === 'moderator') return true
  if (audience.kind === 'public') return true
  if (audience.kind === 'moderator') return false
  return viewer.kind === 'role' && audience.roles.includes(viewer.role)
}

export interface NarrativeEntry {
  audience: Audience
  /** Rule number(s) the entry applies, e.g. "6.11". */
  rule?: string
  text: string
  /** Dice roll indexes (within the adjudication point) that decided this entry. */
  rolls?: number[]
  /** Hidden draws (their own numbering within the point) that decided this entry. */
  hiddenRolls?: number[]
  /** Where it happened and what to draw there on the reader's map. */
  at?: string
  mark?: 'raid' | 'combat' | 'spot' | 'blockade' | 'loss'
}

/**
 * A picture for one reader, drawn by the game as SVG text from what that reader may see;
 * the engine rasterises it and attaches it to the reader's report, the first one shown inline.
 */
export interface Figure {
  /** A short file-name stem: "map", "board". */
  name: string
  title: string
  svg: string
}

/** One die roll as the engine recorded it; values come from the verifiable dice only. */
export interface RollRecord {
  index: number
  label: string
  sides: number
  value: number
  /** Who may learn this roll (the audience of the event it decides). */
  audience: Audience
}

/** A roll and where it is recorded: `hidden` draws are numbered apart from the published rolls. */
export interface DrawnRoll {
  value: number
  index: number
  hidden: boolean
}

/**
 * The only source of randomness a ruleset may use. A roll whose audience is not public is a hidden
 * draw: it comes from a secret revealed only when the game ends, so players outside its audience
 * cannot recompute it (or count it) from the secret a report publishes.
 */
export interface Dice {
  roll(label: string, sides: number, audience: Audience): number
  /** The same roll, with the index a narrative entry cites (`rolls` or `hiddenRolls`). */
  draw(label: string, sides: number, audience: Audience): DrawnRoll
}

export interface ScenarioInfo {
  id: string
  title: string
  turns: string
  summary: string
}

export type Options = Record<string, string | number | boolean>

/** One of a game's own options, set when a game is created (`pbem game create --option name=value`). */
export interface GameOptionInfo {
  name: string
  /** What the value may be, in the moderator's words: "on or off", "ship ids, comma-separated". */
  values: string
  /** The whole list of values, when it is one; the CLI refuses anything else before the game is set up. */
  choices?: readonly string[]
  summary: string
}

/** A data pack as loaded by the engine: the parsed content and the hash that fixes it in the log. */
export interface DataPack<D = unknown> {
  id: string
  hash: string
  content: D
}

export interface DecisionOption {
  id: string
  label: string
}

/**
 * A question the rules put to one player. Fixed options are answered by an option id; a `text`
 * question by a free answer in the game's own syntax (`PLAY 15 ON IC-1`), which the game checks
 * with `parseAnswer` and normalises (its options are then examples). The question mail shows
 * `situation`: what this player may see of the position, written by the game for this role only.
 */
export interface Question {
  decisionId: string
  role: string
  question: string
  options: DecisionOption[]
  /** Applied when no answer comes in time: an option id, or a free answer the game accepts. */
  defaultOption: string
  answer?: 'option' | 'text'
  /** The form of a free answer, shown in the question mail: "PLAY <card> ON <ship>". */
  form?: string
  /** What the deciding player may see of the situation (a hand, the battle so far), in lines. */
  situation?: string[]
  /** Game data kept with the question (legal answers, the cards in hand) for `parseAnswer`. */
  context?: Record<string, unknown>
}

/**
 * What the rules wait for next. `phase` names the kind of phase the input belongs to (e.g.
 * 'deployment', 'activity'): a game's schedule gives each phase kind its own deadline rule.
 * Optional orders are never late; with `holdsDeadline` they still keep early processing waiting
 * until they are in (a reaction script the other side may send) or the deadline passes. A
 * `decision` is a question between resolutions: its answer is an input of the next resolution,
 * like orders, and the same mail may carry both.
 */
export type Awaited =
  | { kind: 'orders'; role: string; label: string; optional?: boolean; holdsDeadline?: boolean; phase?: string }
  | ({ kind: 'decision'; phase?: string } & Question)

export interface LineError {
  line: number
  text: string
  message: string
  suggestion?: string
}

export interface Parsed<O> {
  commands: O[]
  /** Each accepted line restated as the judge understood it. */
  normalised: string[]
  errors: LineError[]
  warnings: LineError[]
}

export interface Input<O> {
  /** Accepted orders per role for this adjudication point (missing role = no orders sent). */
  orders: Record<string, O[]>
  /** Answers (or defaults) to the questions of this point, by decision id: between and during resolution. */
  decisions: Record<string, string>
}

/** A question met during a resolution (no standing order answered it), with what was applied. */
export interface DecisionRequest extends Question {
  /**
   * How many of the step's narrative entries came before the question: the question mail shows the
   * decider those he may see (what came after was resolved with the default, and must not show).
   * Without it nothing of the resolution so far is shown.
   */
  narrativeBefore?: number
  /** The answer that was applied (the player's, or the default when none came). */
  applied: string
  byDefault: boolean
}

export interface Step<S> {
  state: S
  narrative: NarrativeEntry[]
  /** Decisions no standing order covered; each carries what was applied. */
  decisions: DecisionRequest[]
  /** A short public label of what was resolved, in the game's terms (a turn and a phase). */
  label: string
  finished: boolean
}

/** A finished game's result in the game's own words, with what a scoreboard needs. */
export interface GameOutcome {
  /** One line for every reader: the victory level and margin in the game's own terms. */
  summary: string
  /** The winning role, if any (null: a draw or no winner). */
  winner?: string | null
  /** Points per role, when the game counts them. */
  scores?: Record<string, number>
  /** The game's own terms (victory level, margin): kept in GameFinished as they are. */
  details?: Record<string, string | number | boolean>
}

/** A redacted picture of the state for one reader; only what that reader may know. */
export type View = Record<string, unknown>

/** How strongly a house player plays: `cautious` keeps what it has; `standard` plays to win. */
export type HouseLevel = 'cautious' | 'standard'
export const HOUSE_LEVELS: readonly HouseLevel[] = ['cautious', 'standard']

/**
 * The only source of choice a house player may use: drawn by the engine from the game's committed
 * secret material, keyed by game, role, point and a counter, so its play replays exactly and can be
 * checked once the game is over.
 */
export interface Choice {
  /** A whole number from 0 to n - 1. */
  below(n: number, label: string): number
}

/**
 * The judge sitting at one side. It is given only that side's view (`view(state, { kind: 'role', role })`,
 * what its reports are built from), never the state, and writes what a person at that side would
 * write: the order mail's text in the game's own grammar, or the answer to a question put to it.
 */
export interface HousePlayer {
  orders(view: View, role: string, level: HouseLevel, choice: Choice): string
  answer(view: View, question: Question, level: HouseLevel, choice: Choice): string
}

export interface Ruleset<S, O> {
  id: string
  title: string
  version: string
  /** The roles of a game; the default list when `rolesFor` is absent or a game's own when present. */
  roles: readonly string[]
  /**
   * The roles of one game when they depend on its scenario and options: the
   * players a new game is created with must match these. It may throw to refuse a bad option.
   */
  rolesFor?(scenario: string, options: Options): readonly string[]
  scenarios: readonly ScenarioInfo[]
  /** The game's own options (none when absent); `setup` still checks the values it is given. */
  gameOptions?: readonly GameOptionInfo[]
  /**
   * How many questions one resolution may put to one player before the rest take their defaults at
   * once; 'unlimited' for a game (a solitaire one) whose player is asked at every step by design.
   * Without it the schedule's cap (maxAsks) holds.
   */
  questionsPerResolution?: number | 'unlimited'
  /** The phase kinds `awaiting` may name, for schedules (optional; 'decision' is always known). */
  phaseKinds?: readonly string[]
  /** `hidden` draws face-down values (a shuffled deck, hidden counters) from a secret revealed only at the end. */
  setup(scenario: string, options: Options, pack: DataPack, hidden: Dice): S
  awaiting(state: S): Awaited[]
  parseOrders(state: S, role: string, text: string): Parsed<O>
  /** The order syntax a role writes now, a few lines for the HELP a keyed player asks for (optional). */
  orderHelp?(state: S, role: string): string[]
  /**
   * Checks a free answer to a `text` question and returns it as the rules will read it (or why it
   * is refused, which the player is told). `state` is the state before the open point. Without
   * it, a free answer is taken as written, spaces collapsed.
   */
  parseAnswer?(state: S, question: Question, text: string): { answer: string } | { error: string }
  resolve(state: S, input: Input<O>, dice: Dice): Step<S>
  view(state: S, viewer: Viewer): View
  /** Game turn number shown to players for the point that `awaiting` describes. */
  turnOf(state: S): number
  /** How a turn number reads in the game's own terms (a game turn, a season, a mission); the engine shows this. */
  turnLabel(turn: number): string
  /** The result once the game is over (null while it runs): what the engine reports and records in GameFinished. */
  outcome(state: S): GameOutcome | null
  /** What the report template needs for this reader, built from the view. */
  reportModel(state: S, viewer: Viewer): Record<string, unknown>
  /**
   * A key that never changes during a game (the map's areas by code and name), in lines: the engine
   * sends it once, with the opening report, and again to a player who writes HELP MAP (optional).
   */
  mapKey?(state: S): string[]
  /**
   * The reader's pictures (a map, a board); `seen` is the narrative this reader was shown for the
   * resolutions reported; `stamp` the game and the time of the report, for a picture's title.
   */
  figures?(state: S, viewer: Viewer, seen: NarrativeEntry[], stamp?: FigureStamp): Figure[]
  /** The game's house player, when it has one: `pbem game create --player <role>=house:<level>`. */
  house?: HousePlayer
}

/**
 * A game's demonstration: what `pbem serve` creates on an empty judge (with an example order mail)
 * and what `pbem demo` plays from sample order mails. The engine names no game; it asks the default
 * game for this.
 */
/** What the engine tells a picture of its report: the game's id and the report's time ("2026-03-02 12:00 UTC"). */
export interface FigureStamp {
  game: string
  at: string
}

export interface GameDemo {
  /** Shown when the demo game is created: the game, the scenario and its length. */
  title: string
  scenario: string
  players: { role: string; address: string; name: string }[]
  /** The game `pbem demo` plays. */
  gameId: string
  /** The game `pbem serve` creates on an empty judge. */
  serveGameId: string
  /** The role and order lines of the example order mail `pbem serve` prints. */
  example: { role: string; lines: string[] }
  /** The folder of sample order mails `pbem demo` plays: p<point>-<anything>.eml, by name. */
  mails: string
  /** Pins the demo's dice, so that every run (and the recorded mails) is the same. */
  seed: string
  deadlineHours?: number
  /** A long game's demo stops after this many resolutions, saying what the game awaits next. */
  resolutions?: number
}

/** How the engine obtains a ruleset bound to one game's data pack. */
/**
 * The games a judge runs, by id (it throws on an id it does not know). The composition root (src/cli)
 * hands the registry (src/games/index.ts) to the engine, which never imports it.
 */
export type GameRegistry = (id: string) => RulesetFactory

export interface RulesetFactory {
  id: string
  title: string
  defaultPack(): DataPack
  loadPack(raw: unknown): DataPack
  create(pack: DataPack): Ruleset<any, any>
  /** The game's own handlebars templates (report and status parts); absent ones come from templates/common. */
  templates?: string
  demo?: GameDemo
}
