// Fifty seeded games of River and Coastal between two house players, every house mail through the judge's
// intake to the end of the game (test/helpers/houseSweep.ts).
import { houseSweep } from '../helpers/houseSweep.ts'

houseSweep('river-coastal', 'River and Coastal (Passing the Fort)', true)
