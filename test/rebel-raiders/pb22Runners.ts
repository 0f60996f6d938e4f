// PB 22's "Movement Log of Blockade Runners" (the Confederate August 1862 move, after #94), rebuilt
// from the garbled table of our copy of the play book: each runner's start and cargo (the example's
// set-up list), path, the Union dice and its own, its end and the cargo it lands. The pieces are
// matched by the map pack, the Union ships as the April move left them and the movement points the
// log states. Used by extended-example-runners.test.ts; the rows not replayed are said there.
//
// The reconstruction, west to east as the log moves them (MP: the book's count, then the map pack's
// when it differs; "no roll": the Union die cannot beat the runner's 1 + 2, 7.78):
//
// | runner     | start, cargo    | path and encounters                                               | dice (Union; runner)          | end, MP                      | lands | confidence |
// |------------|-----------------|-------------------------------------------------------------------|-------------------------------|------------------------------|-------|------------|
// | BR-8       | Vera Cruz, 1    | South America, West Gulf (2 sloops), Galveston, unload, West Gulf | in 6, 3; 5+2. out 5, 5; 1+2   | sunk in the West Gulf, 7     | 1     | certain    |
// | BR-16      | Mobile, none    | East Gulf (sloop), the Keys, Cuban Coast, Havana, load, to S. Am. | 6; 4+2 (tie)                  | South America, 8             | 0     | likely     |
// | BR-15      | Pensacola, 1    | unload, East Gulf, the Keys, Key West station (2 gunboats, one   | 3, no roll; stack 5+1; 6+2;   | the Keys, 8                  | 1     | likely (c) |
// |            |                 | die), port, station again, the Keys                               | stack 4+1; 5+2                |                              |       |            |
// | BR-6       | Havana, 1       | Cuban Coast, the Keys, East Gulf (sloop) for Mobile               | 6; 2+2                        | sunk with its cargo, 4 (3)   | 0     | likely (c) |
// | BR-5       | Nassau, none    | load, Bahamas, Cuban Coast, the Keys, East Gulf at 5 MP, Mobile   | 6; 5+2                        | Mobile, unloaded, 8          | 1     | likely (b) |
// | BR-9       | Brazil, 1       | loads #94's marker, to South America                              | none                          | S. America with two, 7 (4)   | 0     | likely     |
// | BR-14      | Savannah, 2     | unload, station (gunboat), South Atlantic, Hatteras, for Ponta    | 2, no roll; 3, no roll; 5;    | book: Mid-Atlantic with two, | 2     | likely     |
// |            |                 | Delgado, loads two                                                | 6+2                           | 8 (pack: Ponta Delgado, 8)   |       |            |
// | BR-12      | Wilmington, 2   | unload, Hatteras, North Atlantic, Channel, France & England, load | 5; 4+2 (which Hatteras die is | book: North Atlantic, 8      | 2     | likely     |
// |            |                 |                                                                   | whose: not certain)           | (pack: the Channel, 8)       |       |            |
// | BR-11      | New Berne, none | Hatteras, North Atlantic, Channel, France & England, load, back   | 2, no roll                    | North Atlantic, 8            | 0     | likely     |
// | BR-3       | Ponta Delgado   | loads two (a free marker and #94's), Azores, Mid-Atlantic         | none                          | Mid-Atlantic, 3              | 0     | likely     |
// | BR-2       | Spain, none     | loads 2 VP, to the Caribbean                                      | none                          | Caribbean, 8 (6)             | 0     | likely     |
// | BR-1       | France & E., 2  | Channel, North Atlantic, Hatteras, New Berne, unload              | 2, no roll                    | New Berne, 6                 | 2     | likely (a) |
// | BR-10      | Africa, 1       | loads #94's marker and stays                                      | none                          | Africa with two              | 0     | certain    |
// | BR-13, BR-4, BR-7 | Charleston, Bermuda, West Indies, none | not placed: the log's rows left for them land 2 VP in Charleston (twice) and in Wilmington after 7 MP, which no empty runner of the example's set-up can do (ruling RR-S64) |
//
// (a) The table's last row, as France & England lies furthest east; it is the only runner of the
//     set-up loaded in Europe, so it alone could make one of the log's four landings of 2 VP in the
//     Carolinas, and New Berne's 6 MP is the one the map pack counts alike.
// (b) Nassau's runner starts empty, and the only East Gulf evasion "at 5 MP" and the landing in
//     Mobile "(8 MPs)" both fit a load in Nassau and the route by the Bahamas, Cuba and the Keys.
// (c) Two rows meet the East Gulf sloop's 6 or Key West: a loaded runner sunk there, and one that
//     runs Key West in and out to end in the Keys after 8 MP. Havana's loaded runner fits the first;
//     Pensacola's, empty once it lands at the start, fits the second to the movement point.
//
// #94 is played for three markers a port: three in Brazil and Africa, the last two of the thirteen in
// Ponta Delgado (PB 22: "all thirteen 1-Cargo markers are now on the map").

