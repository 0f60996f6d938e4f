// Fifty seeded games of Rebel Raiders between two house players, every house mail through the judge's
// intake to the end of the game (test/helpers/houseSweep.ts).
import { houseSweep } from '../helpers/houseSweep.ts'

houseSweep('rebel-raiders', 'Rebel Raiders (1861, 16.1)', true)
