/**
 * Given names and surnames: the seed's cohort lists (people.ts does not export them; a test
 * checks the demo's cohort names against a seeded database). The large university draws from
 * the same lists.
 */

export const FIRST_NAMES: readonly string[] = [
  'Olivia', 'Jack', 'Isla', 'Harry', 'Ava', 'Oscar', 'Mia', 'George', 'Freya', 'Leo', 'Zara', 'Arjun',
  'Chloe', 'Kai', 'Maya', 'Ethan', 'Grace', 'Yusuf', 'Ellie', 'Tomás', 'Hannah', 'Kwame', 'Ruby', 'Finn',
];

export const SURNAMES: readonly string[] = [
  'Smith', 'Jones', 'Williams', 'Brown', 'Taylor', 'Davies', 'Evans', 'Wilson', 'Thomas', 'Roberts',
  'Khan', 'Ahmed', 'Nowak', 'Murphy', "O'Brien", 'Campbell', 'Hughes', 'Singh', 'Mensah', 'Kowalski',
];
