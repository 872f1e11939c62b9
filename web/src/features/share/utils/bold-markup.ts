// Step texts' `**bold**` markup is read by the player and by exports alike: one definition in shared.
export { plainText, splitBold, type TextRun } from '#shared/step-markup';
