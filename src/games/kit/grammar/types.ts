// The shape of a game's order grammar: each order form is declared once, with its words, its typed
// parts, a summary and an example, and the parser, the echo, HELP and the order form's comments are
// all derived from that one declaration (parse.ts, echo.ts, help.ts).

/** What a part of an order reads into: a word, an id, a number, a flag, a list, or a nested order. */
export type Value = string | number | boolean | Value[] | Order

/** One order as read: the form's name and the values of its named parts. */
export interface Order {
  form: string
  args: Record<string, Value>
}

/** A part that is a single token, and may stand in a repeated list. */
export type TokenPart =
  /** A fixed word or sign (`IN`, `=`, `:`); `optional` ones are read when present and always echoed. */
  | { kind: 'literal'; word: string; optional?: boolean }
  /** One word of a fixed list, read in any case; the value is the word as listed. */
  | { kind: 'enum'; name: string; words: readonly string[]; label?: string }
  /** A name from a game-provided vocabulary (a ship, an area); the value is the vocabulary's id. */
  | { kind: 'id'; name: string; vocab: string; label?: string; maxWords?: number }
  /**
   * A whole number within a range; `syntax` replaces how HELP writes it when the range is only a
   * guard (the game checks the number against the position and says the legal range itself).
   */
  | { kind: 'int'; name: string; min: number; max: number; label?: string; syntax?: string }
  /** A number within a range, with at most `places` decimals (a distance: `2.5`); `syntax` as for `int`. */
  | { kind: 'decimal'; name: string; min: number; max: number; places: number; label?: string; syntax?: string }
  /** A new name the order gives (a squadron's), one token matching the pattern; read upper case. */
  | { kind: 'name'; name: string; pattern: RegExp; label?: string; examples: readonly string[] }
  /**
   * One token of typed pieces joined by fixed characters (`crew@1`, `crew=JOB:part`): the
   * pieces are literals (the joins) and single-token parts other than compounds; the first `required`
   * pieces must be there, the rest (starting with a join) are there together or not at all. The
   * value is an order named after the part, its args the values of the named pieces. The grammar's
   * signs must leave the joins out, so the token is not split.
   */
  | { kind: 'compound'; name: string; pieces: Piece[]; required?: number; label?: string }

/** A piece of a compound token: a join, or a typed piece. */
export type Piece = Exclude<TokenPart, { kind: 'compound' }>

export type Part =
  | TokenPart
  /** A word that is there or not; the value is true or false. */
  | { kind: 'flag'; name: string; word: string }
  /**
   * A group of parts read together or not at all; it starts with a literal or an enum. `syntax`
   * replaces how HELP writes it ('' for a group another part's syntax already shows).
   */
  | { kind: 'optional'; parts: Part[]; syntax?: string }
  /**
   * Tokens, each one of `items`, separated by spaces or by a sign of the grammar (`,` may be left
   * out when reading, `>` between the spaces of a path may not); `syntax` replaces how HELP writes
   * the list when the items' alternatives say it badly.
   */
  | { kind: 'repeat'; name: string; items: TokenPart[]; min: number; sep: string; label: string; syntax?: string }
  /**
   * Nested orders separated by a sign, `,` unless said (a ship's activities in order), each one of
   * `forms`; `one`: a single nested order taking the rest of the line (a standing order's kind).
   */
  | { kind: 'forms'; name: string; forms: OrderForm[]; noun: string; nouns: string; sep?: string; one?: boolean }
  /** The rest of the line as written (a standing order read by its own grammar); `syntax` for HELP. */
  | { kind: 'text'; name: string; label: string; syntax?: string }

export interface OrderForm {
  /** The value of `Order.form`. */
  name: string
  /** The words the order starts with (`['MOVE']`); none for a form led by its first part (`<ship>: ...`). */
  words: string[]
  parts: Part[]
  /** What the order does, for HELP and the order form, with its rule number. */
  summary: string
  /** A line the parser takes in a plain situation; HELP and the order form show it. */
  example: string
}

export interface Grammar {
  /** What one line is called in errors: "order", "activity". */
  noun: string
  /** The plural, for the list of forms: "orders", "activities". */
  nouns: string
  forms: OrderForm[]
  /** Single characters that stand as tokens of their own; `:`, `,` and `=` unless said. */
  signs?: readonly string[]
}

/** Names a game provides for `id` parts: what each written name means, and what to suggest. */
export interface Vocabulary {
  /** The id a written name stands for (any alias, any case), or null. */
  resolve(written: string): string | null
  /** Every id, as the echo writes it (for suggestions and generated orders). */
  ids(): readonly string[]
  /** Why a name is refused, with a suggestion; without it, "unknown <label> X, did you mean ...". */
  unknown?(written: string): { message: string; suggestion?: string }
}

export type Vocabularies = Readonly<Record<string, Vocabulary>>

export interface GrammarError {
  message: string
  suggestion?: string
}

export type LineReading = { ok: true; order: Order } | { ok: false; error: GrammarError }
