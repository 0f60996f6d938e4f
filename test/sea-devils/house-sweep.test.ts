// Fifty seeded games of Sea Devils between two house players, every house mail through the judge's
// intake to the end of the game (test/helpers/houseSweep.ts).
import { houseSweep } from '../helpers/houseSweep.ts'

houseSweep('sea-devils', 'Sea Devils (Weak Beginning, 12.1)', false)