/** The Union's interception choice the log shows at Key West: the two gunboats roll one die, +1 (7.78). */
export const UNION_STANDING = 'INTERCEPT STACK AT KWST.BS'

/** The runner moves, in the log's order; #94 first. */
export const RUNNER_MOVES = [
  'PLAY 94 AT 3',
  'MOVE BR-8 VERA > SAMR > WGLF > GALV.BS > GALV > UNLOAD > GALV.BS > WGLF',
  'MOVE BR-16 MOBL > MOBL.BS > EGLF > KEYS > CUBA > HAVA > LOAD > CUBA > SAMR',
  'MOVE BR-15 PENS > UNLOAD > PENS.BS > EGLF > KEYS > KWST.BS > KWST > KWST.BS > KEYS',
  'MOVE BR-6 HAVA > CUBA > KEYS > EGLF > MOBL.BS > MOBL > UNLOAD',
  'MOVE BR-5 NASS > LOAD > BAHA > CUBA > KEYS > EGLF > MOBL.BS > MOBL > UNLOAD',
  'MOVE BR-9 BRAZ > LOAD > BRCO > CUBA > SAMR',
  'MOVE BR-14 SAVA > UNLOAD > SAVA.BS > SATL > HATT > NATL > AZOR > PDEL > LOAD',
  'MOVE BR-12 WILM > UNLOAD > WILM.BS > HATT > NATL > CHAN > FREN > LOAD > CHAN',
  'MOVE BR-11 NBRN > NBRN.BS > HATT > NATL > CHAN > FREN > LOAD > CHAN > NATL',
  'MOVE BR-3 PDEL > LOAD > AZOR > MATL',
  'MOVE BR-2 SPAI > LOAD > BISC > CANA > AFRW > BRCO > CARI',
  'MOVE BR-1 FREN > CHAN > NATL > HATT > NBRN.BS > NBRN > UNLOAD',
  'MOVE BR-10 AFRI > LOAD',
].join('\n')

/** The log's dice by label (the Union's first, then the runner's when it must roll), and the supply's 6. */
export const RUNNER_DICE = [
  // Vera Cruz: the West Gulf's two sloops 6 and 3 coming in, 5 and 5 going out; the runner 5, then 1.
  { label: 'search for BR-8 by SL-2', values: [6, 5] },
  { label: 'search for BR-8 by SL-8', values: [3, 5] },
  { label: 'speed of BR-8', values: [5, 1] },
  // Mobile, Havana and Nassau past the East Gulf sloop's 6: 4 (a tie, the runner's), 2, 5.
  { label: 'search for BR-16 by SL-13', values: [6] },
  { label: 'speed of BR-16', values: [4] },
  { label: 'search for BR-6 by SL-13', values: [6] },
  { label: 'speed of BR-6', values: [2] },
  { label: 'search for BR-5 by SL-13', values: [6] },
  { label: 'speed of BR-5', values: [5] },
  // Pensacola: the sloop's 3 needs no roll; Key West's stack 5+1 then 4+1 against 6+2 and 5+2.
  { label: 'search for BR-15 by SL-13', values: [3] },
  { label: 'search for BR-15 by the stack', values: [5, 4] },
  { label: 'speed of BR-15', values: [6, 5] },
  // Savannah: the station's gunboat 2 and the South Atlantic's 3 need no roll; Hatteras' 5 against 6+2.
  { label: 'search for BR-14 by GB-12', values: [2] },
  { label: 'search for BR-14 by SL-10', values: [3] },
  { label: 'search for BR-14 by SL-9', values: [5] },
  { label: 'speed of BR-14', values: [6] },
  // The two Carolina runners for France & England: Hatteras' 5 against 4+2, and a 2 needing no roll.
  { label: 'search for BR-12 by SL-9', values: [5] },
  { label: 'speed of BR-12', values: [4] },
  { label: 'search for BR-11 by SL-9', values: [2] },
  // France & England to New Berne: Hatteras' 2, no roll.
  { label: 'search for BR-1 by SL-9', values: [2] },
  { label: 'supply die 1', values: [6] },
]
