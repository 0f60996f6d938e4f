// The two sides of every River and Coastal battle; the rules speak of them as USA and CSA.
export type Side = 'USA' | 'CSA'
export const SIDES: readonly Side[] = ['USA', 'CSA']
